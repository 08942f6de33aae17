import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createDiskStorage, sweepTemporaryFiles, TEMPORARY_FILE_MAX_AGE_MS } from "./storage";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

function files() {
  const root = mkdtempSync(path.join(tmpdir(), "adaptasi-sweep-"));
  roots.push(root);
  return root;
}

function put(root: string, rel: string, ageMs: number) {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), "x");
  const at = (Date.now() - ageMs) / 1000;
  utimesSync(path.join(root, rel), at, at);
}

describe("sweepTemporaryFiles", () => {
  it("removes the leftovers of interrupted uploads, and nothing a user can be served", async () => {
    const root = files();
    const storage = createDiskStorage(root);
    const key = await storage.putBytes(new Uint8Array([1, 2, 3]));
    const old = TEMPORARY_FILE_MAX_AGE_MS + 60_000;
    put(root, "tmp/1700000000000-abc.part", old); // the receiver's file of a killed upload
    put(root, `${key}.tmp`, old); // a store that never reached its rename
    put(root, "tmp/1700000000001-def.part", 1_000); // an upload still running
    put(root, "ab/notes.txt", old); // not ours to judge
    const stored = path.join(root, key);
    utimesSync(stored, (Date.now() - old) / 1000, (Date.now() - old) / 1000); // an old stored file stays

    const removed = await sweepTemporaryFiles(root);

    expect(removed.sort()).toEqual([`${key}.tmp`, path.join("tmp", "1700000000000-abc.part")].sort());
    expect(existsSync(path.join(root, "tmp/1700000000001-def.part"))).toBe(true);
    expect(existsSync(path.join(root, "ab/notes.txt"))).toBe(true);
    expect(existsSync(stored)).toBe(true);
    const { stream } = await storage.read(key);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect([...Buffer.concat(chunks)]).toEqual([1, 2, 3]);
  });

  it("answers nothing removed for a store that does not exist yet", async () => {
    expect(await sweepTemporaryFiles(path.join(files(), "missing"))).toEqual([]);
  });
});
