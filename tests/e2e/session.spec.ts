import { expect, test } from "@playwright/test";
import { ACCOUNTS, DEMO_PASSWORD, expectPath, loginViaForm } from "./fixtures";

// The session keep-alive (spec §4): POST /session/refresh answers whether the session still stands,
// and the logged-in layout leaves for /welcome once it does not.

test.describe("POST /session/refresh", () => {
  test("answers 401 without a session and 200 with one", async ({ request, baseURL }) => {
    const anonymous = await request.post("/session/refresh", { headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect(anonymous.status()).toBe(401);
    expect(await anonymous.json()).toEqual({ ok: false });
    expect(anonymous.headers()["cache-control"]).toBe("no-store");

    const login = await request.post("/login", {
      headers: { Origin: baseURL! },
      form: { email: ACCOUNTS.pemohon.email, password: DEMO_PASSWORD, redirectTo: "" },
      maxRedirects: 0,
    });
    expect(login.status()).toBe(302);
    const loggedIn = await request.post("/session/refresh", { headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect(loggedIn.status()).toBe(200);
    expect(await loggedIn.json()).toMatchObject({ ok: true, expiresAt: expect.any(Number) });
  });

  test("with JavaScript, a page whose session is gone goes to /welcome when the tab is shown again", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the keep-alive runs in the browser");
    await loginViaForm(page, ACCOUNTS.subkomite);
    await expectPath(page, ACCOUNTS.subkomite.home);
    await page.context().clearCookies(); // the session ends elsewhere (its cookie is gone)
    // Shown again: until the page has hydrated, nothing listens yet, so the event is sent until it is heard.
    await expect(async () => {
      if (new URL(page.url()).pathname !== "/welcome") await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      await page.waitForURL((url) => url.pathname === "/welcome", { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  });
});
