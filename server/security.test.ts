import { describe, expect, it } from "vitest";
import { cspFor, isCrossOrigin } from "./security";

const headers = (h: Record<string, string>) => (name: string) => h[name];

describe("cross-origin POST check", () => {
  it("lets reads through", () => {
    expect(isCrossOrigin("GET", headers({ origin: "http://evil.example", host: "portal" }))).toBe(false);
  });
  it("accepts a same-origin form post", () => {
    expect(isCrossOrigin("POST", headers({ origin: "http://portal:3000", host: "portal:3000" }))).toBe(false);
  });
  it("refuses another origin, an opaque origin and a malformed one", () => {
    expect(isCrossOrigin("POST", headers({ origin: "http://evil.example", host: "portal:3000" }))).toBe(true);
    expect(isCrossOrigin("POST", headers({ origin: "null", host: "portal:3000" }))).toBe(true);
    // Found by the fuzzer (tests/fuzz): an empty Origin answered 500 from Remix's check, anonymous.
    expect(isCrossOrigin("POST", headers({ origin: "", host: "portal:3000" }))).toBe(true);
    expect(isCrossOrigin("POST", headers({ origin: " ", host: "portal:3000" }))).toBe(true);
    expect(isCrossOrigin("POST", headers({ origin: "::::", host: "portal:3000" }))).toBe(true);
  });
  it("accepts PUBLIC_URL's origin whatever Host a proxy passes on (nginx's $host drops a port other than 443)", () => {
    const pub = "https://portal.example.go.id:8443";
    expect(isCrossOrigin("POST", headers({ origin: "https://portal.example.go.id:8443", host: "portal.example.go.id" }), pub)).toBe(false);
    expect(isCrossOrigin("POST", headers({ origin: "https://portal.example.go.id:8443", host: "portal.example.go.id" }))).toBe(true);
    // only that origin: another port, scheme or host is still refused
    expect(isCrossOrigin("POST", headers({ origin: "https://portal.example.go.id:9443", host: "portal.example.go.id" }), pub)).toBe(true);
    expect(isCrossOrigin("POST", headers({ origin: "http://portal.example.go.id:8443", host: "portal.example.go.id" }), pub)).toBe(true);
    expect(isCrossOrigin("POST", headers({ origin: "https://evil.example", host: "portal.example.go.id" }), pub)).toBe(true);
  });
  it("falls back to Sec-Fetch-Site without an Origin", () => {
    expect(isCrossOrigin("POST", headers({ "sec-fetch-site": "cross-site", host: "p" }))).toBe(true);
    expect(isCrossOrigin("POST", headers({ "sec-fetch-site": "same-origin", host: "p" }))).toBe(false);
    expect(isCrossOrigin("POST", headers({ host: "p" }))).toBe(false);
  });
  it("refuses a state-changing request that authenticates by the session cookie without an Origin or Sec-Fetch-Site: same-origin, tus included", () => {
    const session = "lng=id; __session=eyJhdXRoIjp7fX0%3D.sig";
    for (const method of ["POST", "PATCH", "DELETE", "PUT"]) {
      expect(isCrossOrigin(method, headers({ host: "p", cookie: session })), `${method} with neither`).toBe(true);
      expect(isCrossOrigin(method, headers({ host: "p", cookie: session, "sec-fetch-site": "none" })), `${method} none`).toBe(true);
      expect(isCrossOrigin(method, headers({ host: "p", cookie: session, "sec-fetch-site": "same-site" })), `${method} same-site`).toBe(true);
      expect(isCrossOrigin(method, headers({ host: "p", cookie: session, "sec-fetch-site": "same-origin" })), `${method} same-origin`).toBe(false);
      expect(isCrossOrigin(method, headers({ host: "p", cookie: session, origin: "http://p" })), `${method} with Origin`).toBe(false);
      expect(isCrossOrigin(method, headers({ host: "p", cookie: session, origin: "http://evil.example" })), `${method} from elsewhere`).toBe(true);
    }
    expect(isCrossOrigin("POST", headers({ host: "p", cookie: "__session_switch=abc" }))).toBe(true);
    // Reads, and posts that carry no session (the language cookie alone, a login), are as before.
    expect(isCrossOrigin("HEAD", headers({ host: "p", cookie: session }))).toBe(false);
    expect(isCrossOrigin("POST", headers({ host: "p", cookie: "lng=id; my__session=x" }))).toBe(false);
  });
});

describe("content security policy", () => {
  it("carries the nonce and the directives the security review names", () => {
    const csp = cspFor("abc", { dev: false });
    expect(csp).toContain("script-src 'nonce-abc' 'strict-dynamic'");
    for (const d of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"]) expect(csp).toContain(d);
    expect(csp).not.toContain("unsafe");
  });
  it("allows the error-reporting service only when configured", () => {
    expect(cspFor("n", { dev: false, sentryDsn: "https://k@o1.ingest.sentry.io/1" })).toContain("connect-src 'self' https://o1.ingest.sentry.io");
  });
});
