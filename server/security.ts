// Request security shared by server.ts: the CSP of HTML responses and the cross-origin POST check.

/** The Content-Security-Policy of an HTML response, with this request's nonce (issue 8). */
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

/**
 * Cross-origin POSTs are refused (DESIGN §6): the Origin must be this host; without an Origin,
 * Sec-Fetch-Site (when the browser sends it) must say same-origin or none.
 */
export function isCrossOrigin(method: string, header: (name: string) => string | undefined): boolean {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  const origin = header("origin");
  if (origin === "null") return true;
  if (origin) {
    try {
      return new URL(origin).host !== header("host");
    } catch {
      return true;
    }
  }
  const site = header("sec-fetch-site");
  return site !== undefined && site !== "same-origin" && site !== "none";
}
