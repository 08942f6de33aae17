import type { Context } from "hono";
import type { AppEnv } from "./types";

/**
 * The client's IP for throttling: the first x-forwarded-for entry, set by our proxy or by the portal's
 * API client. A caller faking it only picks its own bucket; the per-account and per-e-mail limits
 * still hold. Capped to keep keys small.
 */
export function clientIp(c: Context<AppEnv>): string {
  const first = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  return (first || "unknown").slice(0, 100);
}
