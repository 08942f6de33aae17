import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";

// Static files: the build's hashed assets (precompressed, immutable, with only the headers a script
// or stylesheet needs) and the list of other public files.

/**
 * Serves the brotli or gzip file the build wrote beside each hashed asset (vite.config.ts), so no
 * asset is compressed per request; anything else falls through to express.static.
 */
export function precompressed(dir: string) {
  const variants = new Set(existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".br") || f.endsWith(".gz")) : []);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (name.includes("/") || name.includes("..")) return next();
    const accepts = req.get("accept-encoding") ?? "";
    const encoding = /\bbr\b/.test(accepts) && variants.has(`${name}.br`) ? "br" : /\bgzip\b/.test(accepts) && variants.has(`${name}.gz`) ? "gzip" : null;
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    res.type(path.extname(name));
    if (name.endsWith(".js")) res.setHeader("Content-Type", SCRIPT_TYPE);
    res.set("Content-Encoding", encoding);
    res.sendFile(`${name}.${encoding === "br" ? "br" : "gz"}`, { root: dir, ...ASSET_FILE_OPTIONS }, (err) => err && next());
  };
}

/**
 * A hashed asset never changes, so it needs no validator (ETag, Last-Modified) and no range support;
 * and a script or stylesheet needs none of a document's headers (framing, referrer, permissions,
 * opener). A page loads 20-odd of them: over HTTP/1.1 every header byte repeats on each.
 */
export const ASSET_FILE_OPTIONS = {
  immutable: true,
  maxAge: "1y",
  etag: false,
  lastModified: false,
  acceptRanges: false,
  index: false,
  setHeaders: (res: Response, file: string) => file.endsWith(".js") && res.setHeader("Content-Type", SCRIPT_TYPE),
} as const;

/** RFC 9239's type for scripts; module scripts are always read as UTF-8, so no charset is needed. */
export const SCRIPT_TYPE = "text/javascript";

/** Every file under `dir`, as URL paths ("/favicon.svg"). */
export function listFiles(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(path.join(dir, e.name), `${prefix}/${e.name}`) : [`${prefix}/${e.name}`],
  );
}

export function assetHeaders(production: boolean) {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.set("X-Content-Type-Options", "nosniff");
    if (production) res.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
