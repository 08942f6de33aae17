import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiClient, type ApiClient } from "../app/utils/api.server";
import { TEST_API_KEY, createTestApi, type TestApi } from "./test/helpers";

// Every check of a bearer token starts by verifying its signature: counted here.
const seen = vi.hoisted(() => ({ tokenChecks: 0 }));
vi.mock("./services/tokens", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./services/tokens")>();
  return {
    ...actual,
    verifyAccessToken: (...args: Parameters<typeof actual.verifyAccessToken>) => {
      seen.tokenChecks += 1;
      return actual.verifyAccessToken(...args);
    },
  };
});

// The portal's two ways to the API: over HTTP-shaped Requests (API_URL, or the app's fetch) and
// in-process, where the API's router, validators and handlers run as they do over HTTP but the answer is
// handed over as an object and one page request checks its token once. Both must say the same.

let api: TestApi;
let admin: string;
let applicant: string;

beforeAll(async () => {
  api = await createTestApi();
  admin = (await api.login("admin@adaptasi.test")).token;
  applicant = (await api.login("pemohon@adaptasi.test")).token;
});
afterAll(() => api?.close());

/**
 * The client as this test drives it: any method, path and options, the ones no route has included (the
 * portal's calls are typed from the API's routes, which refuse those at compile time).
 */
type AnyCall = (method: string, path: string, options?: { token?: string; query?: Record<string, string | number>; body?: unknown }) => Promise<unknown>;
const anyCall = (client: ApiClient): AnyCall => client.call as unknown as AnyCall;

const overHttp = (): ApiClient =>
  createApiClient({ fetch: (r) => api.fetch(r), baseUrl: "http://api.internal", apiKey: TEST_API_KEY, clientIp: "203.0.113.9" });
const inProcess = (): ApiClient =>
  createApiClient({ fetch: (r) => api.fetch(r), baseUrl: "http://api.internal", apiKey: TEST_API_KEY, clientIp: "203.0.113.9", inProcess: api.inProcess });

describe("the in-process path", () => {
  it("answers every kind of call exactly as the HTTP path does: data, a refusal with details, a 404, a bad key", async () => {
    const calls: Array<[string, string, Parameters<AnyCall>[2]]> = [
      ["GET", "/admin/get-me", { token: admin }],
      ["GET", "/review/applications", { token: admin, query: { tab: "all", page: 1 } }],
      ["GET", "/review/applications", { token: admin, query: { sort: "nonsense" } }],
      ["GET", "/config/public", {}],
      ["GET", "/applications/not-a-uuid", { token: applicant }],
      ["GET", "/review/applications", { token: applicant }],
      ["GET", "/admin/get-me", { token: "garbled.token" }],
      ["POST", "/me/password", { token: applicant, body: { current_password: "salah", new_password: "x" } }],
      ["GET", "/no/such/path", { token: admin }],
    ];
    for (const [method, path, options] of calls) {
      const [a, b] = [await anyCall(overHttp())(method, path, options), await anyCall(inProcess())(method, path, options)];
      expect(b, `${method} ${path}`).toEqual(a);
    }
    const wrongKey = createApiClient({ fetch: (r) => api.fetch(r), baseUrl: "http://api.internal", apiKey: "salah", inProcess: api.inProcess });
    expect(await wrongKey.call("GET", "/admin/get-me", { token: admin })).toMatchObject({ ok: false, status: 401, error: { code: "INVALID_API_KEY" } });
  });

  it("hands the handler's own object over: no JSON written or parsed (json-handover)", async () => {
    // What breaks if Hono stops answering through c.json: the answer below comes as JSON (correct, but the
    // saving bench/patches.mjs measured is gone), and this test fails.
    const seenCalls: Array<{ bodyNull: boolean; handed: boolean }> = [];
    const watching: typeof api.inProcess = async (request, env) => {
      const response = await api.inProcess(request, env);
      seenCalls.push({ bodyNull: response.body === null, handed: "payload" in env.inProcess });
      return response;
    };
    const client = createApiClient({ fetch: (r) => api.fetch(r), baseUrl: "http://api.internal", apiKey: TEST_API_KEY, inProcess: watching });
    const list = await anyCall(client)("GET", "/review/applications", { token: admin, query: { tab: "all", page: 1 } });
    expect(list).toEqual(await anyCall(overHttp())("GET", "/review/applications", { token: admin, query: { tab: "all", page: 1 } }));
    // A refusal and a write are handed over the same way.
    await anyCall(client)("GET", "/applications/not-a-uuid", { token: applicant });
    await anyCall(client)("POST", "/me/password", { token: applicant, body: { current_password: "salah", new_password: "x" } });
    expect(seenCalls).toEqual([
      { bodyNull: true, handed: true },
      { bodyNull: true, handed: true },
      { bodyNull: true, handed: true },
    ]);
  });

  it("checks the session's token once per page request, and again after a write", async () => {
    const client = inProcess();
    const before = seen.tokenChecks;
    const lookups = () => seen.tokenChecks - before;
    await client.call("GET", "/admin/get-me", { token: admin });
    await client.call("GET", "/review/applications", { token: admin });
    await client.call("GET", "/config/public");
    expect(lookups()).toBe(1);
    // A write (here refused: wrong current password) uses the checked user, then the next call checks again.
    expect(
      await client.call("POST", "/me/password", { token: admin, body: { current_password: "salah-sekali", new_password: "Adaptasi#2027" } }),
    ).toMatchObject({ ok: false, status: 400 });
    expect(lookups()).toBe(1);
    await client.call("GET", "/admin/get-me", { token: admin });
    expect(lookups()).toBe(2);
    // Another page request checks again; the HTTP path checks on every call.
    await inProcess().call("GET", "/admin/get-me", { token: admin });
    expect(lookups()).toBe(3);
    const http = overHttp();
    await http.call("GET", "/admin/get-me", { token: admin });
    await http.call("GET", "/admin/get-me", { token: admin });
    expect(lookups()).toBe(5);
  });

  it("a page request whose session ended between two calls is refused on the next page request", async () => {
    const { token, refreshToken } = await api.login("kki@adaptasi.test");
    const page = inProcess();
    expect((await page.call("GET", "/admin/get-me", { token })).ok).toBe(true);
    expect((await page.call("POST", "/revoke", { body: { refresh_token: refreshToken } })).ok).toBe(true);
    expect(await page.call("GET", "/admin/get-me", { token })).toMatchObject({ ok: false, status: 401 });
    expect(await inProcess().call("GET", "/admin/get-me", { token })).toMatchObject({ ok: false, status: 401 });
  });

  it("hands over frozen answers outside production, so a page cannot change what the API remembers", async () => {
    const r = await inProcess().call("GET", "/config/public");
    expect(r.ok).toBe(true);
    if (r.ok) expect(() => r.body.data.navbarLinks.push({ label: "Baru", href: "/baru" })).toThrow(TypeError);
  });
});
