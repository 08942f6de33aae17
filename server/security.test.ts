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
