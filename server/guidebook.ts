import { Readable } from "node:stream";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { ApiFetch } from "../app/utils/api.server";

// GUIDEBOOK_PATH serves the PDF the Admin uploaded on /master-cms when there is one, else the bundled
// file. Both revalidate after 5 minutes, so a new upload shows soon without a deploy.
const CACHE = "public, max-age=300, must-revalidate";
const RELAYED = [
  "content-type",
  "content-length",
  "content-disposition",
  "etag",
  "last-modified",
  "cache-control",
  "x-content-type-options",
  "content-security-policy",
];

export function serveGuidebook(opts: { fetch: ApiFetch; apiBase: string; apiKey: string; bundledFile: string }) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const headers = new Headers({ "x-adaptasiapikey": opts.apiKey });
    for (const name of ["if-none-match", "if-modified-since"]) {
      const value = req.get(name);
      if (value) headers.set(name, value);
    }
    const upstream = await opts.fetch(new Request(`${opts.apiBase.replace(/\/$/, "")}/api/v1/cms/guidebook`, { headers })).catch(() => null);
    if (upstream && (upstream.status === 200 || upstream.status === 304)) {
      res.status(upstream.status);
      for (const name of RELAYED) {
        const value = upstream.headers.get(name);
        if (value) res.set(name, value);
      }
      if (upstream.status === 304 || !upstream.body || req.method === "HEAD") {
        await upstream.body?.cancel();
        return res.end();
      }
      Readable.fromWeb(upstream.body as never).pipe(res);
      return;
    }
    await upstream?.body?.cancel();
    // No upload (404) or the API is unwell: the bundled PDF; send() answers 304 itself.
    const bundled = { "Cache-Control": CACHE, "Content-Type": "application/pdf", "Content-Security-Policy": "sandbox" };
    res.sendFile(opts.bundledFile, { headers: bundled, cacheControl: false, lastModified: true, etag: true }, (err) => {
      if (err) next(err);
    });
  };
}
