import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  ACCOUNTS,
  DEMO_PASSWORD,
  STAFF,
  apiKey,
  apiTokens,
  expectLoggedOut,
  expectPath,
  landAs,
  startSession,
  sidebar,
  submitLogin,
  userMenuSummary,
  type Account,
} from "./fixtures";

// Spec §2 "Navigation guards" and §6 "Area rules", as a visitor meets them in the browser.

const ROLE_REFUSED = "Peran Anda tidak diizinkan membuka halaman tersebut.";
const PAGE_NOT_FOR_ROLE = "Halaman tersebut tidak dapat dibuka dengan peran Anda, jadi Anda diarahkan ke beranda Anda.";
const BAD_LINK = "Tautan masuk tidak valid atau sudah kedaluwarsa.";

/** Groups whose pages are reached with page.goto only: the server's guard answers, the same with JavaScript. */
const serverGuardOnly = () =>
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the server's guard answers a document request: the same with JavaScript");

/** The guard logged the user out: /welcome with the refusal, and the session is gone. */
async function expectRefusedAndLoggedOut(page: Page) {
  await expectPath(page, "/welcome");
  await expect(page.getByText(ROLE_REFUSED)).toBeVisible();
  await expectLoggedOut(page);
}

/** Logs in through the form, lands home, then opens `path`. */
async function loginAndVisit(page: Page, account: Account, path: string) {
  await startSession(page, account);
  await page.goto(path);
}

test('anonymous visitors of "/" and "/dashboard" go to /welcome', async ({ page }) => {
  for (const path of ["/", "/dashboard"]) {
    await page.goto(path);
    await expectPath(page, "/welcome");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Selamat datang");
  }
});

test.describe('applicant guard "/"', () => {
  test("role 3 is allowed", async ({ page }) => {
    await loginAndVisit(page, ACCOUNTS.pemohon, "/");
    await expectPath(page, "/");
    await expect(page.getByRole("heading", { name: `Halo, ${ACCOUNTS.pemohon.name}` })).toBeVisible();
  });

  test("role 8 is sent to /dashboard, still logged in", async ({ page }) => {
    await loginAndVisit(page, ACCOUNTS.fasyankes, "/");
    await expectPath(page, "/dashboard");
    await expect(userMenuSummary(page)).toContainText(ACCOUNTS.fasyankes.name);
  });
});

test.describe('dashboard guard "/dashboard"', () => {
  test("role 3 is sent to /, still logged in", async ({ page }) => {
    await loginAndVisit(page, ACCOUNTS.pemohon, "/dashboard");
    await expectPath(page, "/");
    await expect(page.getByRole("heading", { name: `Halo, ${ACCOUNTS.pemohon.name}` })).toBeVisible();
  });

  for (const key of ["fasyankes", "fasyankesBaru"] as const) {
    const account = ACCOUNTS[key];
    test(`role 8 (${account.email}) is allowed`, async ({ page }) => {
      await loginAndVisit(page, account, "/dashboard");
      await expectPath(page, "/dashboard");
      await expect(page.getByRole("heading", { name: "Beranda", level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { name: `Selamat datang, ${account.name}` })).toBeVisible();
    });
  }
});

test.describe('roles 1, 2, 4, 5, 6, 7 on "/" and "/dashboard"', () => {
  serverGuardOnly();
  for (const key of STAFF) {
    const account = ACCOUNTS[key];
    test(`role ${account.roleId} is logged out and sent to /welcome from both`, async ({ page }) => {
      await loginAndVisit(page, account, "/");
      await expectRefusedAndLoggedOut(page);
      await loginAndVisit(page, account, "/dashboard");
      await expectRefusedAndLoggedOut(page);
    });
  }
});

test.describe("logged-in pages", () => {
  test("anonymous visitors go to /login?redirectTo=<the page>", async ({ page }) => {
    for (const path of ["/profile", "/application", "/application-list", "/evaluation-requirements"]) {
      await page.goto(path);
      await expectPath(page, "/login");
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(path);
    }
  });

  test("after logging in from the redirect, the user is taken back to the page asked for", async ({ page }) => {
    await page.goto("/profile");
    await expectPath(page, "/login");
    await submitLogin(page, ACCOUNTS.subkomite);
    await expectPath(page, "/profile");
    await expect(page.getByRole("heading", { name: "Profil", level: 1 })).toBeVisible();
  });

  test("a login never follows a return path off the portal, and a broken one is not a 500", async ({ request, baseURL, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "form posts without a browser: once is enough");
    // Form-decoded, as the browser's hidden field sends them: "%2F%09%2F127.0.0.1:4999%2F" and "/%0A/x".
    const hostile = [
      "/\t/127.0.0.1:4999/",
      "/\n/x",
      "/\r\n/x",
      "//127.0.0.1:4999/",
      "/\\127.0.0.1:4999",
      "/.//127.0.0.1:4999/",
      "https://127.0.0.1:4999/",
      "javascript:alert(1)",
      `/${"a".repeat(5000)}`,
    ];
    for (const redirectTo of hostile) {
      const res = await request.post("/login", {
        headers: { Origin: baseURL! },
        form: { email: ACCOUNTS.pemohon.email, password: DEMO_PASSWORD, redirectTo },
        maxRedirects: 0,
      });
      expect(res.status(), JSON.stringify(redirectTo)).toBe(302);
      expect(res.headers()["location"], JSON.stringify(redirectTo)).toBe(ACCOUNTS.pemohon.home);
    }
  });

  for (const [key, path] of [
    ["subkomite", "/application"],
    ["kki", "/application-list"],
  ] as const) {
    const account = ACCOUNTS[key];
    test(`role ${account.roleId} (${account.email}) is logged out on ${path}`, async ({ page }) => {
      await loginAndVisit(page, account, path);
      await expectRefusedAndLoggedOut(page);
    });
  }

  // An applicant or a facility admin on another role's page goes to their own area, still logged in.
  for (const [key, path] of [
    ["pemohon", "/application"],
    ["fasyankes", "/application"],
    ["pemohon", "/register-competency-evaluation"],
  ] as const) {
    const account = ACCOUNTS[key];
    test(`role ${account.roleId} (${account.email}) on ${path} is sent to ${account.home}, still logged in`, async ({ page }) => {
      await loginAndVisit(page, account, path);
      await expectPath(page, account.home);
      await expect(userMenuSummary(page)).toContainText(account.name);
      // A toast says why they landed there, as the staff's logout does.
      await expect(page.getByText(PAGE_NOT_FOR_ROLE)).toBeVisible();
    });
  }
});

test.describe("role 8 on the applicant's submission pages", () => {
  serverGuardOnly();
  // Spec §2: role 8 on the applicant's area goes to /dashboard; a page that needs a registration (?id=)
  // and has none sends them to their list. Never a logout, never a 404.
  for (const [path, to] of [
    ["/submission-form", "/dashboard"],
    ["/submission-form/adaptation-form", "/dashboard"],
    ["/submission-form/success", "/application-status"],
    ["/submission-form/success-reupload", "/application-status"],
    ["/application-status/application-status-detail", "/application-status"],
  ] as const) {
    test(`${path} → ${to}, still logged in`, async ({ page }) => {
      await loginAndVisit(page, ACCOUNTS.fasyankes, path);
      await expectPath(page, to);
      await expect(userMenuSummary(page)).toContainText(ACCOUNTS.fasyankes.name);
      await page.goto("/dashboard");
      await expectPath(page, "/dashboard");
    });
  }
});

test.describe("landing pages send logged-in users home", () => {
  serverGuardOnly();
  for (const key of ["pemohon", "fasyankes", "admin", "superadmin"] as const) {
    const account = ACCOUNTS[key];
    test(`role ${account.roleId} (${account.email}) visiting /welcome, /login or /wna/login goes to ${account.home}`, async ({ page }) => {
      await startSession(page, account);
      for (const path of ["/welcome", "/login", "/wna/login"]) {
        await page.goto(path);
        await expectPath(page, account.home);
      }
      // Still logged in: a landing redirect never ends the session.
      await page.goto("/profile");
      await expectPath(page, "/profile");
    });
  }
});

test.describe("query-token login", () => {
  test("/dashboard?access_token=… logs a role 8 user in and drops the token from the URL", async ({ page, request }) => {
    const { token } = await apiTokens(request, ACCOUNTS.fasyankes);
    await page.goto(`/dashboard?access_token=${encodeURIComponent(token)}`);
    await expectPath(page, "/dashboard");
    expect(new URL(page.url()).search).toBe("");
    await expect(userMenuSummary(page)).toContainText(ACCOUNTS.fasyankes.name);
    await expect(sidebar(page).getByRole("listitem")).toHaveText(ACCOUNTS.fasyankes.sidebar!.items);
    // The session is held by the portal now, not by the URL.
    await page.goto("/profile");
    await expectPath(page, "/profile");
  });

  test("/?token=…&refresh_token=… logs a role 3 user in and drops the tokens from the URL", async ({ page, request }) => {
    const { token, refreshToken } = await apiTokens(request, ACCOUNTS.pemohon);
    await page.goto(`/?token=${encodeURIComponent(token)}&refresh_token=${encodeURIComponent(refreshToken)}`);
    await expectPath(page, "/");
    expect(new URL(page.url()).search).toBe("");
    await expect(page.getByRole("heading", { name: `Halo, ${ACCOUNTS.pemohon.name}` })).toBeVisible();
    await page.goto("/evaluation-requirements");
    await expectPath(page, "/evaluation-requirements");
  });

  test("the link's page is never cached and sends no Referer (its URL holds the tokens)", async ({ request, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "headers only: once is enough");
    const { token, refreshToken } = await apiTokens(request, ACCOUNTS.pemohon);
    const res = await request.get(`/?token=${encodeURIComponent(token)}&refresh_token=${encodeURIComponent(refreshToken)}`, { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers()["location"]).toBe("/");
    expect(res.headers()["cache-control"]).toBe("no-store");
    expect(res.headers()["referrer-policy"]).toBe("no-referrer");
  });

  test("an invalid token goes to /welcome with an error", async ({ page }) => {
    for (const url of ["/dashboard?access_token=tidak-sah", "/?token=tidak-sah&refresh_token=tidak-sah"]) {
      await page.goto(url);
      await expectPath(page, "/welcome");
      expect(new URL(page.url()).search).toBe("");
      await expect(page.getByRole("alert")).toContainText(BAD_LINK);
    }
    await expectLoggedOut(page);
  });
});

/** The tokens the portal keeps for this browser: its signed session cookie is base64 JSON before the signature. */
async function sessionTokens(page: Page): Promise<{ accessToken: string; refreshToken: string }> {
  const cookie = (await page.context().cookies()).find((c) => c.name === "__session");
  expect(cookie, "logged in").toBeTruthy();
  const value = decodeURIComponent(cookie!.value);
  const data = JSON.parse(decodeURIComponent(escape(atob(value.slice(0, value.lastIndexOf("."))))));
  return data.auth;
}

/** Whether an access token still opens the API (a revoked session's tokens stop at once, decision 006). */
async function accessWorks(request: APIRequestContext, token: string): Promise<boolean> {
  const res = await request.get("/api/v1/admin/get-me", { headers: { "x-adaptasiapikey": apiKey(), authorization: `Bearer ${token}` } });
  return res.status() === 200;
}

test.describe("a query-token link of another account while logged in", () => {
  const me = ACCOUNTS.pemohon;
  const other = ACCOUNTS.pemohonWna;
  const linkOf = (t: { token: string; refreshToken: string }) => `/?token=${encodeURIComponent(t.token)}&refresh_token=${encodeURIComponent(t.refreshToken)}`;

  /** Logged in through the form, the applicant opens the other account's link and is asked. */
  async function openOthersLink(page: Page, request: APIRequestContext) {
    await landAs(page, me);
    await expectPath(page, "/");
    const mine = await sessionTokens(page);
    const theirs = await apiTokens(request, other);
    await page.goto(linkOf(theirs));
    await expectPath(page, "/session/switch");
    expect(new URL(page.url()).search, "no token in the address").toBe("");
    await expect(page.getByRole("heading", { name: "Ganti akun?", level: 1 })).toBeVisible();
    await expect(page.getByText(`Anda sedang masuk sebagai ${me.name} (${me.email}). Masuk sebagai ${other.name} (${other.email})?`)).toBeVisible();
    const html = await page.content();
    expect(html).not.toContain(theirs.token);
    expect(html).not.toContain(theirs.refreshToken);
    return { mine, theirs };
  }

  test("declining keeps the applicant in their own account and cancels the link's session", async ({ page, request, browser, baseURL }) => {
    const { mine, theirs } = await openOthersLink(page, request);
    // axe-core runs as a script in the page: it reads the same question in a context with JavaScript on and
    // the same cookies (this spec runs with JavaScript off, tests/e2e/modes.ts); reading it answers nothing.
    const withJs = await browser.newContext({ baseURL, locale: "id-ID", javaScriptEnabled: true, storageState: await page.context().storageState() });
    const question = await withJs.newPage();
    await question.goto("/session/switch");
    await expectPath(question, "/session/switch");
    const axe = await new AxeBuilder({ page: question }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(
      axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
      "axe on the question",
    ).toEqual([]);
    await withJs.close();
    await page.getByRole("button", { name: `Tetap sebagai ${me.name}` }).click();
    await expectPath(page, "/");
    await expect(page.getByRole("heading", { name: `Halo, ${me.name}` })).toBeVisible();
    await expect(page.getByRole("status")).toContainText(`Anda tetap masuk sebagai ${me.name}`);
    expect(await accessWorks(request, mine.accessToken), "the applicant's own session stands").toBe(true);
    expect(await accessWorks(request, theirs.token), "the link's session is revoked").toBe(false);
    // The question is gone: the page cannot be answered again.
    await page.goto("/session/switch");
    await expectPath(page, "/");
  });

  test("accepting switches to the other account and revokes the session it replaces", async ({ page, request }) => {
    const { mine } = await openOthersLink(page, request);
    await page.getByRole("button", { name: `Masuk sebagai ${other.name}` }).click();
    await expectPath(page, "/");
    await expect(page.getByRole("heading", { name: `Halo, ${other.name}` })).toBeVisible();
    await expect(page.getByRole("status")).toContainText(`Anda sekarang masuk sebagai ${other.name}`);
    expect(await accessWorks(request, mine.accessToken), "the replaced session's access token").toBe(false);
    const refresh = await request.post("/api/v1/refresh", { headers: { "x-adaptasiapikey": apiKey() }, data: { refresh_token: mine.refreshToken } });
    expect(refresh.status(), "the replaced session's refresh token").toBe(401);
    await page.goto("/profile");
    await expect(page.getByText(other.email).first()).toBeVisible();
  });

  test("a link of the same account asks nothing and keeps the session", async ({ page, request }) => {
    await landAs(page, me);
    await expectPath(page, "/");
    const mine = await sessionTokens(page);
    await page.goto(linkOf(await apiTokens(request, me)));
    await expectPath(page, "/");
    expect(new URL(page.url()).search).toBe("");
    await expect(page.getByRole("heading", { name: `Halo, ${me.name}` })).toBeVisible();
    expect(await accessWorks(request, mine.accessToken)).toBe(true);
  });

  test("an anonymous visitor with the link is logged in directly, as before", async ({ page, request }) => {
    await page.goto(linkOf(await apiTokens(request, other)));
    await expectPath(page, "/");
    expect(new URL(page.url()).search).toBe("");
    await expect(page.getByRole("heading", { name: `Halo, ${other.name}` })).toBeVisible();
  });

  test("another site cannot answer the question for the user", async ({ page, request, baseURL }) => {
    await openOthersLink(page, request);
    const forged = await page.request.post("/session/switch", {
      headers: { Origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      data: "intent=confirm",
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    await page.goto(`${baseURL}/`);
    await expect(page.getByRole("heading", { name: `Halo, ${me.name}` })).toBeVisible();
  });
});
