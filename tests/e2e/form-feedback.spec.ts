// Forms that help rather than jump. With JavaScript a field speaks from its first keystroke (spec §5
// "aggressive") while the error summary at the top waits for a submit, and every navigation shows that it
// is on its way. Without JavaScript a refused post opens on the summary, with "Galat: " in the title, and
// the browser's own bubbles never speak before the portal's messages.
import type { Page } from "@playwright/test";
import { expect, submitSignUp, test } from "./accounts-fixtures";
import { freshApplicant } from "./applicant-fixtures";
import { field } from "./fixtures";

const EMAIL_MESSAGE = "harus berupa alamat surel yang benar";
const SUMMARY = /isian yang perlu diperbaiki/;

/** The sign-up form's error summary, by its heading. */
function summary(page: Page) {
  return page.locator('[role="alert"]').filter({ has: page.getByRole("heading", { name: SUMMARY }) });
}

/** With JavaScript, waits until Remix has taken the page over. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => Boolean((window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized));
}

test("with JavaScript a field speaks from its first keystroke; the summary appears only after a submit and stays as it was", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "JavaScript only");
  await page.goto("/sign-up");
  await hydrated(page);
  const email = field(page, "Alamat Surel");
  await email.pressSequentially("b");
  await expect(email).toHaveAccessibleDescription(new RegExp(EMAIL_MESSAGE));
  await email.pressSequentially("udi@contoh");
  await field(page, "Nama Lengkap").pressSequentially("B");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(summary(page)).toHaveCount(0);

  await submitSignUp(page);
  await expect(summary(page)).toBeVisible();
  await expect(summary(page)).toContainText(EMAIL_MESSAGE);
  const heading = await summary(page).getByRole("heading").textContent();
  // Fixing a field clears its own message; the summary keeps the submit's answer until the next one.
  await email.fill("budi@contoh.id");
  await expect(email).not.toHaveAccessibleDescription(new RegExp(EMAIL_MESSAGE));
  await expect(summary(page).getByRole("heading")).toHaveText(heading ?? "");
  await expect(summary(page)).toContainText(EMAIL_MESSAGE);
});

test('a refused post\'s page title starts with "Galat: "; without JavaScript the summary takes the focus and the form has novalidate', async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  await page.goto("/sign-up");
  if (js) await hydrated(page);
  // Server-rendered already: the browser sends the form as it is and the portal answers with its messages.
  await expect(page.locator("form#sign-up")).toHaveAttribute("novalidate", "");
  const before = await page.title();
  expect(before).not.toMatch(/^Galat: /);
  await field(page, "Alamat Surel").fill("budi@contoh");
  await submitSignUp(page);
  await expect(summary(page)).toBeVisible();
  await expect(page).toHaveTitle(`Galat: ${before}`);
  if (!js) {
    await expect(page.locator("form#sign-up")).toHaveAttribute("novalidate", "");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("alert");
    await expect(summary(page)).toBeFocused();
  }
  // A fresh visit is not an answer to a post.
  await page.goto("/sign-up");
  await expect(page).toHaveTitle(before);
});

test("with JavaScript a navigation that takes its time shows a slim bar until the page arrives", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "JavaScript only");
  await page.goto("/login");
  await hydrated(page);
  // The bar: the one aria-hidden element straight under <body>.
  const bar = page.locator('body > div[aria-hidden="true"]');
  await expect(bar).toHaveCount(0);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(
    (url) => url.pathname === "/forgot-password.data",
    async (route) => {
      asked = true;
      await held;
      await route.continue();
    },
  );
  await page.getByRole("link", { name: "Lupa kata sandi?" }).click();
  await expect(bar).toBeVisible();
  expect(asked).toBe(true);
  release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Lupa Kata Sandi/i);
  await expect(bar).toHaveCount(0);
});

test("without JavaScript a file form sent without its file is answered by the portal, which opens on its message", async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== "nojs", "the browser's own bubbles would stop the post without JavaScript");
  await freshApplicant(page, request, testInfo);
  await page.goto("/personal-data/upload-file");
  const before = await page.title();
  const form = page.locator("form").filter({ has: page.locator('input[type="file"]') });
  await expect(form).toHaveAttribute("novalidate", "");
  await form.getByRole("button", { name: "UNGGAH" }).click();
  const message = page.locator('[role="alert"]').filter({ has: page.locator('a[href="#photo"]') });
  await expect(message).toBeVisible();
  await expect(message).toBeFocused();
  await expect(page).toHaveTitle(`Galat: ${before}`);
});
