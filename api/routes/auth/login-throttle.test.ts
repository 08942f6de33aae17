import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAttempts } from "../../db/schema";
import type { RateLimitConfig } from "../../lib/rate-limits";
import { createTestApi, DEMO_PASSWORD, expectError, type TestApi } from "../../test/helpers";

// Docs/decisions/013-login-throttling.md: only failures count, per account and
// client address, with waits that grow; nobody's failures refuse the owner's right password elsewhere.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

const WRONG = "salah-salah";

function loginWith(limits: Partial<RateLimitConfig>) {
  const { request } = api.appWith({ rateLimits: { loginPerIp: 100, loginPerAccount: 5, windowSec: 900, ...limits } });
  return (email: string, password: string, address: string) => request("/api/v1/login", { json: { email, password }, headers: { "x-forwarded-for": address } });
}

/** As if the pair's last failure were `seconds` older: its wait has run out without the test sleeping. */
async function waitOut(email: string, seconds: number) {
  await api.db
    .update(loginAttempts)
    .set({ lastFailureAt: sql`${loginAttempts.lastFailureAt} - make_interval(secs => ${seconds})` })
    .where(eq(loginAttempts.email, email));
}

const retryAfter = (res: Response) => Number(res.headers.get("retry-after"));

describe("login throttling", () => {
  it("answers 200 to 200 right passwords sent at once for 25 accounts from one address, with the default limits", async () => {
    const login = loginWith({});
    const emails = Array.from({ length: 25 }, (_, i) => `paralel.${i}@adaptasi.test`);
    for (const email of emails) await api.createUser({ email });
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => login(emails[i % 25], DEMO_PASSWORD, "192.0.2.100")));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(0);
    expect(statuses.every((s) => s === 200)).toBe(true);
  }, 120_000);

  it("never refuses the right password from address B because of failures from address A", async () => {
    const login = loginWith({ loginPerAccount: 3 });
    await api.createUser({ email: "dua.alamat@adaptasi.test" });
    for (let i = 0; i < 3; i++) await expectError(await login("dua.alamat@adaptasi.test", WRONG, "198.51.100.1"), 401, "INVALID_CREDENTIALS");
    const blocked = await login("dua.alamat@adaptasi.test", DEMO_PASSWORD, "198.51.100.1");
    const body = await expectError(blocked, 429, "RATE_LIMITED");
    expect(body.error.message).toBe("Terlalu banyak percobaan. Coba lagi dalam 1 menit.");
    expect((await login("dua.alamat@adaptasi.test", DEMO_PASSWORD, "198.51.100.2")).status).toBe(200);
  });

  it("makes each further failure from one address wait twice as long, up to the cap, with Retry-After", async () => {
    const login = loginWith({ loginPerAccount: 2, loginDelayBaseSec: 30, loginDelayMaxSec: 120 });
    const email = "makin.lama@adaptasi.test";
    await api.createUser({ email });
    const from = "198.51.100.10";
    for (let i = 0; i < 2; i++) expect((await login(email, WRONG, from)).status).toBe(401);
    const waits: number[] = [];
    for (const expected of [30, 60, 120, 120]) {
      const blocked = await login(email, DEMO_PASSWORD, from);
      await expectError(blocked, 429, "RATE_LIMITED");
      waits.push(retryAfter(blocked));
      expect(retryAfter(blocked)).toBeGreaterThan(expected - 5);
      expect(retryAfter(blocked)).toBeLessThanOrEqual(expected);
      await waitOut(email, expected);
      expect((await login(email, WRONG, from)).status).toBe(401);
    }
    expect(waits[1]).toBeGreaterThan(waits[0]);
    expect(waits[2]).toBeGreaterThan(waits[1]);
    const capped = await login(email, DEMO_PASSWORD, from);
    expect((await expectError(capped, 429, "RATE_LIMITED")).error.message).toBe("Terlalu banyak percobaan. Coba lagi dalam 2 menit.");
  });

  it("mails the owner once when a delay starts, in Indonesian, with the address and no secret", async () => {
    const login = loginWith({ loginPerAccount: 2 });
    const email = "diberi.tahu@adaptasi.test";
    await api.createUser({ email });
    expect((await login(email, "Tebakan#Satu1", "198.51.100.20")).status).toBe(401);
    expect(await api.mails(email)).toHaveLength(0);
    expect((await login(email, "Tebakan#Dua22", "198.51.100.20")).status).toBe(401);
    const mails = await api.mails(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe("Percobaan masuk yang gagal pada akun Adaptasi Nakes LLN / Failed sign-in attempts");
    expect(mail.text).toContain("Yth. Pengguna Uji,");
    expect(mail.text).toContain("dari alamat IP 198.51.100.20");
    expect(mail.text).toContain("http://localhost:3000/forgot-password/email");
    for (const secret of ["Tebakan#Satu1", "Tebakan#Dua22", DEMO_PASSWORD, "token="]) expect(mail.raw).not.toContain(secret);

    // Refused attempts and failures while the delay runs start nothing new.
    expect((await login(email, WRONG, "198.51.100.20")).status).toBe(429);
    await waitOut(email, 30);
    expect((await login(email, WRONG, "198.51.100.20")).status).toBe(401);
    // Another address's delay within the hour is not mailed again: many addresses cannot flood the mailbox.
    for (let i = 0; i < 2; i++) expect((await login(email, WRONG, "198.51.100.21")).status).toBe(401);
    expect((await login(email, WRONG, "198.51.100.21")).status).toBe(429);
    expect(await api.mails(email)).toHaveLength(1);
  });

  it("sends no mail for an address nobody registered, and answers it as any account", async () => {
    const login = loginWith({ loginPerAccount: 2 });
    for (let i = 0; i < 2; i++) expect((await login("tak.terdaftar@adaptasi.test", WRONG, "198.51.100.30")).status).toBe(401);
    expect((await login("tak.terdaftar@adaptasi.test", WRONG, "198.51.100.30")).status).toBe(429);
    expect(await api.mails("tak.terdaftar@adaptasi.test")).toHaveLength(0);
  });

  it("clears a pair's failures on its success, and only that pair's", async () => {
    const login = loginWith({ loginPerAccount: 2 });
    const email = "bersih@adaptasi.test";
    await api.createUser({ email });
    for (let i = 0; i < 2; i++) expect((await login(email, WRONG, "198.51.100.40")).status).toBe(401);
    expect((await login(email, DEMO_PASSWORD, "198.51.100.40")).status).toBe(429);
    // B's success neither waits for A's failures nor forgives them.
    expect((await login(email, DEMO_PASSWORD, "198.51.100.41")).status).toBe(200);
    expect((await login(email, DEMO_PASSWORD, "198.51.100.40")).status).toBe(429);
    await waitOut(email, 30);
    expect((await login(email, DEMO_PASSWORD, "198.51.100.40")).status).toBe(200);
    // A starts afresh: two free failures again.
    expect((await login(email, WRONG, "198.51.100.40")).status).toBe(401);
    expect((await login(email, WRONG, "198.51.100.40")).status).toBe(401);
    expect((await login(email, DEMO_PASSWORD, "198.51.100.40")).status).toBe(429);
  });

  it("limits an address by its failures over all accounts, never by its successes", async () => {
    const login = loginWith({ loginPerIp: 3, loginPerAccount: 100 });
    for (const email of ["kolegium@adaptasi.test", "kki@adaptasi.test", "pembekalan@adaptasi.test", "kolegium@adaptasi.test", "kki@adaptasi.test"]) {
      expect((await login(email, DEMO_PASSWORD, "203.0.113.50")).status).toBe(200);
    }
    expect((await login("kolegium@adaptasi.test", WRONG, "203.0.113.50")).status).toBe(401);
    expect((await login("kki@adaptasi.test", WRONG, "203.0.113.50")).status).toBe(401);
    expect((await login("tidak.ada@adaptasi.test", WRONG, "203.0.113.50")).status).toBe(401);
    const blocked = await login("pembekalan@adaptasi.test", DEMO_PASSWORD, "203.0.113.50");
    const body = await expectError(blocked, 429, "RATE_LIMITED");
    expect(body.error.message).toBe("Terlalu banyak percobaan. Coba lagi dalam 15 menit.");
    expect(retryAfter(blocked)).toBeGreaterThan(800);
    expect((await login("pembekalan@adaptasi.test", DEMO_PASSWORD, "203.0.113.51")).status).toBe(200);
  });

  it("under a guesser spread over many addresses, new addresses lose their free failures; the owner is never refused a first try or at a known address", async () => {
    const login = loginWith({ loginPerAccount: 3, loginPerAccountAllAddresses: 6 });
    const email = "diserbu@adaptasi.test";
    await api.createUser({ email });
    expect((await login(email, DEMO_PASSWORD, "192.0.2.200")).status).toBe(200); // the owner's usual address
    for (let i = 1; i <= 6; i++) expect((await login(email, WRONG, `203.0.113.${100 + i}`)).status).toBe(401);
    // A new address: one failure, then it waits.
    expect((await login(email, WRONG, "203.0.113.120")).status).toBe(401);
    await expectError(await login(email, WRONG, "203.0.113.120"), 429, "RATE_LIMITED");
    // The owner: a first try from a new address, and the known address with its free failures.
    expect((await login(email, DEMO_PASSWORD, "192.0.2.201")).status).toBe(200);
    expect((await login(email, WRONG, "192.0.2.200")).status).toBe(401);
    expect((await login(email, DEMO_PASSWORD, "192.0.2.200")).status).toBe(200);
  });
});
