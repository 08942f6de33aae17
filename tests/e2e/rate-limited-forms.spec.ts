import { rmSync } from "node:fs";
import { expect, test, type Page, type Response } from "@playwright/test";
import { startServer, stopServer, tempDir, type Running } from "../faults/server";
import { ACCOUNTS, expectPath } from "./fixtures";

// A form the API refuses with 429 (too many logins, recovery or activation mails) answers 429 with the
// API's Retry-After and says above the form, in words, how long to wait; what was typed stays, the
// password aside. Without JavaScript the page is all a person has, so these run with JavaScript off.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the answer to a plain form post: what JavaScript off shows");

/** Posts the page's form with `submit` and returns the answer to that post. */
async function post(page: Page, submit: () => Promise<void>): Promise<Response> {
  const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST" && r.request().isNavigationRequest()), submit()]);
  return answer;
}

/** The answer's Retry-After in seconds, after checking it is one. */
function retryAfter(answer: Response): number {
  const value = answer.headers()["retry-after"];
  expect(value, "Retry-After").toMatch(/^\d+$/);
  return Number(value);
}

/** "30 detik" under a minute, else whole minutes rounded up, as the page says a wait. */
const inWords = (seconds: number) => (seconds < 60 ? `${seconds} detik` : `${Math.ceil(seconds / 60)} menit`);

test.describe("mail requests past their limit (3 per address per hour)", () => {
  for (const form of [
    { path: "/forgot-password/email", button: "KIRIM TAUTAN", sent: "/forgot-password/email-send" },
    { path: "/account-activation", button: "KIRIM ULANG TAUTAN AKTIVASI", sent: "/account-activation/success-resend" },
  ]) {
    test(`${form.path}: the fourth request answers 429 with Retry-After and says how long to wait`, async ({ page }, testInfo) => {
      const email = `batas.${testInfo.project.name}.${Date.now()}.${form.path.length}@contoh.test`;
      const ask = () => page.getByRole("button", { name: form.button, exact: true }).click();
      for (let i = 0; i < 3; i++) {
        await page.goto(form.path);
        await page.getByLabel("Alamat Surel", { exact: true }).fill(email);
        await ask();
        await expectPath(page, form.sent);
      }
      await page.goto(form.path);
      await page.getByLabel("Alamat Surel", { exact: true }).fill(email);
      const answer = await post(page, ask);
      expect(answer.status()).toBe(429);
      const seconds = retryAfter(answer);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(3600);
      await expect(page.getByRole("alert")).toContainText(`Terlalu banyak percobaan. Coba lagi dalam ${inWords(seconds)}.`);
      await expect(page.getByLabel("Alamat Surel", { exact: true })).toHaveValue(email);
    });
  }
});

test.describe("logins past the wait-free failures", () => {
  test.describe.configure({ mode: "serial" });
  // The shared test server allows 1,000 free failures per account (every spec logs in from 127.0.0.1);
  // this one allows one, on the port after the test server's (within each session's own range).
  let server: Running | undefined;
  let dataDir = "";
  test.beforeAll(async () => {
    // A hang guard, not a speed check: a fresh data directory migrates and seeds before it answers.
    test.setTimeout(360_000);
    dataDir = tempDir("login-429");
    server = await startServer({
      PORT: String(Number(process.env.E2E_PORT ?? 3210) + 1),
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      RATE_LIMIT_LOGIN_PER_ACCOUNT: "1",
      JOBS_INTERVAL_SECONDS: "0",
    });
  });
  test.afterAll(async () => {
    await stopServer(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  for (const [loginPath, account] of [
    ["/login", ACCOUNTS.pemohon],
    ["/wna/login", ACCOUNTS.pemohonWna],
  ] as const) {
    test(`${loginPath}: the second wrong password answers 429 with Retry-After and "Coba lagi dalam 30 detik"`, async ({ page }) => {
      const attempt = async () => {
        await page.goto(`${server!.base}${loginPath}`);
        await page.getByLabel("Alamat Surel", { exact: true }).fill(account.email);
        await page.getByLabel("Kata Sandi", { exact: true }).fill("bukan-sandinya-1");
        return post(page, () => page.getByRole("button", { name: "MASUK", exact: true }).click());
      };
      expect((await attempt()).status()).toBe(400);
      await expect(page.getByRole("alert")).toContainText("Surel atau kata sandi salah.");

      const answer = await attempt();
      expect(answer.status()).toBe(429);
      const seconds = retryAfter(answer);
      // The first wait (30 s), counted from the failure before: what is left of it, however long that took here.
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(30);
      await expect(page.getByRole("alert")).toContainText(`Terlalu banyak percobaan. Coba lagi dalam ${seconds} detik.`);
      await expect(page.getByLabel("Alamat Surel", { exact: true })).toHaveValue(account.email);
      await expect(page.getByLabel("Kata Sandi", { exact: true })).toHaveValue("");
    });
  }
});
