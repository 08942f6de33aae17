import { EventEmitter } from "node:events";
import { PassThrough, Readable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contain, injectedFault, ListenerFault } from "./contain";

describe("contain", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("hands an exception thrown by any listener to onThrow, and the emit returns", () => {
    const emitter = new EventEmitter();
    const faults: ListenerFault[] = [];
    contain(emitter, (f) => faults.push(f));
    emitter.on("field", () => {
      throw new TypeError("Cannot read properties of undefined (reading 'length')");
    });
    expect(() => emitter.emit("field", undefined)).not.toThrow();
    expect(faults).toHaveLength(1);
    expect(faults[0]).toBeInstanceOf(ListenerFault);
    expect(faults[0]!.event).toBe("field");
    expect(faults[0]!.cause).toBeInstanceOf(TypeError);
  });

  it("contains a throw in a stream's listener dispatched from a later tick, where nothing else would catch it", async () => {
    const source = new PassThrough();
    const fault = new Promise<ListenerFault>((resolve) => contain(source, resolve));
    source.on("data", () => {
      throw new Error("a listener's bug");
    });
    setImmediate(() => source.write("x"));
    expect((await fault).event).toBe("data");
  });

  it("keeps once, off and removeAllListeners as they are, and its undo restores the emitter", () => {
    const emitter = new EventEmitter();
    const release = contain(emitter, () => {});
    const seen: string[] = [];
    const listener = () => seen.push("on");
    emitter.once("a", () => seen.push("once"));
    emitter.on("a", listener);
    emitter.emit("a");
    emitter.off("a", listener);
    emitter.emit("a");
    expect(seen).toEqual(["once", "on"]);
    release();
    expect(Object.prototype.hasOwnProperty.call(emitter, "emit")).toBe(false);
    emitter.on("b", () => {
      throw new Error("no longer contained");
    });
    expect(() => emitter.emit("b")).toThrow("no longer contained");
  });

  it("an injected fault throws once in the named event's dispatch, only under test with TEST_LISTENER_FAULTS", () => {
    const type = "multipart/form-data; boundary=X; x-test-throw-in=limit";
    vi.stubEnv("TEST_LISTENER_FAULTS", "");
    expect(injectedFault(type)).toBeUndefined();
    vi.stubEnv("TEST_LISTENER_FAULTS", "true");
    vi.stubEnv("NODE_ENV", "production");
    expect(injectedFault(type)).toBeUndefined();
    vi.stubEnv("NODE_ENV", "test");
    expect(injectedFault(type)).toBe("limit");
    expect(injectedFault("multipart/form-data; boundary=X")).toBeUndefined();

    const emitter = new EventEmitter();
    const faults: string[] = [];
    contain(emitter, (f) => faults.push(f.event), "limit");
    emitter.emit("partsLimit"); // no listener: nothing to throw in
    emitter.on("partsLimit", () => {});
    emitter.emit("partsLimit");
    emitter.emit("partsLimit");
    expect(faults).toEqual(["partsLimit"]);
  });

  it("routes an 'error' emitted without a listener to onThrow instead of throwing it", () => {
    const stream = new Readable({ read() {} });
    const faults: ListenerFault[] = [];
    contain(stream, (f) => faults.push(f));
    expect(() => stream.emit("error", new Error("socket hang up"))).not.toThrow();
    expect(faults.map((f) => f.event)).toEqual(["error"]);
  });
});
