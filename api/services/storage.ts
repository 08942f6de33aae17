import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

// Uploaded documents live behind this interface (DESIGN §1: disk now, S3-compatible at scale), under
// random names outside the web root; only the API hands them out.

export interface FileStorage {
  /** Moves a finished temporary file into storage and returns its key. */
  put(tempPath: string): Promise<string>;
  /** Stores bytes (e.g. a merged PDF) and returns the key. */
  putBytes(bytes: Uint8Array): Promise<string>;
  read(key: string): Promise<{ stream: Readable; size: number }>;
  remove(key: string): Promise<void>;
}

const KEY = /^[a-f0-9]{2}\/[a-f0-9]{48}$/;

export function createDiskStorage(root: string): FileStorage {
  const fullPath = (key: string) => {
    if (!KEY.test(key)) throw new Error("invalid storage key");
    return path.join(root, key);
  };
  const newKey = () => {
    const id = randomBytes(24).toString("hex");
    return `${id.slice(0, 2)}/${id}`;
  };
  // Written to a temporary name, flushed, then renamed: a crash never leaves a half file under a key.
  const commit = async (write: (tmp: string) => Promise<void>) => {
    const key = newKey();
    const dest = fullPath(key);
    await mkdir(path.dirname(dest), { recursive: true });
    const tmp = `${dest}.tmp`;
    await write(tmp);
    const fh = await open(tmp, "r+");
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, dest);
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
