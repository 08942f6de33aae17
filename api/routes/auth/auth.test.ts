import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshTokens, users } from "../../db/schema";
import { hashToken } from "../../services/tokens";
import { createTestApi, DEMO_PASSWORD, expectError, type TestApi, typedRequest } from "../../test/helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

const refresh = (refresh_token: string) => typedRequest(api, "POST", "/refresh", { body: { refresh_token } });

describe("POST /api/v1/login", () => {
  it("answers { token: { type, token, refreshToken } }", async () => {
    const res = await typedRequest(api, "POST", "/login", { body: { email: "pemohon@adaptasi.test", password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ token: { type: "bearer", token: expect.any(String), refreshToken: expect.any(String) } });
    expect(body.token.token.split(".")).toHaveLength(3);
    expect(body.token.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("ignores case and surrounding spaces in the e-mail", async () => {
    const res = await typedRequest(api, "POST", "/login", { body: { email: "  PEMOHON@Adaptasi.test ", password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
  });

  it("stores only the hash of the refresh token", async () => {
    const { refreshToken } = await api.login("kki@adaptasi.test");
    const [row] = await api.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(refreshToken);
  });

  it("gives the same answer for an unknown e-mail and a wrong password", async () => {
    const unknown = await typedRequest(api, "POST", "/login", { body: { email: "siapa@adaptasi.test", password: DEMO_PASSWORD } });
    const wrong = await typedRequest(api, "POST", "/login", { body: { email: "admin@adaptasi.test", password: "Salah#2026" } });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const [a, b] = [await unknown.json(), await wrong.json()];
    expect(a).toEqual(b);
    expect(a).toEqual({ error: { code: "INVALID_CREDENTIALS", message: "Surel atau kata sandi salah." } });
  });

  it("refuses a not yet activated account, but only with the right password", async () => {
    await api.createUser({ email: "belum.aktif@adaptasi.test", activated: false });
    const body = await expectError(
      await typedRequest(api, "POST", "/login", { body: { email: "belum.aktif@adaptasi.test", password: DEMO_PASSWORD } }),
      403,
      "ACCOUNT_NOT_ACTIVATED",
    );
    expect(body.error.message).toMatch(/belum diaktifkan.*surel aktivasi/);
    await expectError(
      await typedRequest(api, "POST", "/login", { body: { email: "belum.aktif@adaptasi.test", password: "salah-salah" } }),
      401,
      "INVALID_CREDENTIALS",
    );
  });

  it("refuses a deactivated account", async () => {
    await api.createUser({ email: "nonaktif@adaptasi.test", isActive: false });
    await expectError(
      await typedRequest(api, "POST", "/login", { body: { email: "nonaktif@adaptasi.test", password: DEMO_PASSWORD } }),
      403,
      "ACCOUNT_INACTIVE",
    );
  });

  it("rejects bad input with VALIDATION_ERROR details", async () => {
    // Raw: the body lacks the password, which the route's type requires.
    const body = await expectError(await api.request("/api/v1/login", { json: { email: "bukan-email" } }), 400, "VALIDATION_ERROR");
    expect(body.error.details).toMatchObject([
      { path: "email", message: "E-mail harus berupa alamat surel yang benar" },
      { path: "password", message: "Kata sandi harus diisi" },
    ]);
    // Each detail is a code with its parameters, the label's locale key beside it (the portal words it again).
    expect(body.error.details?.[1]).toEqual({
      path: "password",
      code: "required",
      labels: { field: "errors:fields.password" },
      message: "Kata sandi harus diisi",
    });
  });
});

describe("POST /api/v1/refresh", () => {
  it("rotates: answers a new pair and the old refresh token stops working", async () => {
    const first = await api.login("pembekalan@adaptasi.test");
    const res = await refresh(first.refreshToken);
    expect(res.status).toBe(200);
    const { token } = await res.json();
    expect(token).toEqual({ type: "bearer", token: expect.any(String), refreshToken: expect.any(String) });
    expect(token.refreshToken).not.toBe(first.refreshToken);
    expect(token.token).not.toBe(first.token);
    const me = await typedRequest(api, "GET", "/admin/get-me", { token: token.token });
    expect(me.status).toBe(200);

    await expectError(await refresh(first.refreshToken), 401, "REFRESH_TOKEN_REUSED");
  });

  it("revokes the whole family when a spent token comes back", async () => {
    const first = await api.login("pembekalan@adaptasi.test");
    const second = (await (await refresh(first.refreshToken)).json()).token;
    const third = (await (await refresh(second.refreshToken)).json()).token;
    await expectError(await refresh(first.refreshToken), 401, "REFRESH_TOKEN_REUSED");
    // The newest token of that chain is dead too; another session of the same user is not.
    await expectError(await refresh(third.refreshToken), 401, "REFRESH_TOKEN_REUSED");
    const otherSession = await api.login("pembekalan@adaptasi.test");
    expect((await refresh(otherSession.refreshToken)).status).toBe(200);
  });

  it("lets exactly one of two concurrent refreshes with one token succeed", async () => {
    const { refreshToken } = await api.login("subkomite@adaptasi.test");
    const results = await Promise.all([refresh(refreshToken), refresh(refreshToken), refresh(refreshToken)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 401, 401]);
  });

  it("refuses unknown and expired tokens", async () => {
    await expectError(await refresh("x".repeat(43)), 401, "INVALID_REFRESH_TOKEN");
    const { refreshToken } = await api.login("subkomite@adaptasi.test");
    await api.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
    await expectError(await refresh(refreshToken), 401, "INVALID_REFRESH_TOKEN");
  });

  it("refuses a deactivated user's token", async () => {
    const user = await api.createUser({ email: "akan.nonaktif@adaptasi.test" });
    const { refreshToken } = await api.login(user.email);
    await api.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    await expectError(await refresh(refreshToken), 401, "INVALID_REFRESH_TOKEN");
  });

  it("requires refresh_token", async () => {
    // Raw: bodies the route's type refuses (the field missing, a number for the token).
    await expectError(await api.request("/api/v1/refresh", { json: {} }), 400, "VALIDATION_ERROR");
    await expectError(await api.request("/api/v1/refresh", { json: { refresh_token: 42 } }), 400, "VALIDATION_ERROR");
  });
});

describe("POST /api/v1/revoke", () => {
  it("ends one session (the token's family) and leaves the others", async () => {
    const a = await api.login("admin@adaptasi.test");
    const b = await api.login("admin@adaptasi.test");
    const rotated = (await (await refresh(a.refreshToken)).json()).token;
    const res = await typedRequest(api, "POST", "/revoke", { body: { refresh_token: rotated.refreshToken } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { revoked: 2 } });
    expect((await refresh(rotated.refreshToken)).status).toBe(401);
    expect((await refresh(b.refreshToken)).status).toBe(200);
  });

  it("ends the access tokens of that session too, also one issued by a refresh", async () => {
    const a = await api.login("kki@adaptasi.test");
    const b = await api.login("kki@adaptasi.test");
    const rotated = (await (await refresh(a.refreshToken)).json()).token;
    const getMe = (token: string) => typedRequest(api, "GET", "/admin/get-me", { headers: { authorization: `Bearer ${token}` } });
    expect((await getMe(a.token)).status).toBe(200);
    await typedRequest(api, "POST", "/revoke", { body: { refresh_token: rotated.refreshToken } });
    expect((await getMe(a.token)).status).toBe(401);
    expect((await getMe(rotated.token)).status).toBe(401);
    expect((await getMe(b.token)).status).toBe(200);
  });

  it("ends every session of the user with all: true", async () => {
    const user = await api.createUser({ email: "keluar.semua@adaptasi.test" });
    const a = await api.login(user.email);
    const b = await api.login(user.email);
    const res = await typedRequest(api, "POST", "/revoke", { body: { refresh_token: a.refreshToken, all: true } });
    expect(await res.json()).toEqual({ data: { revoked: 2 } });
    expect((await refresh(a.refreshToken)).status).toBe(401);
    expect((await refresh(b.refreshToken)).status).toBe(401);
  });

  it("revokes nothing for an unknown token", async () => {
    const res = await typedRequest(api, "POST", "/revoke", { body: { refresh_token: "tidak-dikenal" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { revoked: 0 } });
  });
});
