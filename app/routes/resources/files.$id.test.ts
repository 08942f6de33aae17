import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import type { AuthUser } from "#contracts/me";
import { createApiClient } from "~/utils/api.server";
import { loader } from "./files.$id";

// /files/:id relays the API's file with its safe headers; the page CSP server/security.ts set before the route
// ran gives way to the file's own `sandbox`.

const me = { id: "u1", email: "a@contoh.id", name: "A", role: 3, userVerification: [], user: { role_id: 3 } } as unknown as AuthUser;

function context(upstream: (r: Request) => Promise<Response>) {
  const omitted: string[] = [];
  const seen: Request[] = [];
  const ctx = {
    cspNonce: "n",
    clientIp: "127.0.0.1",
    requestId: "req-test",
    log: { error: () => {}, warn: () => {}, info: () => {} } as unknown as AppLoadContext["log"],
    appendSetCookie: () => {},
    omitHeader: (name: string) => omitted.push(name),
    auth: async () => ({ kind: "loaded" as const, me, session: { accessToken: "tok", expiresAt: Date.now() + 3_600_000, refreshedAt: Date.now() } }),
    api: createApiClient({ baseUrl: "http://api.test", apiKey: "k", fetch: async (r) => (seen.push(r), upstream(r)) }),
  } satisfies AppLoadContext;
  return { ctx, omitted, seen };
}

const call = (ctx: AppLoadContext, url = "http://portal.test/files/f1") => loader({ request: new Request(url), context: ctx, params: { id: "f1" } });

describe("/files/:id", () => {
  it("passes the API's type, disposition, sandbox policy and framing on, and drops the page's", async () => {
    const policy = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";
    const { ctx, omitted, seen } = context(
      async () =>
        new Response("%PDF-1.7", {
          headers: {
            "content-type": "application/pdf",
            "content-disposition": 'inline; filename="a.pdf"',
            "content-security-policy": policy,
            "x-frame-options": "SAMEORIGIN",
            "x-internal": "no",
          },
        }),
    );
    const res = await call(ctx, "http://portal.test/files/f1?inline=1");
    expect(new URL(seen[0].url).pathname + new URL(seen[0].url).search).toBe("/api/v1/files/f1?inline=1");
    expect(seen[0].headers.get("authorization")).toBe("Bearer tok");
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toEqual({
      "cache-control": "private, no-store",
      "content-type": "application/pdf",
      "content-disposition": 'inline; filename="a.pdf"',
      "content-security-policy": policy,
      "x-frame-options": "SAMEORIGIN",
    });
    expect(omitted).toEqual(["Content-Security-Policy", "X-Frame-Options"]);
    expect(await res.text()).toBe("%PDF-1.7");
  });

  it("sandboxes the file and forbids framing it even when the API names no policy", async () => {
    const { ctx } = context(async () => new Response("x", { headers: { "content-type": "application/msword", "content-disposition": "attachment" } }));
    const res = await call(ctx);
    expect(res.headers.get("content-security-policy")).toBe("sandbox");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("answers 404 to a refusal and 503 when the API fails, keeping the page policy", async () => {
    const refused = context(async () => Response.json({ error: { code: "NOT_FOUND" } }, { status: 404 }));
    await expect(call(refused.ctx)).rejects.toMatchObject({ status: 404 });
    expect(refused.omitted).toEqual([]);
    const failing = context(async () => new Response("", { status: 500 }));
    await expect(call(failing.ctx)).rejects.toMatchObject({ status: 503 });
  });
});
