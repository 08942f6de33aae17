import { expect, submitLogin, test } from "./accounts-fixtures";
import { expectPath } from "./fixtures";
import { activeApplicant, applicantPage } from "./review-fixtures";

// Deleting one's own account (/profile/hapus-akun): an applicant who never submitted, with JavaScript on
// and off. No first, then Yes; afterwards the session is gone and the address no longer logs in.

test("an applicant who never submitted deletes their account from /profile", async ({ browser, request }, testInfo) => {
  const { person } = await activeApplicant(request, testInfo, "REG", "dr. Hapus Akun");
  const page = await applicantPage(browser, testInfo, { person, jalur: "REG" } as Parameters<typeof applicantPage>[2]);
  await page.goto("/profile");
  await page.getByRole("link", { name: "Hapus akun saya" }).click();
  await expectPath(page, "/profile/hapus-akun");
  await expect(page.getByRole("heading", { level: 1, name: "Hapus Akun" })).toBeVisible();
  await expect(page).toHaveTitle(/^Hapus Akun — /);
  // No: back to the profile, nothing changed.
  await page.getByRole("link", { name: "No", exact: true }).click();
  await expectPath(page, "/profile");
  await page.getByRole("link", { name: "Hapus akun saya" }).click();
  await page.getByRole("button", { name: "Yes" }).click();
  await expectPath(page, "/welcome");
  await expect(page.getByText("Akun Anda beserta datanya telah dihapus.")).toBeVisible();
  // Logged out, and the account is gone.
  await page.goto("/profile");
  await expect(page).not.toHaveURL(/\/profile$/);
  await submitLogin(page, "/login", person.email, person.password);
  await expect(page.getByText("Surel atau kata sandi salah.")).toBeVisible();
});
