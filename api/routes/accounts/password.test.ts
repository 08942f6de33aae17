import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accountTokens, refreshTokens, users } from "../../db/schema";
import { hashToken } from "../../services/tokens";
import { createTestApi, DEMO_PASSWORD, expectError, type TestApi, typedRequest } from "../../test/helpers";
import { tokenFrom } from "../../test/mail";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

const NEW_PASSWORD = "KataBaru2027";
const forgot = (email: string) => typedRequest(api, "POST", "/password/forgot", { body: { email } });
const check = (token: string) => typedRequest(api, "GET", "/password/reset", { query: { token } });
const reset = (token: string, password = NEW_PASSWORD, password_confirmation = password) =>
  typedRequest(api, "POST", "/password/reset", { body: { token, password, password_confirmation } });
const login = (email: string, password: string) => typedRequest(api, "POST", "/login", { body: { email, password } });

/** Asks for a recovery link and returns its token. */
async function recoveryToken(email: string) {
  const before = new Set((await api.mails(email)).map((m) => m.text));
  expect((await forgot(email)).status).toBe(200);
  // The mail is sent in the background: waited for as it appears (a new link), not read at once.
  const mail = await api.mailWhen(email, (m) => !before.has(m.text) && m.text.includes("/forgot-password"));
  return tokenFrom(mail, "/forgot-password");
}

describe("POST /api/v1/password/forgot", () => {
  it("mails a one-hour link to an existing account", async () => {
    await api.createUser({ email: "lupa@contoh.id" });
    const res = await forgot("Lupa@Contoh.id");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { sent: true } });
    const [mail] = await api.mails("lupa@contoh.id");
    expect(mail.subject).toContain("Atur ulang kata sandi Adaptasi Nakes LLN");
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/forgot-password\?token=[A-Za-z0-9_-]{43}\b/);
    expect(mail.text).toContain("1 jam");
    expect(mail.html).toContain("1 jam");
    const token = tokenFrom(mail, "/forgot-password");
    const [row] = await api.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, hashToken(token)));
    expect(row.purpose).toBe("password_reset");
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(3600 * 1000);
  });

  it("gives the same answer, and mails nothing, for an unknown or a deactivated account", async () => {
    await api.createUser({ email: "diblokir@contoh.id", isActive: false });
    const before = (await api.mails()).length;
    const unknown = await forgot("tidak.terdaftar@contoh.id");
    const blocked = await forgot("diblokir@contoh.id");
    expect([unknown.status, blocked.status]).toEqual([200, 200]);
    expect(await unknown.json()).toEqual(await blocked.json());
    expect((await api.mails()).length).toBe(before);
  });

  it("answers before the account is even looked up: the same work, in the same order, whether or not there is one", async () => {
    // How long it takes is bench/checks/forgot-password.check.ts's (`npm run bench`): here, why it cannot differ.
    await api.createUser({ email: "waktu@contoh.id" });
    const held: Array<() => Promise<void>> = [];
    const inBackground = vi.spyOn(api.mailer, "inBackground").mockImplementation((_kind, work) => void held.push(work));
    const selects = vi.spyOn(api.db, "select");
    const transactions = vi.spyOn(api.db, "transaction");
    try {
      const answers = [];
      for (const email of ["waktu@contoh.id", "tidak.ada.waktu@contoh.id"]) {
        const res = await forgot(email);
        answers.push({ status: res.status, body: await res.json() });
      }
      expect(answers[0]).toEqual({ status: 200, body: { data: { sent: true } } });
      expect(answers[1]).toEqual(answers[0]);
      // Each answer handed its look-up to the background and read or wrote nothing of an account before it.
      expect(inBackground.mock.calls.map(([kind]) => kind)).toEqual(["password_reset", "password_reset"]);
      expect(selects).not.toHaveBeenCalled();
      expect(transactions).not.toHaveBeenCalled();
      expect(await api.db.select().from(accountTokens).innerJoin(users, eq(users.id, accountTokens.userId)).where(eq(users.email, "waktu@contoh.id"))).toEqual(
        [],
      );
    } finally {
      inBackground.mockRestore();
      selects.mockRestore();
      transactions.mockRestore();
    }
    // The work held back mails the account, and only the account.
    for (const work of held) await work();
    expect((await api.mails("waktu@contoh.id")).map((m) => m.subject.split(" ")[0])).toEqual(["Atur"]);
    expect(await api.mails("tidak.ada.waktu@contoh.id")).toEqual([]);
  });

  it("limits requests per e-mail and per client IP", async () => {
    const { request } = api.appWith({
      rateLimits: { loginPerIp: 100, loginPerAccount: 100, windowSec: 900, mailPerEmail: 1, mailPerIp: 3, accountWindowSec: 600 },
    });
    const send = (email: string, ip: string) => request("/api/v1/password/forgot", { json: { email }, headers: { "x-forwarded-for": ip } });
    expect((await send("batas@contoh.id", "192.0.2.10")).status).toBe(200);
    const blocked = await send("batas@contoh.id", "192.0.2.11");
    const body = await expectError(blocked, 429, "RATE_LIMITED");
    expect(body.error.message).toBe("Terlalu banyak percobaan. Coba lagi dalam 10 menit.");
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(600);
    expect((await send("a@contoh.id", "192.0.2.12")).status).toBe(200);
    expect((await send("b@contoh.id", "192.0.2.12")).status).toBe(200);
    expect((await send("c@contoh.id", "192.0.2.12")).status).toBe(200);
    await expectError(await send("d@contoh.id", "192.0.2.12"), 429, "RATE_LIMITED");
  });
});

describe("password reset", () => {
  it("works once: new password in, old out, every session ended", async () => {
    const user = await api.createUser({ email: "ganti@contoh.id" });
    const sessions = [await api.login("ganti@contoh.id"), await api.login("ganti@contoh.id")];
    const token = await recoveryToken("ganti@contoh.id");

    const checked = await check(token);
    expect(checked.status).toBe(200);
    expect(await checked.json()).toEqual({ data: { valid: true, email: "ganti@contoh.id" } });

    const res = await reset(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { email: "ganti@contoh.id" } });

    await expectError(await login("ganti@contoh.id", DEMO_PASSWORD), 401, "INVALID_CREDENTIALS");
    expect((await login("ganti@contoh.id", NEW_PASSWORD)).status).toBe(200);
    for (const s of sessions) {
      await expectError(await typedRequest(api, "POST", "/refresh", { body: { refresh_token: s.refreshToken } }), 401, "REFRESH_TOKEN_REUSED");
    }
    const live = await api.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
    expect(live).toHaveLength(1); // the login after the reset

    await expectError(await reset(token, "LainLagi2028"), 400, "TOKEN_USED");
    await expectError(await check(token), 400, "TOKEN_USED");
    expect((await login("ganti@contoh.id", NEW_PASSWORD)).status).toBe(200);
  });

  it("answers TOKEN_INVALID for a tampered token and TOKEN_EXPIRED after an hour", async () => {
    await api.createUser({ email: "kedaluwarsa@contoh.id" });
    const token = await recoveryToken("kedaluwarsa@contoh.id");
    const tampered = `${token.slice(0, 10)}${token[10] === "a" ? "b" : "a"}${token.slice(11)}`;
    await expectError(await check(tampered), 400, "TOKEN_INVALID");
    await expectError(await reset(tampered), 400, "TOKEN_INVALID");

    await api.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.tokenHash, hashToken(token)));
    const body = await expectError(await check(token), 400, "TOKEN_EXPIRED");
    expect(body.error.message).toMatch(/minta tautan baru/);
    await expectError(await reset(token), 400, "TOKEN_EXPIRED");
    expect((await login("kedaluwarsa@contoh.id", DEMO_PASSWORD)).status).toBe(200);
  });

  it("keeps only the newest link alive", async () => {
    await api.createUser({ email: "dua.kali@contoh.id" });
    const first = await recoveryToken("dua.kali@contoh.id");
    const second = await recoveryToken("dua.kali@contoh.id");
    await expectError(await reset(first), 400, "TOKEN_EXPIRED");
    expect((await reset(second)).status).toBe(200);
  });

  it("does not take an activation token", async () => {
    const signUp = await typedRequest(api, "POST", "/register/citizen", {
      body: {
        full_name: "Citra Lestari",
        nik: "3273000000000777",
        email: "citra@contoh.id",
        phone: "081299990000",
        password: "Rahasia123",
        password_confirmation: "Rahasia123",
        consent: "on",
      },
    });
    expect(signUp.status).toBe(201);
    const [mail] = await api.mails("citra@contoh.id");
    await expectError(await reset(tokenFrom(mail, "/account-activation")), 400, "TOKEN_INVALID");
  });

  it("activates an account that never was: the mailed link proves the address", async () => {
    await api.createUser({ email: "belum.aktif@contoh.id", activated: false });
    const token = await recoveryToken("belum.aktif@contoh.id");
    expect((await reset(token)).status).toBe(200);
    const [user] = await api.db.select().from(users).where(eq(users.email, "belum.aktif@contoh.id"));
    expect(user.activatedAt).toBeInstanceOf(Date);
    expect((await login("belum.aktif@contoh.id", NEW_PASSWORD)).status).toBe(200);
  });

  it("validates the new password with the spec's messages and keeps the link", async () => {
    await api.createUser({ email: "sandi.lemah@contoh.id" });
    const token = await recoveryToken("sandi.lemah@contoh.id");
    const short = await expectError(await reset(token, "a1"), 400, "VALIDATION_ERROR");
    expect(short.error.details).toMatchObject([{ path: "password", message: "minimal mengandung 8 karakter" }]);
    const mismatch = await expectError(await reset(token, "Rahasia123", "Rahasia124"), 400, "VALIDATION_ERROR");
    expect(mismatch.error.details).toMatchObject([{ path: "password_confirmation", message: "Konfirmasi Kata Sandi tidak cocok dengan Kata Sandi" }]);
    const missing = await expectError(await typedRequest(api, "GET", "/password/reset", { query: { token: "" } }), 400, "VALIDATION_ERROR");
    expect(missing.error.details).toMatchObject([{ path: "token", message: "Token harus diisi" }]);
    expect((await check(token)).status).toBe(200);
  });

  it("lets exactly one of two concurrent resets with one token succeed", async () => {
    await api.createUser({ email: "balapan@contoh.id" });
    const token = await recoveryToken("balapan@contoh.id");
    const results = await Promise.all([reset(token, "Pertama123"), reset(token, "Kedua12345")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0].status === 200 ? "Pertama123" : "Kedua12345";
    expect((await login("balapan@contoh.id", winner)).status).toBe(200);
  });

  it("lifts the login lock of the account", async () => {
    const { request } = api.appWith({ rateLimits: { loginPerIp: 100, loginPerAccount: 1, windowSec: 600 } });
    await api.createUser({ email: "terkunci@contoh.id" });
    expect((await request("/api/v1/login", { json: { email: "terkunci@contoh.id", password: "salah-salah" } })).status).toBe(401);
    expect((await request("/api/v1/login", { json: { email: "terkunci@contoh.id", password: DEMO_PASSWORD } })).status).toBe(429);
    expect((await reset(await recoveryToken("terkunci@contoh.id"))).status).toBe(200);
    expect((await request("/api/v1/login", { json: { email: "terkunci@contoh.id", password: NEW_PASSWORD } })).status).toBe(200);
  });
});
