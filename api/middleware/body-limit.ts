import type { MiddlewareHandler } from "hono";
import { ApiError } from "../lib/errors";
import type { AppEnv } from "../http/env";

// What a JSON body may cost is bounded before it is parsed. Each endpoint takes at most what its largest
// honest body needs (JSON_BODY_LIMIT, or the endpoint's own below); the Content-Length is checked first,
// and the bytes are counted as they arrive whatever the headers say (chunked, or a body streamed in one
// process), so the reading stops at the first byte over. Then: 413 PAYLOAD_TOO_LARGE with the limit
// (params.limit_kb). A 400 KB array of numbers once cost 1.2–2.7 s and ~65 MB before it was refused.

/** Every JSON body: the largest form of the API (a profile, a facility, an announcement) is under 32 KB. */
export const JSON_BODY_LIMIT = 64 * 1024;

/** Endpoints whose honest bodies are larger: lists of entries with long texts. */
const LARGER_BODIES: ReadonlyArray<{ method: string; path: RegExp; bytes: number }> = [
  // 50 entries of a title, an institution and a 2,000-character description (a character may take 3 bytes)
  { method: "PUT", path: /^\/api\/v1\/applications\/[^/]+\/(portfolio|achievements)$/, bytes: 512 * 1024 },
  // a reason of 500 characters for each of 50 documents, and two notes of 2,000
  { method: "POST", path: /^\/api\/v1\/review\/applications\/[^/]+\/decisions$/, bytes: 256 * 1024 },
];

/** The largest JSON body `method` `path` takes, in bytes. */
export function jsonBodyLimit(method: string, path: string): number {
  return LARGER_BODIES.find((e) => e.method === method && e.path.test(path))?.bytes ?? JSON_BODY_LIMIT;
}

const tooLarge = (limit: number) => new ApiError(413, "PAYLOAD_TOO_LARGE", undefined, {}, undefined, { kind: "json", limit_kb: Math.floor(limit / 1024) });

/** Every body but an upload's, within its endpoint's limit (413 PAYLOAD_TOO_LARGE beyond), read here once. */
export const limitJsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Uploads stream with their own per-document limits (a resumable upload's chunks: its Upload-Length); everything else is small JSON.
  const type = c.req.header("content-type")?.toLowerCase() ?? "";
  if (type.startsWith("multipart/form-data") || type.startsWith("application/offset+octet-stream")) return next();
  const raw = c.req.raw;
  if (!raw.body) return next();
  const limit = jsonBodyLimit(c.req.method, c.req.path);
  const declared = raw.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  // Read by awaiting each piece (no listener to throw in): the first byte over the limit ends the reading.
  // The rest is left unread: the server closes the connection after the answer (server/request-body.ts).
  const reader = raw.body.getReader();
  const pieces: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let piece: ReadableStreamReadResult<Uint8Array>;
    try {
      piece = await reader.read();
    } catch {
      throw new ApiError(400, "MALFORMED_BODY"); // the client went away, or sent a body that cannot be read
    }
    const { done, value } = piece;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.releaseLock();
      throw tooLarge(limit);
    }
    pieces.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    body.set(piece, at);
    at += piece.byteLength;
  }
  c.req.raw = new Request(raw, { body });
  return next();
};
