import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, userVerifications } from "../../db/schema";
import { type ApiBody, createTestApi, DEMO_PASSWORD, expectError, TEST_JWT_SECRET, type TestApi, typedRequest } from "../../test/helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

const getMe = (token?: string, headers?: Record<string, string>) => typedRequest(api, "GET", "/admin/get-me", { token, headers });
const sign = (claims: Record<string, unknown>, sub: string, exp: number, secret = TEST_JWT_SECRET) =>
  new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setSubject(sub).setExpirationTime(exp).sign(new TextEncoder().encode(secret));

describe("GET /api/v1/admin/get-me", () => {
  it("answers the spec's shape for a verified facility admin", async () => {
    const { token } = await api.login("fasyankes@adaptasi.test");
    const res = await getMe(token);
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toEqual({
      id: expect.any(String),
      email: "fasyankes@adaptasi.test",
      name: "Agus Setiawan",
      role: 8,
      userVerification: [{ id: expect.any(Number), is_approved: true, is_rejected: false, reason: null, created_at: expect.any(String) }],
      user: {
        id: data.id,
        email: "fasyankes@adaptasi.test",
        role_id: 8,
        full_name: "Agus Setiawan",
        is_hospital_verified: true,
        is_fasyankes: true,
        is_foreign: false,
        is_active: true,
        nik: null,
        phone: null,
        foreign_id: null,
        nationality: null,
        is_kek: null,
        preferred_jalur: null,
      },
    });
    expect(new Date(data.userVerification[0].created_at).toISOString()).toBe(data.userVerification[0].created_at);
  });

  it("shows a pending verification for the new facility admin", async () => {
    const { token } = await api.login("fasyankes.baru@adaptasi.test");
    const { data } = await (await getMe(token)).json();
    expect(data.user.is_hospital_verified).toBe(false);
    expect(data.userVerification).toEqual([expect.objectContaining({ is_approved: false, is_rejected: false })]);
  });

  it("lists verifications newest first", async () => {
    const { token } = await api.login("fasyankes.baru@adaptasi.test");
    const before = (await (await getMe(token)).json()).data.userVerification;
    const [me] = await api.db.select().from(users).where(eq(users.email, "fasyankes.baru@adaptasi.test"));
    await api.db.insert(userVerifications).values({ userId: me.id, isRejected: true, reason: "Dokumen tidak terbaca" });
    const after = (await (await getMe(token)).json()).data.userVerification;
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({ is_rejected: true, reason: "Dokumen tidak terbaca" });
  });

  it("shows a foreign applicant without verifications", async () => {
    const { token } = await api.login("pemohon.wna@adaptasi.test");
    const { data } = await (await getMe(token)).json();
    expect(data).toMatchObject({ role: 3, userVerification: [], user: { role_id: 3, is_foreign: true, is_fasyankes: false } });
  });

  it("answers 401 INVALID_TOKEN for missing, garbage, tampered, expired or foreign tokens", async () => {
    const { token } = await api.login("pemohon@adaptasi.test");
    const [, payload] = token.split(".");
    const me = JSON.parse(Buffer.from(payload, "base64url").toString());
    const now = Math.floor(Date.now() / 1000);
    const tampered = token.replace(payload, Buffer.from(JSON.stringify({ ...me, role: 1 })).toString("base64url"));
    const cases = [
      undefined,
      "sampah",
      "a.b.c",
      tampered,
      token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA"),
      await sign({ role: 3, typ: "access" }, me.sub, now - 10), // expired
      await sign({ role: 3, typ: "access" }, me.sub, now + 600, "another-secret-of-enough-length!!"),
      await sign({ role: 3, typ: "refresh" }, me.sub, now + 600), // not an access token
      await sign({ role: 3, typ: "access" }, "00000000-0000-4000-8000-000000000000", now + 600), // no such user
    ];
    for (const t of cases) await expectError(await getMe(t), 401, "INVALID_TOKEN");
    await expectError(await getMe(undefined, { authorization: `Basic ${token}` }), 401, "INVALID_TOKEN");
    expect((await getMe(token)).status).toBe(200);
  });

  it("stops answering for a deactivated user at once", async () => {
    const user = await api.createUser({ email: "diblokir@adaptasi.test" });
    const { token } = await api.login(user.email);
    expect((await getMe(token)).status).toBe(200);
    await api.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    await expectError(await getMe(token), 401, "INVALID_TOKEN");
  });
});

describe("POST /api/v1/me/password", () => {
  const change = (token: string, json: ApiBody<"POST", "/me/password">) => typedRequest(api, "POST", "/me/password", { token, body: json });

  it("refuses a wrong current password and a short new one", async () => {
    const user = await api.createUser({ email: "ganti.gagal@adaptasi.test" });
    const { token } = await api.login(user.email);
    await expectError(await change(token, { current_password: "salah-salah", new_password: "BaruSekali#1" }), 400, "WRONG_PASSWORD");
    const short = await expectError(await change(token, { current_password: DEMO_PASSWORD, new_password: "pendek1" }), 400, "VALIDATION_ERROR");
    expect(short.error.details).toMatchObject([{ path: "new_password", message: "minimal mengandung 8 karakter" }]);
    await expectError(await change(token, { current_password: DEMO_PASSWORD, new_password: "x".repeat(129) }), 400, "VALIDATION_ERROR");
    await expectError(await typedRequest(api, "POST", "/me/password", { body: { current_password: "a", new_password: "b" } }), 401, "INVALID_TOKEN");
  });

  it("changes the password and ends every session", async () => {
    const user = await api.createUser({ email: "ganti.sandi@adaptasi.test" });
    const a = await api.login(user.email);
    const b = await api.login(user.email);
    const res = await change(a.token, { current_password: DEMO_PASSWORD, new_password: "SandiBaru#2026" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { ok: true } });
    for (const t of [a, b]) {
      await expectError(await typedRequest(api, "POST", "/refresh", { body: { refresh_token: t.refreshToken } }), 401, "REFRESH_TOKEN_REUSED");
    }
    await expectError(await typedRequest(api, "POST", "/login", { body: { email: user.email, password: DEMO_PASSWORD } }), 401, "INVALID_CREDENTIALS");
    await api.login(user.email, "SandiBaru#2026");
  });
});
