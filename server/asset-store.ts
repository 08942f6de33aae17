import { copyFile, link, mkdir, readdir, rename, stat, unlink, utimes } from "node:fs/promises";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import express from "express";
import { ASSET_FILE_OPTIONS, SCRIPT_TYPE } from "./assets";

// Every release's hashed client assets stay served (docs/operations.md "Stopping and updating"): a page
// rendered by release N names N's scripts, and during a rolling update, or after build/ was replaced
// under a running instance, the instance that gets those requests may run N+1, whose build does not hold
// them. Each start adds its build's assets to one store (ASSETS_DIR, shared by every instance as
// DATA_DIR/files is), and an asset the build does not hold is looked up there. A hashed name is its
// content, so the store never holds two files under one name; a release's files stay while an instance
// of it runs (it marks them again every few hours) and ASSETS_KEEP_DAYS after.

export interface PublishResult {
  /** files this build added to the store */
  added: number;
  /** files of older releases removed: not marked by any running release for ASSETS_KEEP_DAYS */
  removed: number;
}

/**
 * Puts the build's assets into the store (each through a temporary name, so another instance never
 * reads half a file), marks each as in use now (its modification time), and removes the files no
 * release has marked for `keepDays`.
 */
export async function publishAssets(buildAssets: string, store: string, keepDays: number, now = new Date()): Promise<PublishResult> {
  await mkdir(store, { recursive: true });
  const mine = new Set(await readdir(buildAssets));
  let added = 0;
  for (const name of mine) {
    const target = path.join(store, name);
    try {
      await utimes(target, now, now);
      continue;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    const temporary = path.join(store, `.${name}.${process.pid}.tmp`);
    // A hard link where the store shares the build's file system (no copy, and it outlives a replaced
    // build/); a copy elsewhere (a shared folder on another disk).
    await link(path.join(buildAssets, name), temporary).catch(() => copyFile(path.join(buildAssets, name), temporary));
    await utimes(temporary, now, now);
    await rename(temporary, target);
    added++;
  }
  let removed = 0;
  const oldest = now.getTime() - keepDays * 86_400_000;
  for (const name of await readdir(store)) {
    if (mine.has(name)) continue;
    const file = path.join(store, name);
    try {
      // a temporary file another instance is writing right now is young: left alone like any other
      if ((await stat(file)).mtimeMs < oldest) {
        await unlink(file);
        removed++;
      }
    } catch {
      // gone already: another instance removed it
    }
  }
  return { added, removed };
}

/**
 * The store's assets, for a request the build's own assets did not answer: the brotli or gzip variant
 * the browser takes when the store has it, else the file, with the headers of the build's assets.
 */
export function storedAssets(store: string) {
  const serveFile = express.static(store, { ...ASSET_FILE_OPTIONS, dotfiles: "ignore" });
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!name || name.includes("/") || name.startsWith(".")) return next();
    const accepts = req.get("accept-encoding") ?? "";
    for (const [encoding, suffix] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      if (!new RegExp(`\\b${encoding}\\b`).test(accepts)) continue;
      const variant = await stat(path.join(store, `${name}${suffix}`)).catch(() => undefined);
      if (!variant?.isFile()) continue;
      res.vary("Accept-Encoding");
      res.type(path.extname(name));
      if (name.endsWith(".js")) res.setHeader("Content-Type", SCRIPT_TYPE);
      res.set("Content-Encoding", encoding);
      res.sendFile(`${name}${suffix}`, { root: store, ...ASSET_FILE_OPTIONS }, (err) => err && next());
      return;
    }
    serveFile(req, res, next);
  };
}
