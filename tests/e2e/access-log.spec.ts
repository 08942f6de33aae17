import { sidewaysOverflow } from "../reach/measure";
import { ACCOUNTS } from "./fixtures";
import { applicantPage, detailPath, expect, reviewerPage, submittedApplication, test } from "./review-fixtures";

// Who saw my data (docs/decisions/026-access-log.md): a reviewer's reads of a file appear on its applicant's
// /profile/akses-data, newest first, with the reviewer's role and the time; no one else's log is reachable;
// the Super Admin searches the whole log on /access-log by a GET form. JavaScript off and on.

const PHONE = { width: 360, height: 740 };

test("a reviewer's opening of a file and one of its documents is listed for its applicant, and for no one else", async ({ browser, request }, testInfo) => {
  const app = await submittedApplication(request, testInfo, "REG", "dr. Data Terbaca");
  const other = await submittedApplication(request, testInfo, "REG", "dr. Data Lain");

  // The reviewer (Admin, stage 1) opens the file's detail, then its first document in the viewer and downloads it.
  const reviewer = await reviewerPage(browser, testInfo, "admin");
  const detail = detailPath("admin", app);
  await reviewer.goto(detail);
  await expect(reviewer.getByRole("heading", { level: 1 })).toBeVisible();
  await reviewer.goto(`${detail}/documents/1`);
  const href = await reviewer.locator('a[href^="/files/"][download]').first().getAttribute("href");
  expect(href).toBeTruthy();
  expect((await reviewer.request.get(href!)).status()).toBe(200);

  // The applicant reaches the log from the status page, on a phone.
  const page = await applicantPage(browser, testInfo, app);
  await page.setViewportSize(PHONE);
  await page.goto("/application-status");
  await page.getByRole("link", { name: "Lihat siapa yang membuka data Anda" }).click();
  await expect(page).toHaveURL(/\/profile\/akses-data$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Siapa yang Melihat Data Saya");
  // Other tests' list exports that held this file are listed too (with their filter), and so is another spec's
  // staff member opening the newest file of a list meanwhile (reach follows a list's first row): here, the
  // reviewer's reads, by its role and name.
  await expect(page.getByTestId("access-log")).toBeVisible();
  const entries = page
    .getByTestId("access-log")
    .getByRole("listitem")
    .filter({ hasNotText: "Mengunduh daftar permohonan" })
    .filter({ hasText: `Admin — ${ACCOUNTS.admin.name}` })
    // Another spec's Admin may open this file's detail meanwhile (reach follows a list's newest row): that visit
    // reads no document. This reviewer's visit is the one that read document 1.
    .filter({ hasText: /; dokumen .+, versi 1/ });
  // The detail, the viewer's page (it reads the detail), the file shown in the viewer and the download: one visit,
  // one line, saying what it opened in order; with the reviewer's role and name, and a time.
  await expect(entries).toHaveCount(1);
  const count = 1;
  await expect(entries.first().getByText(new RegExp(`^Membuka berkas ${app.registrationNumber}: rincian berkas; dokumen .+, versi 1$`))).toBeVisible();
  for (let i = 0; i < count; i++) {
    await expect(entries.nth(i)).toContainText(`Admin — ${ACCOUNTS.admin.name}`);
    await expect(entries.nth(i).locator("time")).toHaveText(/\d{2}[.:]\d{2} WIB$/);
  }
  expect(await sidewaysOverflow(page)).toEqual([]);
  // The profile links to it as well.
  await page.goto("/profile");
  await expect(page.getByRole("link", { name: "Siapa yang melihat data saya" })).toHaveAttribute("href", "/profile/akses-data");

  // Another applicant's log holds nothing of it; there is no way to name someone else's.
  const otherPage = await applicantPage(browser, testInfo, other);
  await otherPage.goto("/profile/akses-data");
  // Nobody of this test opened it: the log is empty, or holds only what other specs did with it.
  await expect(otherPage.getByText("Belum ada yang melihat data Anda.").or(otherPage.getByTestId("access-log"))).toBeVisible();
  // (another spec's staff member may have opened that newest file meanwhile: what matters is that none of its
  // lines is about this file)
  await expect(otherPage.locator("body")).not.toContainText(app.registrationNumber);
  await otherPage.goto(`/profile/akses-data?applicant=${app.id}&user=${app.id}`);
  await expect(otherPage.locator("body")).not.toContainText(app.registrationNumber);

  // The Super Admin finds both by the applicant's registration number, through the search form.
  const admin = await reviewerPage(browser, testInfo, "superadmin");
  await admin.setViewportSize(PHONE);
  await admin.goto("/access-log");
  await admin.getByLabel("Pemohon (nama, surel atau nomor registrasi)").fill(app.registrationNumber);
  await admin.getByLabel("Nama petugas").fill(ACCOUNTS.admin.name);
  await admin.getByRole("button", { name: "Cari" }).click();
  await expect(admin).toHaveURL(/[?&]applicant=/);
  const found = admin.getByTestId("access-log").getByRole("listitem").filter({ hasNotText: "Mengunduh daftar permohonan" });
  await expect(found).toHaveCount(count);
  await expect(found.first()).toContainText("dr. Data Terbaca");
  expect(await sidewaysOverflow(admin)).toEqual([]);
  // An impossible date is left out, never a 500.
  const bad = await admin.goto("/access-log?from=2026-02-31&to=x");
  expect(bad?.status()).toBe(200);
});
