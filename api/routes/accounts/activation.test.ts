import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTokens, users } from "../../db/schema";
import { hashToken } from "../../services/tokens";
import { citizenSignUp, foreignSignUp, SIGN_UP_PASSWORD } from "../../test/factories";
import { answered, createTestApi, expectError, type TestApi, typedRequest } from "../../test/helpers";
import { tokenFrom } from "../../test/mail";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

const activate = (token: string) => typedRequest(api, "POST", "/account/activate", { body: { token } });
const resend = (email: string, headers?: Record<string, string>) => typedRequest(api, "POST", "/account/activation/resend", { body: { email }, headers });
const login = (email: string, password = SIGN_UP_PASSWORD) => typedRequest(api, "POST", "/login", { body: { email, password } });

/** Signs a citizen up and returns the e-mail and the token of the newest activation mail. */
async function signedUp(kind: "citizen" | "foreign" = "citizen") {
  const body: Record<string, string> = kind === "citizen" ? citizenSignUp() : foreignSignUp();
  const res = await typedRequest(api, "POST", `/register/${kind}`, { body });
  expect(res.status).toBe(201);
  return { email: body.email, token: await newestToken(body.email), body };
}

async function newestToken(email: string) {
  const mails = await api.mails(email);
  return tokenFrom(mails[mails.length - 1], "/account-activation");
}

describe("POST /api/v1/account/activate", () => {
  it("says a foreign national's account is foreign, so the portal sends them to /wna/login", async () => {
    const { email, token } = await signedUp("foreign");
    const res = await activate(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { email, is_foreign: true } });
  });

  it("activates once; the same link then answers TOKEN_USED", async () => {
    const { email, token } = await signedUp();
    const res = await activate(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { email, is_foreign: false } });
    const [user] = await api.db.select().from(users).where(eq(users.email, email));
    expect(user.activatedAt).toBeInstanceOf(Date);

    const again = await expectError(await activate(token), 400, "TOKEN_USED");
    expect(again.error.message).toMatch(/sudah pernah digunakan.*minta tautan baru/);
    const [after] = await api.db.select().from(users).where(eq(users.email, email));
    expect(after.activatedAt).toEqual(user.activatedAt);
  });

  it("stores only the hash of the token", async () => {
    const { token } = await signedUp();
    const [row] = await api.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, hashToken(token)));
    expect(row).toMatchObject({ purpose: "activation", usedAt: null });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(24 * 3600 * 1000);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("answers TOKEN_INVALID for a tampered or unknown token, and changes nothing", async () => {
    const { email, token } = await signedUp();
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const body = await expectError(await activate(tampered), 400, "TOKEN_INVALID");
    expect(body.error.message).toMatch(/tidak valid.*minta tautan baru/);
    await expectError(await activate("x"), 400, "TOKEN_INVALID");
    await expectError(await activate("' OR 1=1 --"), 400, "TOKEN_INVALID");
    const [user] = await api.db.select().from(users).where(eq(users.email, email));
    expect(user.activatedAt).toBeNull();
  });

  it("answers TOKEN_EXPIRED after 24 hours", async () => {
    const { email, token } = await signedUp();
    await api.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.tokenHash, hashToken(token)));
    const body = await expectError(await activate(token), 400, "TOKEN_EXPIRED");
    expect(body.error.message).toMatch(/kedaluwarsa.*minta tautan baru/);
    const [user] = await api.db.select().from(users).where(eq(users.email, email));
    expect(user.activatedAt).toBeNull();
  });

  it("does not take a password-recovery token", async () => {
    await typedRequest(api, "POST", "/password/forgot", { body: { email: "pemohon@adaptasi.test" } });
    const mails = await api.mails("pemohon@adaptasi.test");
    const resetToken = tokenFrom(mails[mails.length - 1], "/forgot-password");
    await expectError(await activate(resetToken), 400, "TOKEN_INVALID");
  });

  it("lets exactly one of two concurrent activations with one token succeed", async () => {
    const { token } = await signedUp();
    const results = await Promise.all([activate(token), activate(token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it("refuses a missing or oversized token with VALIDATION_ERROR", async () => {
    // Raw: the body lacks the token, which the route's type requires.
    const missing = await expectError(await api.request("/api/v1/account/activate", { json: {} }), 400, "VALIDATION_ERROR");
    expect(missing.error.details).toMatchObject([{ path: "token", message: "Token harus diisi" }]);
    await expectError(await activate("x".repeat(10_000)), 400, "VALIDATION_ERROR");
  });
});

describe("login and get-me around activation", () => {
  it("refuses login before activation with the way to resend, and lets in after", async () => {
    const { email, token } = await signedUp();
    const refused = await expectError(await login(email), 403, "ACCOUNT_NOT_ACTIVATED");
    expect(refused.error.message).toBe("Akun Anda belum diaktifkan. Silakan periksa surel aktivasi yang kami kirimkan, atau kirim ulang tautan aktivasi.");
    expect((await activate(token)).status).toBe(200);
    expect((await login(email)).status).toBe(200);
  });

  it("shows a citizen's NIK and phone in get-me", async () => {
    const { email, token, body } = await signedUp("citizen");
    await activate(token);
    const access = (await (await login(email)).json()).token.token;
    const { data } = answered(await api.client().call("GET", "/admin/get-me", { token: access }));
    expect(data.user).toMatchObject({
      role_id: 3,
      is_foreign: false,
      nik: body.nik,
      phone: body.phone,
      foreign_id: null,
      nationality: null,
      is_kek: null,
      preferred_jalur: null,
    });
  });

  it("marks a foreign national's account foreign in get-me, with the registerWna draft", async () => {
    const { email, token, body } = await signedUp("foreign");
    await activate(token);
    const access = (await (await login(email)).json()).token.token;
    const { data } = answered(await api.client().call("GET", "/admin/get-me", { token: access }));
    expect(data.user).toMatchObject({
      role_id: 3,
      is_foreign: true,
      nik: null,
      phone: body.phone,
      foreign_id: body.foreign_id,
      nationality: "PH",
      is_kek: true,
      preferred_jalur: "SPE",
    });
  });
});

describe("POST /api/v1/account/activation/resend", () => {
  it("mails a new link to an account not yet activated; the older link stops working", async () => {
    const { email, token: first } = await signedUp();
    const res = await resend(email.toUpperCase());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { sent: true } });
    const mails = await api.mails(email);
    expect(mails).toHaveLength(2);
    const second = tokenFrom(mails[1], "/account-activation");
    expect(second).not.toBe(first);
    await expectError(await activate(first), 400, "TOKEN_EXPIRED");
    expect((await activate(second)).status).toBe(200);
  });

  it("gives the same answer, and mails nothing, for an unknown or an already active account", async () => {
    const before = (await api.mails()).length;
    const unknown = await resend("tidak.ada@contoh.id");
    const active = await resend("pemohon@adaptasi.test");
    expect([unknown.status, active.status]).toEqual([200, 200]);
    expect(await unknown.json()).toEqual(await active.json());
    expect((await api.mails()).length).toBe(before);
  });

  it("mails nothing to a deactivated account", async () => {
    await api.createUser({ email: "nonaktif.belum@contoh.id", activated: false, isActive: false });
    expect((await resend("nonaktif.belum@contoh.id")).status).toBe(200);
    expect(await api.mails("nonaktif.belum@contoh.id")).toHaveLength(0);
  });

  it("refuses a malformed e-mail with the spec's message", async () => {
    const body = await expectError(await resend("bukan surel"), 400, "VALIDATION_ERROR");
    expect(body.error.details).toMatchObject([{ path: "email", message: "harus berupa alamat surel yang benar" }]);
  });

  it("limits requests per e-mail, whether or not the account exists, and per client IP", async () => {
    const { request } = api.appWith({
      rateLimits: {
        loginPerIp: 100,
        loginPerAccount: 100,
        windowSec: 900,
        mailPerEmail: 2,
        mailPerIp: 4,
        accountWindowSec: 3600,
      },
    });
    const send = (email: string, ip: string) => request("/api/v1/account/activation/resend", { json: { email }, headers: { "x-forwarded-for": ip } });
    await api.createUser({ email: "dibatasi@contoh.id", activated: false });
    for (const email of ["siapa.saja@contoh.id", "dibatasi@contoh.id"]) {
      expect((await send(email, "192.0.2.1")).status).toBe(200);
      expect((await send(email, "192.0.2.2")).status).toBe(200);
      const blocked = await send(email, "192.0.2.3");
      const body = await expectError(blocked, 429, "RATE_LIMITED");
      expect(body.error.message).toMatch(/^Terlalu banyak percobaan\. Coba lagi dalam \d+ menit\.$/);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // Per IP: four requests for four addresses, the fifth is refused.
    for (let i = 0; i < 4; i++) expect((await send(`orang.${i}@contoh.id`, "192.0.2.50")).status).toBe(200);
    await expectError(await send("orang.lain@contoh.id", "192.0.2.50"), 429, "RATE_LIMITED");
  });
});
