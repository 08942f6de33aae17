import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script without types
import { withLock } from "./build-if-needed.mjs";

const lockOf = withLock as <T>(lock: string, fn: () => Promise<T>, o?: { staleMs?: number; pollMs?: number }) => Promise<T>;

describe("the build lock", () => {
  const dirs: string[] = [];
  const lockPath = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "build-lock-"));
    dirs.push(dir);
    return path.join(dir, "build.lock");
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it("lets one caller build at a time and frees the lock after, also when the build throws", async () => {
    const lock = lockPath();
    const events: string[] = [];
    const build = (name: string) => async () => {
      events.push(`${name} start`);
      await new Promise((r) => setTimeout(r, 50));
      events.push(`${name} end`);
    };
    await Promise.all([lockOf(lock, build("a"), { pollMs: 10 }), lockOf(lock, build("b"), { pollMs: 10 })]);
    expect(events).toEqual(["a start", "a end", "b start", "b end"]);
    expect(existsSync(lock)).toBe(false);
    await expect(lockOf(lock, async () => Promise.reject(new Error("build failed")))).rejects.toThrow("build failed");
    expect(existsSync(lock)).toBe(false);
  });

  it("takes over a lock whose owner has died", async () => {
    const lock = lockPath();
    mkdirSync(lock);
    writeFileSync(path.join(lock, "pid"), "2147483646"); // no such process
    await expect(lockOf(lock, async () => "built", { pollMs: 10 })).resolves.toBe("built");
  });

  it("waits for a living owner", async () => {
    const lock = lockPath();
    mkdirSync(lock);
    writeFileSync(path.join(lock, "pid"), String(process.pid));
    let done = false;
    const waiting = lockOf(lock, async () => (done = true), { pollMs: 10 });
    await new Promise((r) => setTimeout(r, 100));
    expect(done).toBe(false);
    rmSync(lock, { recursive: true, force: true });
    await waiting;
    expect(done).toBe(true);
  });
});
