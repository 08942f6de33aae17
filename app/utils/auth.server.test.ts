import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SESSION } from "#domain/constants";
import { apiHandlers, meFor, MOCK_API_KEY, MOCK_API_URL, type ApiMockState } from "../../tests/mocks/api";
import { createApiClient } from "./api.server";
import { commitAuthSession, resolveAuth, sessionFromTokens } from "./auth.server";
import { setEnv, loadEnv } from "./env.server";

let state: ApiMockState;
const server = setupServer();
const api = createApiClient({ fetch: (r) => fetch(r), baseUrl: MOCK_API_URL, apiKey: MOCK_API_KEY });

beforeAll(() => {
  setEnv(loadEnv({ NODE_ENV: "test", DATA_DIR: "/tmp/adaptasi-unit", API_KEY: MOCK_API_KEY, SESSION_SECRET: "s".repeat(40), JWT_SECRET: "j".repeat(40) }));
  server.listen({ onUnhandledRequest: "error" });
});
afterAll(() => server.close());
beforeEach(() => {
  state = { validAccess: new Set(["a1"]), validRefresh: new Map([["r1", "a1"]]), revoked: [], refreshCalls: 0, me: meFor(3) };
  server.use(...apiHandlers(state));
});
afterEach(() => server.resetHandlers());

/** A cookie header holding a session made at `madeAt`. */
async function cookieAt(madeAt: number, tokens = { token: "a1", refreshToken: "r1" }) {
  return (await commitAuthSession(sessionFromTokens(tokens, madeAt))).split(";")[0];
}

describe("resolveAuth (spec §4 session, §9 timings)", () => {
  it("is anonymous without a cookie", async () => {
    expect(await resolveAuth(null, api, () => {})).toEqual({ kind: "anonymous" });
  });

  it("loads the user without refreshing before 45 minutes", async () => {
    const now = Date.now();
    const cookies: string[] = [];
    const auth = await resolveAuth(await cookieAt(now - 10 * 60_000), api, (c) => cookies.push(c), { now });
    expect(auth.kind).toBe("loaded");
    expect(state.refreshCalls).toBe(0);
    expect(cookies).toEqual([]);
  });

  it("refreshes once 45 minutes have passed and stores expire = now + 3 h", async () => {
    const now = Date.now();
    const cookies: string[] = [];
    const auth = await resolveAuth(await cookieAt(now - SESSION.REFRESH_INTERVAL_MS), api, (c) => cookies.push(c), { now });
    expect(state.refreshCalls).toBe(1);
    expect(auth.kind === "loaded" && auth.session).toMatchObject({
      accessToken: "a1+",
      refreshToken: "r1+",
      expiresAt: now + SESSION.EXPIRE_AFTER_REFRESH_MS,
      refreshedAt: now,
    });
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^__session=/);
  });

  it("logs out when the expire time has passed, revoking the refresh token", async () => {
    const now = Date.now();
    const cookies: string[] = [];
    const auth = await resolveAuth(await cookieAt(now - SESSION.EXPIRE_AFTER_REFRESH_MS), api, (c) => cookies.push(c), { now });
    expect(auth).toEqual({ kind: "anonymous" });
    expect(state.revoked).toEqual(["r1"]);
    expect(cookies.some((c) => /^__session=;/.test(c) || /Max-Age=0|Expires=Thu, 01 Jan 1970/.test(c))).toBe(true);
  });

  it("logs out when the refresh fails (spec §8)", async () => {
    state.validRefresh.clear();
    const now = Date.now();
    const auth = await resolveAuth(await cookieAt(now - SESSION.REFRESH_INTERVAL_MS), api, () => {}, { now });
    expect(auth).toEqual({ kind: "anonymous" });
  });

  it("shares one refresh between concurrent requests of one browser", async () => {
    // Distinct tokens: the shared-refresh memory of the module outlives a test.
    state.validRefresh.set("r3", "a3");
    state.validAccess.add("a3");
    const now = Date.now();
    const cookie = await cookieAt(now - SESSION.REFRESH_INTERVAL_MS, { token: "a3", refreshToken: "r3" });
    const results = await Promise.all([1, 2, 3].map(() => resolveAuth(cookie, api, () => {}, { now })));
    expect(results.every((r) => r.kind === "loaded")).toBe(true);
    expect(state.refreshCalls).toBe(1);
  });

  it("refreshes once when the access token lapsed between refreshes", async () => {
    state.validAccess.clear();
    state.validRefresh.set("r2", "a2");
    const now = Date.now();
    const auth = await resolveAuth(await cookieAt(now - 60_000, { token: "a2", refreshToken: "r2" }), api, () => {}, { now });
    expect(auth.kind).toBe("loaded");
    expect(state.refreshCalls).toBe(1);
  });

  it("ignores a tampered cookie", async () => {
    const cookie = await cookieAt(Date.now());
    const tampered = cookie.replace(/.$/, (c) => (c === "a" ? "b" : "a"));
    expect(await resolveAuth(tampered, api, () => {})).toEqual({ kind: "anonymous" });
  });
});
