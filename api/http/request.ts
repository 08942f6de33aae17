import type { Context } from "hono";
import type { AppEnv } from "./env";

/**
 * The client's address, for throttling (docs/decisions/013-login-throttling.md).
 * - A request over HTTP (@hono/node-server puts its socket in `c.env.incoming`): the socket's address,
 *   unless `trustProxy` (TRUST_PROXY) says that many reverse proxies stand in front; then the entry of
 *   X-Forwarded-For that many hops from the right, as Express's `trust proxy` with a number. Entries
 *   further left are whatever the caller wrote, so a caller rotating the header never changes its bucket.
 * - An in-process call (no socket): the portal (`app/utils/api.server.ts`) names its own view of the
 *   client in X-Forwarded-For; nobody else can make such a call.
 * Capped to keep keys small.
 */
export function clientIp(c: Context<AppEnv>): string {
  const forwarded = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const socket = c.env?.incoming?.socket;
  if (!socket) return normalise(forwarded[0]);
  const fromTheSocket = [socket.remoteAddress ?? "", ...forwarded.reverse()];
  return normalise(fromTheSocket[Math.min(c.var.deps.config.trustProxy, fromTheSocket.length - 1)]);
}

/** "::ffff:192.0.2.1" is 192.0.2.1: one client, one bucket, whichever way the socket reports it. */
function normalise(address: string | undefined): string {
  const ip = (address ?? "").replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return (ip || "unknown").slice(0, 100);
}
