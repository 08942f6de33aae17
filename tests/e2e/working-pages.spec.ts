import type { Page } from "@playwright/test";
import { sidewaysOverflow } from "../reach/measure";
import { freshApplicant } from "./applicant-fixtures";
import { expect, test } from "./accounts-fixtures";
import { expectPath, startSession } from "./fixtures";

// The applicant's and the reviewer's working pages: choices before long lists, the
// reviewer's reason where it is read, a reviewer reaching the decision, a history as a timeline, and
// nothing sticking out sideways on a 360 px phone.

const PHONE = { width: 360, height: 740 };

async function expectNoSidewaysOverflow(page: Page) {
  await page.setViewportSize(PHONE);
  expect(await sidewaysOverflow(page), `${page.url()} at 360 px`).toEqual([]);
}

test("/welcome offers 'Buat akun' for WNI and WNA beside the two 'Masuk' buttons", async ({ page }) => {
  await page.goto("/welcome");
  await expect(page.getByRole("link", { name: "Masuk sebagai WNI" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Masuk sebagai WNA" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Buat akun WNI" })).toHaveAttribute("href", "/sign-up");
  await expect(page.getByRole("link", { name: "Buat akun WNA" })).toHaveAttribute("href", "/wna/sign-up/welcome");
  await expectNoSidewaysOverflow(page);
});

test("/registration-path: the choices come before the folded document lists; an empty choice puts the summary at the top", async ({
  page,
  request,
  javaScriptEnabled,
}, testInfo) => {
  await freshApplicant(page, request, testInfo);
  await page.goto("/registration-path");
  const regular = page.getByRole("radio", { name: "Reguler", exact: true });
  const list = page.locator("details", { hasText: "Dokumen jalur Reguler" });
  // The radio sits above its own list, and the list is folded until asked for.
  const radioBox = (await regular.boundingBox())!;
  const listBox = (await list.boundingBox())!;
  expect(radioBox.y).toBeLessThan(listBox.y);
  expect(radioBox.y).toBeLessThan(700);
  await expect(list.getByRole("listitem").first()).toBeHidden();
  await list.locator("summary").click();
  await expect(list.getByRole("listitem").first()).toBeVisible();

  await page.getByRole("button", { name: "LANJUTKAN" }).click();
  await expectPath(page, "/registration-path");
  const summary = page.getByRole("alert").filter({ hasText: "Jalur pendaftaran" });
  await expect(summary).toBeVisible();
  // The summary is above the radios, not under the lists.
  expect((await summary.boundingBox())!.y).toBeLessThan((await regular.boundingBox())!.y);
  if (javaScriptEnabled) await expect(summary).toBeFocused();
  await expectNoSidewaysOverflow(page);
});

test("the reupload form shows the reviewer's reason as a warning on each flagged document; the detail page shows a timeline", async ({ page }) => {
  await startSession(page, { email: "pemohon.demo03@adaptasi.test" });
  await page.goto("/submission-form/reupload-form");
  const reason = page.getByRole("note").filter({ hasText: "Logbook belum ditandatangani" });
  await expect(reason).toBeVisible();
  await expect(reason).toContainText("Alasan peninjau:");
  // A warning, not plain text: the portal's warning background.
  expect(await reason.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(255, 244, 214)");
  await expect(page.locator("label", { hasText: "Pilih berkas" })).toHaveCount(2);
  await expectNoSidewaysOverflow(page);

  await page.goto("/application-status/application-status-detail");
  const history = page.getByRole("region", { name: "Riwayat permohonan" });
  const events = history.locator("ol > li");
  expect(await events.count()).toBeGreaterThanOrEqual(2);
  await expect(events.first().locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  await expect(history.getByText("Perbaikan berkas diminta")).toBeVisible();
  await expect(history).not.toContainText(" dari ");
  await expectNoSidewaysOverflow(page);
});

test("the reviewer detail keeps the way to the decision at the top and fits a 360 px phone", async ({ page }) => {
  await startSession(page, { email: "admin@adaptasi.test" });
  await page.goto("/application-list");
  // The list opens on the files waiting for the Admin: the first one is the Admin's to decide.
  const href = await page
    .locator("a")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? "").find((h) => /^\/application-list\/[0-9a-f-]{36}$/.test(h)));
  expect(href, "a detail link on /application-list").toBeTruthy();
  await page.goto(href!);
  const bar = page.getByRole("complementary", { name: "Ringkasan permohonan" });
  await expect(bar).toBeVisible();
  await expect(bar.getByText(/^ADP-\d{4}-\d{6}$/)).toHaveCSS("white-space", "nowrap");
  const jump = bar.getByRole("link", { name: "Ke formulir keputusan" });
  await expect(jump).toHaveAttribute("href", "#keputusan");
  await expect(page.getByRole("region", { name: "Riwayat" }).locator("ol > li").first()).toBeVisible();

  // A document's reason opens only once it is ticked (CSS, so without JavaScript too); it is in the page either way.
  const form = page.locator("#keputusan");
  const firstDoc = form.getByRole("checkbox").first();
  const docName = (await form.locator('input[type="checkbox"] + label').first().textContent()) ?? "";
  const reason = form.getByLabel(`Alasan — ${docName}`, { exact: true });
  await expect(reason).toHaveCount(1);
  await expect(reason).toBeHidden();
  await firstDoc.check();
  await expect(reason).toBeVisible();
  await firstDoc.uncheck();
  await expect(reason).toBeHidden();

  await jump.click();
  await expect(page.getByRole("heading", { name: /^Keputusan tahap/ })).toBeInViewport();
  await expectNoSidewaysOverflow(page);
  // Scrolled to the bottom, the summary and its link are still in view.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(jump).toBeInViewport();
});

test("the facility's registration detail shows its timeline and fits a 360 px phone", async ({ page }) => {
  await startSession(page, { email: "fasyankes@adaptasi.test" });
  await page.goto("/application-status");
  // A registration sent back for correction, if the facility has one: its detail holds the reupload form too.
  const reupload = page.getByRole("link", { name: /^Perbaiki berkas/ }).first();
  const detail = (await reupload.count()) > 0 ? reupload : page.getByRole("link", { name: /^Detail pendaftaran/ }).first();
  await detail.click();
  await expectPath(page, "/application-status/application-status-detail");
  await expect(page.getByRole("region", { name: "Riwayat permohonan" }).locator("ol > li").first()).toBeVisible();
  await expectNoSidewaysOverflow(page);
});
