import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { markerText, OWNER_MARKER, ownerOf, type StorageMarker } from "./marker";

// Uploaded documents live behind this interface (DESIGN §1), under random names outside the web root;
// only the API hands them out. Two drivers: the disk (below, the embedded default) and S3-compatible
// object storage (s3.ts), chosen by the S3_* settings. Both pass storage.contract.test.ts.

export interface FileStorage {
  /** Moves a finished temporary file into storage and returns its key. */
  put(tempPath: string): Promise<string>;
  /** Stores bytes (e.g. a merged PDF) and returns the key. */
  putBytes(bytes: Uint8Array): Promise<string>;
  /**
   * Stores what a stream gives, without holding it whole, and returns the key. When the stream
   * fails the promise rejects and nothing is left under any key.
   */
  putStream(source: Readable): Promise<string>;
  /** A key that holds nothing rejects with an error whose `code` is "ENOENT" (as a missing file does). */
  read(key: string): Promise<{ stream: Readable; size: number }>;
  /** Removing a key that holds nothing is no error. */
  remove(key: string): Promise<void>;
}

const KEY = /^[a-f0-9]{2}\/[a-f0-9]{48}$/;

/** Every driver's key: a 2-character shard, a slash, 48 random hex characters. */
export function newStorageKey(): string {
  const id = randomBytes(24).toString("hex");
  return `${id.slice(0, 2)}/${id}`;
}

/** Refuses anything but a key newStorageKey could have made (no path tricks reach a driver). */
export function checkStorageKey(key: string): string {
  if (!KEY.test(key)) throw new Error("invalid storage key");
  return key;
}

/** What `read` of a key that holds nothing rejects with in drivers without a file system of their own. */
export function missingKeyError(key: string): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(`ENOENT: no stored file under key ${key}`);
  err.code = "ENOENT";
  return err;
}

export function createDiskStorage(root: string): FileStorage {
  const fullPath = (key: string) => path.join(root, checkStorageKey(key));
  // Written to a temporary name, flushed, then renamed: a crash never leaves a half file under a key,
  // and a failed write takes its temporary file with it.
  const commit = async (write: (tmp: string) => Promise<void>) => {
    const key = newStorageKey();
    const dest = fullPath(key);
    await mkdir(path.dirname(dest), { recursive: true });
    const tmp = `${dest}.${WRITER}.tmp`;
    try {
      await write(tmp);
      const fh = await open(tmp, "r+");
      try {
        await fh.sync();
      } finally {
        await fh.close();
      }
      await rename(tmp, dest);
    } catch (err) {
      await rm(tmp, { force: true }).catch(() => {});
      throw err;
    }
    return key;
  };
  return {
    put: (tempPath) =>
      commit(async (tmp) => {
        try {
          await rename(tempPath, tmp);
        } catch {
          await copyFile(tempPath, tmp); // another file system
          await rm(tempPath, { force: true });
        }
      }),
    putBytes: (bytes) =>
      commit(async (tmp) => {
        const fh = await open(tmp, "wx", 0o600);
        try {
          await fh.writeFile(bytes);
        } finally {
          await fh.close();
        }
      }),
    putStream: (source) => commit((tmp) => pipeline(source, createWriteStream(tmp, { flags: "wx", mode: 0o600 }))),
    async read(key) {
      const p = fullPath(key);
      const { size } = await stat(p);
      return { stream: createReadStream(p), size };
    },
    async remove(key) {
      await rm(fullPath(key), { force: true });
    },
  };
}

/** How old a temporary file must be before a sweep removes it: an upload in progress writes to its file all along. */
export const TEMPORARY_FILE_MAX_AGE_MS = 15 * 60 * 1000;

// Every temporary file names its writer: this machine, this process and this start of it. Several
// instances may share DATA_DIR/files (NFS), so a file is known to be left behind by a crash — and
// removed at once, not after 15 minutes — only when its writer was on this machine and has ended: its
// process is gone, or its pid is now this process's own (a container restarts as pid 1) from an
// earlier start.
const HOST =
  hostname()
    .replace(/[^A-Za-z0-9-]/g, "-")
    .slice(0, 64) || "host";
const START = randomBytes(4).toString("hex");
const WRITER = `${HOST}_${process.pid}_${START}`;
/** The writer, as the last part of a name before its suffix: `….<host>_<pid>_<start>.part` (or `.tmp`). */
const WRITER_IN_NAME = /\.([A-Za-z0-9-]{1,64})_(\d{1,10})_([0-9a-f]{8})\.(?:part|tmp)$/;

/** A name for a temporary file of this process, starting with the time it was made; the caller adds `.part`. */
export function temporaryFileName(): string {
  return `${Date.now()}-${randomBytes(12).toString("hex")}.${WRITER}`;
}

/** True when the file's name says its writer ran on this machine and has ended (see above). */
function writerEnded(name: string): boolean {
  const m = WRITER_IN_NAME.exec(name);
  if (!m || m[1] !== HOST) return false;
  const pid = Number(m[2]);
  if (pid === process.pid) return m[3] !== START;
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ESRCH"; // EPERM: it runs, as another user
  }
}

/**
 * Removes what an interrupted upload leaves under `root` (kill -9 during uploads): `.part`
 * files of the multipart receiver (`tmp/`) and `.tmp` files of a store that did not reach its rename.
 * Neither is ever under a storage key, so nothing serves them; they only take space. A file whose
 * writer has ended (a crash, then this start) goes at once; any other only once it is `maxAgeMs`
 * old, since it may belong to an upload still running (in this process or another instance's).
 * Returns the paths removed, relative to `root`.
 */
export async function sweepTemporaryFiles(root: string, { maxAgeMs = TEMPORARY_FILE_MAX_AGE_MS, now = Date.now() } = {}): Promise<string[]> {
  const removed: string[] = [];
  const sweep = async (dir: string, suffix: string) => {
    const names = await readdir(path.join(root, dir)).catch(() => [] as string[]);
    for (const name of names) {
      if (!name.endsWith(suffix)) continue;
      const rel = path.join(dir, name);
      const info = await stat(path.join(root, rel)).catch(() => null);
      if (!info?.isFile() || (now - info.mtimeMs < maxAgeMs && !writerEnded(name))) continue;
      await rm(path.join(root, rel), { force: true });
      removed.push(rel);
    }
  };
  await sweep("tmp", ".part");
  const shards = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const d of shards) if (d.isDirectory() && /^[a-f0-9]{2}$/.test(d.name)) await sweep(d.name, ".tmp");
  return removed;
}

/** The disk driver's owner marker (api/services/storage/owner.ts): `root/portal-owner.json`. */
export function diskMarker(root: string): StorageMarker {
  const file = path.join(root, OWNER_MARKER);
  return {
    async readOwner() {
      try {
        return ownerOf(await readFile(file, "utf8"));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async writeOwner(publicUrl, by) {
      await mkdir(root, { recursive: true });
      const tmp = `${file}.${WRITER}.tmp`;
      await writeFile(tmp, markerText(publicUrl, by), { mode: 0o644 });
      await rename(tmp, file);
    },
    async isEmpty() {
      const shards = await readdir(root, { withFileTypes: true }).catch(() => []);
      for (const d of shards) {
        if (!d.isDirectory() || !/^[a-f0-9]{2}$/.test(d.name)) continue;
        const names = await readdir(path.join(root, d.name)).catch(() => [] as string[]);
        if (names.some((n) => /^[a-f0-9]{48}$/.test(n))) return false;
      }
      return true;
    },
  };
}
