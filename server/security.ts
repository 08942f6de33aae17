import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

// Request security: the headers of every page, the CSP of HTML responses and the cross-origin POST check.

/** The headers every answer past the assets carries, and a fresh CSP nonce for the page. */
export function securityHeaders(production: boolean) {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.set({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
      "Cross-Origin-Opener-Policy": "same-origin",
    });
    if (production) res.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

/** Cross-origin POSTs get 403; every other request gets its page's CSP. */
export function pagePolicy(opts: { dev: boolean; sentryDsn?: string; publicUrl?: string }) {
  const publicOrigin = originOf(opts.publicUrl);
  return (req: Request, res: Response, next: NextFunction) => {
    if (isCrossOrigin(req.method, (name) => req.get(name), publicOrigin)) {
      res.status(403).type("text/plain; charset=utf-8").send("Permintaan lintas situs ditolak.");
      return;
    }
    // Accepted as PUBLIC_URL's: Remix compares Origin with Host once more, so it is given that host
    // (server/remix-handler.ts).
    if (publicOrigin !== undefined && req.get("origin") === publicOrigin) res.locals.originHost = new URL(publicOrigin).host;
    res.set("Content-Security-Policy", cspFor(res.locals.cspNonce as string, opts));
    next();
  };
}

/** The Content-Security-Policy of an HTML response, with this request's nonce. */
export function cspFor(nonce: string, opts: { dev: boolean; sentryDsn?: string }): string {
  const connect = ["'self'"];
  if (opts.dev) connect.push("ws:", "wss:");
  if (opts.sentryDsn) connect.push(new URL(opts.sentryDsn).origin);
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self'${opts.dev ? " 'unsafe-inline'" : ""}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect.join(" ")}`,
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join("; ");
}

/** `scheme://host[:port]` of an address, or undefined when it is not one. */
function originOf(address: string | undefined): string | undefined {
  if (!address) return undefined;
  try {
    return new URL(address).origin;
  } catch {
    return undefined;
  }
}

/** The session cookies (app/utils/session.server.ts: `__session`, and `__session_switch` of a token login). */
const SESSION_COOKIE = /(?:^|;)\s*__session(?:_switch)?=/;

/**
 * Cross-origin POSTs are refused (DESIGN §6): the Origin must be PUBLIC_URL's origin (the address users
 * reach, whatever Host a proxy passes on: nginx's `$host` drops a non-standard port) or this request's
 * Host (a direct visit); without an Origin, Sec-Fetch-Site (when the browser sends it) must say
 * same-origin or none. A state-changing request that authenticates by the session cookie (a form post, a
 * resumable upload's POST, PATCH or DELETE) must say where it comes from: an Origin, or
 * `Sec-Fetch-Site: same-origin` — every browser sends one of them; a request with neither is refused.
 */
export function isCrossOrigin(method: string, header: (name: string) => string | undefined, publicOrigin?: string): boolean {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  const origin = header("origin");
  if (origin === "null") return true;
  // An Origin that is there but empty is no browser's (it would also reach Remix's own check as new URL("")).
  if (origin !== undefined) {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return true;
    }
    if (publicOrigin !== undefined && url.origin === publicOrigin) return false;
    return url.host !== header("host");
  }
  const site = header("sec-fetch-site");
  if (SESSION_COOKIE.test(header("cookie") ?? "")) return site !== "same-origin";
  return site !== undefined && site !== "same-origin" && site !== "none";
}
