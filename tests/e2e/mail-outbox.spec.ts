import { expect, test } from "./accounts-fixtures";
import { ACCOUNTS, expectPath, startSession } from "./fixtures";

// /mail-outbox: the Super Admin reaches the failed-mail list from /sla-setting, with
// JavaScript on and off (the two projects). Mail that fails for good is made in the API tests
// (api/routes/admin/mail.test.ts, tests/faults/mail-outbox.test.ts); here every demo mail goes to the outbox folder.

test("the Super Admin opens the failed-mail list from the SLA page", async ({ page }) => {
  await startSession(page, ACCOUNTS.superadmin);
  await page.goto("/sla-setting");
  await page.getByRole("link", { name: "Surel gagal terkirim" }).click();
  await expectPath(page, "/mail-outbox");
  await expect(page.getByRole("heading", { level: 1, name: "Surel Gagal Terkirim" })).toBeVisible();
  await expect(page).toHaveTitle(/^Surel Gagal Terkirim — /);
  await expect(page.getByText("Tidak ada surel yang gagal terkirim.")).toBeVisible();
  // The demo database was never started in production: it records no live address, so nothing is held.
  await expect(page.getByRole("heading", { name: "Surel ditahan: basis data ini sebuah salinan" })).toHaveCount(0);
});
