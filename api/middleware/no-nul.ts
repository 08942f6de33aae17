import type { MiddlewareHandler } from "hono";
import { ApiError } from "../lib/errors";
import type { AppEnv } from "../lib/types";

// PostgreSQL cannot store U+0000 in text; a NUL in a field reached the INSERT and answered 500
// (found by the bad-input corpus, issue 8). No field of this API has a use for it, so it is refused
// up front, before anything is written.

const NUL_MESSAGE = "berisi karakter yang tidak diizinkan (NUL)";

function nulPath(value: unknown, path: string[]): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = key.includes("\u0000") ? [...path, key].join(".") : nulPath(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

const refuse = (path: string) =>
  new ApiError(400, "VALIDATION_ERROR", undefined, {}, [{ path, message: `${path || "Isi permintaan"} ${NUL_MESSAGE}` }]);

/** 400 VALIDATION_ERROR for a NUL character in the query string or anywhere in a JSON body. */
export const rejectNul: MiddlewareHandler<AppEnv> = async (c, next) => {
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (name.includes("\u0000") || values.some((v) => v.includes("\u0000"))) throw refuse(name);
  }
  if (c.req.method !== "GET" && c.req.header("content-type")?.toLowerCase().includes("json")) {
    let body: unknown;
    try {
      body = await c.req.json(); // cached: the route's validator reads the same parse
    } catch {
      return next(); // not JSON: the validator answers MALFORMED_BODY
    }
    const found = nulPath(body, []);
    if (found !== null) throw refuse(found);
  }
  await next();
};
