import { createHash } from "node:crypto";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { writeBody, WRITTEN_FOR } from "./remix-handler";

describe("the adapter it follows", () => {
  it("is the @remix-run/express version and dist/server.js it was written from", () => {
    const require = createRequire(import.meta.url);
    const { version } = require(`${WRITTEN_FOR.package}/package.json`) as { version: string };
    const serverJs = readFileSync(path.join(path.dirname(require.resolve(WRITTEN_FOR.package)), "server.js"));
    expect({ version, serverJs: createHash("sha256").update(serverJs).digest("hex").slice(0, 16) }).toEqual({
      version: WRITTEN_FOR.version,
      serverJs: WRITTEN_FOR.serverJs,
    });
  });
});

describe("writeBody", () => {
  const CHUNK = new Uint8Array(64 * 1024);
  /** A body of `chunks` chunks that counts how many were read from it, and whether it was cancelled. */
  function counted(chunks: number) {
    const state = { pulled: 0, cancelled: false };
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (state.pulled === chunks) return controller.close();
          state.pulled++;
          controller.enqueue(CHUNK);
        },
        cancel() {
          state.cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    return { body, state };
  }
  /** A client that takes a chunk every 2 ms, with room for two chunks. */
  function slowClient() {
    const state = { written: 0 };
    const res = new Writable({
      highWaterMark: 2 * CHUNK.length,
      write(_chunk, _encoding, done) {
        state.written++;
        setTimeout(done, 2);
      },
    });
    return { res, state };
  }

  it("reads the body only as fast as the client takes it: a long export is never held whole", async () => {
    const { body, state } = counted(60);
    const { res, state: client } = slowClient();
    let ahead = 0;
    const watch = setInterval(() => (ahead = Math.max(ahead, state.pulled - client.written)), 1);
    const finished = once(res, "finish");
    await writeBody(body, res as never);
    await finished;
    clearInterval(watch);
    // What the client has not taken yet: its two chunks of room and the one being written.
    expect(ahead).toBeLessThanOrEqual(4);
    expect(client.written).toBe(60);
  });

  it("stops reading, and cancels the body, when the client goes away", async () => {
    const { body, state } = counted(1000);
    const { res } = slowClient();
    const writing = writeBody(body, res as never);
    await new Promise((resolve) => setTimeout(resolve, 20));
    res.destroy();
    await writing;
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(50);
  });
});
