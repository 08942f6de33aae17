import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { ApiError } from "../lib/errors";
import type { AppEnv } from "../http/env";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Every call carries x-adaptasiapikey (spec §7); compared in constant time. */
export function requireApiKey(apiKey: string, publicPaths: readonly string[]): MiddlewareHandler<AppEnv> {
  const expected = digest(apiKey);
  return async (c, next) => {
    if (publicPaths.includes(c.req.path)) return next();
    // Hashing first gives equal lengths, which timingSafeEqual needs, without leaking the key's length.
    const given = digest(c.req.header("x-adaptasiapikey") ?? "");
    if (!timingSafeEqual(given, expected)) throw new ApiError(401, "INVALID_API_KEY");
    await next();
  };
}
