import type { Page, TestInfo } from "@playwright/test";
import { sidewaysOverflow } from "../reach/measure";
import { submitLogin } from "./accounts-fixtures";
import { confirmPanel, confirmYes, expectPath, sidebar } from "./fixtures";
import { applicantPage, expect, reviewerPage, submittedApplication, test, type Submitted } from "./review-fixtures";

// A deletion request (docs/decisions/029-retention-and-deletion.md), with JavaScript on and off: an applicant
// whose application was submitted asks on /profile/hapus-akun (Yes/No), the Super Admin decides on
// /deletion-requests with a reason (a check step, Yes/No). Rejected: the applicant reads the reason and may
// ask again. Approved: the account is emptied and no longer logs in. Each test makes its own applicant.

const PHONE = { width: 360, height: 740 };

/** A name no other test uses, so the Super Admin's list is read by it (letters only, as names are). */
function uniqueName(testInfo: TestInfo, first: string): string {
  const letters = (Date.now() + testInfo.workerIndex * 7919).toString(26).replace(/\d/g, (d) => "qrstuvwxyz"[Number(d)]);
  return `dr. ${first} ${testInfo.project.name === "js" ? "Jaya" : "Nirmala"} ${letters.charAt(0).toUpperCase()}${letters.slice(1)}`;
}

/** The applicant asks from /profile, through the Yes/No step. */
async function askForDeletion(page: Page, note?: string) {
  await page.goto("/profile");
  await page.getByRole("link", { name: "Hapus akun saya" }).click();
  await expectPath(page, "/profile/hapus-akun");
  await expect(page.getByRole("heading", { name: "Minta Penghapusan Akun" })).toBeVisible();
  if (note) await page.getByLabel("Catatan untuk Super Admin").fill(note);
  await page.getByRole("button", { name: "Kirim Permintaan" }).click();
  await expect(confirmPanel(page)).toContainText("Kirim permintaan penghapusan akun Anda kepada Super Admin?");
  await confirmYes(page);
  await expectPath(page, "/profile/hapus-akun");
  await expect(page.getByText("Permintaan hapus akun Anda telah dikirim. Super Admin akan memutuskannya.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Permintaan menunggu keputusan" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Kirim Permintaan" })).toHaveCount(0);
}

/** The Super Admin opens the request from the list and takes the decision, through the check step. */
async function decideRequest(page: Page, app: Submitted, decision: "Setujui: hapus akun" | "Tolak", reason: string) {
  await page.goto("/application");
  // The sidebar keeps spec §2's five items: the requests are a tab on top of the user list.
  await sidebar(page).getByRole("link", { name: "Daftar Pengguna", exact: true }).click();
  await page.getByRole("navigation", { name: "Halaman pengguna dan data pribadi" }).getByRole("link", { name: "Permintaan Hapus Akun" }).click();
  await expectPath(page, "/deletion-requests");
  await page.getByRole("link", { name: `Putuskan permintaan ${app.person.fullName}` }).click();
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Simpan Keputusan" }) });
  await form.getByRole("radio", { name: decision }).check();
  await form.getByLabel("Alasan").fill(reason);
  await form.getByRole("button", { name: "Simpan Keputusan" }).click();
  // The check step shows what goes, and asks Yes/No.
  await expect(page.getByRole("heading", { name: "Periksa kembali" })).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  await confirmYes(page);
  await expectPath(page, "/deletion-requests");
}

test("a rejected request: the Super Admin gives a reason, the applicant reads it and may ask again", async ({ browser, request }, testInfo) => {
  const app = await submittedApplication(request, testInfo, "REG", uniqueName(testInfo, "Tolak"));
  const applicant = await applicantPage(browser, testInfo, app);
  await askForDeletion(applicant, "Saya sudah pindah kerja ke luar negeri.");

  const admin = await reviewerPage(browser, testInfo, "superadmin");
  // A decision without a reason is refused with the field's message, and nothing is decided.
  await admin.goto("/deletion-requests");
  await admin.getByRole("link", { name: `Putuskan permintaan ${app.person.fullName}` }).click();
  await expect(admin.getByText("Saya sudah pindah kerja ke luar negeri.").first()).toBeVisible();
  const form = admin.locator("form").filter({ has: admin.getByRole("button", { name: "Simpan Keputusan" }) });
  await form.getByRole("radio", { name: "Tolak" }).check();
  await form.getByRole("button", { name: "Simpan Keputusan" }).click();
  await expect(admin.getByText("Alasan harus diisi").first()).toBeVisible();
  await expect(confirmPanel(admin)).toHaveCount(0);

  await admin.setViewportSize(PHONE);
  expect(await sidewaysOverflow(admin)).toEqual([]);
  await admin.setViewportSize({ width: 1280, height: 720 });
  // No on the check step changes nothing.
  const reason = "Permohonan Anda masih ditinjau komite; ajukan lagi setelah keputusan akhir.";
  await form.getByRole("radio", { name: "Tolak" }).check();
  await form.getByLabel("Alasan").fill(reason);
  await form.getByRole("button", { name: "Simpan Keputusan" }).click();
  await confirmPanel(admin).getByRole("link", { name: "No", exact: true }).click();
  await expect(admin.getByRole("button", { name: "Simpan Keputusan" })).toBeVisible();

  await decideRequest(admin, app, "Tolak", reason);
  await expect(admin.getByText(`Permintaan ${app.person.fullName} ditolak; pemohon menerima alasannya.`)).toBeVisible();
  await expect(admin.getByRole("link", { name: `Putuskan permintaan ${app.person.fullName}` })).toHaveCount(0);
  // The list and a request with its decision fit a 360 px phone.
  await admin.setViewportSize(PHONE);
  expect(await sidewaysOverflow(admin)).toEqual([]);

  await applicant.goto("/profile/hapus-akun");
  await expect(applicant.getByRole("heading", { name: "Permintaan sebelumnya ditolak" })).toBeVisible();
  await expect(applicant.getByText(reason)).toBeVisible();
  await applicant.setViewportSize(PHONE);
  expect(await sidewaysOverflow(applicant)).toEqual([]);
  // Rejected, the applicant may ask again.
  await expect(applicant.getByRole("button", { name: "Kirim Permintaan" })).toBeVisible();
  await admin.context().close();
  await applicant.context().close();
});

test("an approved request: the account is emptied and no longer logs in", async ({ browser, request }, testInfo) => {
  const app = await submittedApplication(request, testInfo, "REG", uniqueName(testInfo, "Setuju"));
  const applicant = await applicantPage(browser, testInfo, app);
  await askForDeletion(applicant);

  const admin = await reviewerPage(browser, testInfo, "superadmin");
  await decideRequest(admin, app, "Setujui: hapus akun", "Sesuai hak Anda atas data pribadi menurut UU PDP.");
  await expect(admin.getByText(`Permintaan ${app.person.fullName} disetujui; akunnya telah dikosongkan.`)).toBeVisible();
  // The decided request stays in the list, without the person's name.
  const row = admin.getByRole("row").filter({ hasText: app.registrationNumber });
  await expect(row).toContainText("Anonim");
  await expect(row).toContainText("Sesuai hak Anda atas data pribadi menurut UU PDP.");
  await expect(row).not.toContainText(app.person.fullName);
  await expect(admin.getByText(app.person.email)).toHaveCount(0);

  // The applicant's session went with the account, and the address no longer logs in.
  await applicant.goto("/profile/hapus-akun");
  await expect(applicant).not.toHaveURL(/\/profile\/hapus-akun$/);
  await submitLogin(applicant, "/login", app.person.email, app.person.password);
  await expect(applicant.getByText("Surel atau kata sandi salah.")).toBeVisible();
  await admin.context().close();
  await applicant.context().close();
});
