import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { startApi } from "../../index";
import { TEST_API_KEY, TEST_JWT_SECRET } from "../../test/helpers";
import { createDiskStorage, sweepTemporaryFiles, temporaryFileName, TEMPORARY_FILE_MAX_AGE_MS } from "./storage";

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

/** This machine as temporary file names spell it. */
const thisHost = () => /\.([^.]+)_\d+_[0-9a-f]{8}$/.exec(temporaryFileName())![1];

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

  it("removes at once, however fresh, what a writer of this machine that has ended left; waits for any other", async () => {
    const root = files();
    const host = thisHost();
    const ended = spawnSync(process.execPath, ["-e", ""]).pid; // a process that has exited
    const fresh = 1_000;
    const gone = [
      `tmp/1700000000000-a.${host}_${ended}_0a0b0c0d.part`, // its process is gone
      `tmp/1700000000000-b.${host}_${process.pid}_0a0b0c0d.part`, // this pid, an earlier start (pid 1 in a container)
      `ab/${"ab".repeat(24)}.${host}_${ended}_0a0b0c0d.tmp`, // a store of the ended process
    ];
    const kept = [
      `tmp/${temporaryFileName()}.part`, // an upload of this process, running
      `tmp/1700000000000-c.${host}_${process.ppid}_0a0b0c0d.part`, // a process still running
      `tmp/1700000000000-d.another-host_${ended}_0a0b0c0d.part`, // an instance elsewhere sharing the folder
    ];
    for (const rel of [...gone, ...kept]) put(root, rel, fresh);

    const removed = await sweepTemporaryFiles(root);

    expect(removed.sort()).toEqual(gone.map((p) => path.normalize(p)).sort());
    for (const rel of kept) expect(existsSync(path.join(root, rel))).toBe(true);
  });

  it("a start after a crash removes the parts of uploads the crash cut off, before it serves", async () => {
    const filesDir = files();
    const host = thisHost();
    const crashed = spawnSync(process.execPath, ["-e", ""]).pid;
    put(filesDir, `tmp/1700000000000-a.${host}_${crashed}_0a0b0c0d.part`, 1_000);
    put(filesDir, `tmp/1700000000001-b.${host}_${crashed}_0a0b0c0d.part`, 30_000);
    const api = await startApi({
      inMemory: true,
      filesDir,
      apiKey: TEST_API_KEY,
      jwtSecret: TEST_JWT_SECRET,
      seedDemo: false,
      logger: pino({ level: "silent" }),
    });
    try {
      expect(readdirSync(path.join(filesDir, "tmp"))).toEqual([]);
    } finally {
      await api.close();
    }
  });

  it("answers nothing removed for a store that does not exist yet", async () => {
    expect(await sweepTemporaryFiles(path.join(files(), "missing"))).toEqual([]);
  });
});
