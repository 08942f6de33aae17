import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, linkFromMail, NEW_PASSWORD, test } from "./accounts-fixtures";
import { ACCOUNTS, expectFieldErrors, expectPath, field, fillLoginForm, startSession, sidebar } from "./fixtures";

// /admin-fasyankes-list: the Admin (role 2) creates facility admins and approves or rejects their data,
// run with JavaScript on and off (the two projects). Each project creates its own facility admin; the
// demo account fasyankes.baru is single: its approval is demo-facility-verification.last.spec.ts.

let counter = 0;
const unique = (testInfo: TestInfo) => `${Date.now().toString(36)}${testInfo.workerIndex}${(counter += 1)}`;

/** Another person in their own browser, with the same JavaScript setting as the project. */
async function otherBrowser(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    locale: "id-ID",
  });
  return context.newPage();
}

const decisionSection = (page: Page) => page.getByRole("region", { name: "Keputusan verifikasi" });

test("the Admin creates a facility admin and rejects its data; the facility sees the reason on its dashboard", async ({ page, browser }, testInfo) => {
  const id = unique(testInfo);
  const email = `sdm.${testInfo.project.name}.${id}@rsharapan.test`;
  const name = "Ns. Dewi Lestari";
  const facilityName = `RSU Harapan Bunda ${id}`;
  const reason = `Nomor izin operasional ${id} tidak sesuai dengan dokumen.`;
  await startSession(page, ACCOUNTS.admin);

  await test.step("a bad form says what is wrong next to each field and on top, keeping what was typed", async () => {
    await page.goto("/admin-fasyankes-list");
    await page.getByRole("link", { name: "Tambah Admin Fasyankes" }).click();
    await expectPath(page, "/admin-fasyankes-list/new");
    await page.getByRole("button", { name: "Buat Akun" }).click();
    await expectFieldErrors(page, [
      ["Nama Lengkap", "Nama Lengkap harus diisi"],
      ["Alamat Surel", "Alamat Surel harus diisi"],
      ["Nama Fasyankes", "Nama Fasyankes harus diisi"],
      ["Jenis Fasyankes", "Jenis Fasyankes harus diisi"],
      ["Alamat Fasyankes", "Alamat Fasyankes harus diisi"],
      ["Nomor Izin Operasional", "Nomor Izin Operasional harus diisi"],
      ["Nomor Telepon Fasyankes", "Nomor Telepon Fasyankes harus diisi"],
    ]);
    await field(page, "Nomor Telepon Fasyankes").fill("12ab");
    await page.getByRole("button", { name: "Buat Akun" }).click();
    await expect(field(page, "Nomor Telepon Fasyankes")).toHaveAccessibleDescription(/harus berupa angka/);
    await expect(field(page, "Nomor Telepon Fasyankes")).toHaveValue("12ab");
  });

  await test.step("an e-mail already registered is refused on its field", async () => {
    await field(page, "Nama Lengkap").fill(name);
    await field(page, "Alamat Surel").fill("Fasyankes@adaptasi.test");
    await field(page, "Nama Fasyankes").fill(facilityName);
    await field(page, "Jenis Fasyankes").selectOption({ label: "Rumah Sakit" });
    await field(page, "Alamat Fasyankes").fill("Jl. Raya Bogor No. 12, Jakarta Timur");
    await field(page, "Nomor Izin Operasional").fill(`503/${id}/RS/2025`);
    await field(page, "Nomor Telepon Fasyankes").fill("0218401234");
    await page.getByRole("button", { name: "Buat Akun" }).click();
    await expect(field(page, "Alamat Surel")).toHaveAccessibleDescription(/Alamat surel sudah terdaftar/);
    await expect(field(page, "Nama Fasyankes")).toHaveValue(facilityName);
  });

  await test.step("the account is created, waiting for verification", async () => {
    await field(page, "Alamat Surel").fill(email);
    await page.getByRole("button", { name: "Buat Akun" }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByText(`Tautan untuk membuat kata sandi telah dikirim ke ${email}`)).toBeVisible();
    await expect(page.getByText("Menunggu Verifikasi", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Akun Admin Fasyankes dibuat", { exact: true })).toBeVisible();
  });
  const detailUrl = page.url();

  await test.step("the list finds it in the pending tab by its facility name", async () => {
    await page.goto("/admin-fasyankes-list");
    await expect(page.getByRole("link", { name: "Menunggu Verifikasi", exact: true })).toHaveAttribute("aria-current", "page");
    await page.getByLabel("Cari nama, surel, nama fasyankes atau nomor izin").fill(facilityName);
    await page.getByRole("button", { name: "Terapkan" }).click();
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText(facilityName);
    await expect(row).toContainText("Rumah Sakit");
    await expect(row).toContainText("Menunggu Verifikasi");
    await row.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  });

  await test.step("rejecting without a reason is refused with the spec's message", async () => {
    await decisionSection(page).getByLabel("Tolak", { exact: true }).check();
    await decisionSection(page).getByRole("button", { name: "Simpan Keputusan" }).click();
    await expect(field(page, "Alasan")).toHaveAccessibleDescription(/Alasan harus diisi/);
    await expect(page.getByRole("alert")).toContainText("Alasan harus diisi");
  });

  // A second tab left open on the same submission, to be sent after the decision.
  const stale = await page.context().newPage();
  await stale.goto(detailUrl);
  await expect(decisionSection(stale).getByRole("button", { name: "Simpan Keputusan" })).toBeVisible();

  await test.step("the Admin rejects with a reason", async () => {
    await decisionSection(page).getByLabel("Tolak", { exact: true }).check();
    await field(page, "Alasan").fill(reason);
    await decisionSection(page).getByRole("button", { name: "Simpan Keputusan" }).click();
    // "Periksa kembali": nothing is decided yet; the rejection is shown back with Ubah and Yes/No.
    const check = page.getByRole("region", { name: "Periksa kembali" });
    await expect(check).toContainText(facilityName);
    await expect(check).toContainText("Tolak");
    await expect(check).toContainText(reason);
    await expect(page.getByText("Menunggu Verifikasi", { exact: true }).first()).toBeVisible();
    await check.getByRole("button", { name: "Ubah" }).click();
    await expect(field(page, "Alasan")).toHaveValue(reason);
    await expect(decisionSection(page).getByLabel("Tolak", { exact: true })).toBeChecked();
    await decisionSection(page).getByRole("button", { name: "Simpan Keputusan" }).click();
    await page.getByRole("region", { name: "Periksa kembali" }).getByRole("button", { name: "Yes", exact: true }).click();
    await expect(page.getByText(`Data ${facilityName} ditolak.`)).toBeVisible();
    await expect(page.getByText("Ditolak", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Riwayat pengajuan" })).toContainText(`Alasan: ${reason}`);
    await expect(page.getByRole("region", { name: "Riwayat tindakan admin" })).toContainText("Data Fasyankes ditolak");
    await expect(decisionSection(page)).toContainText("Tidak ada pengajuan yang menunggu keputusan.");
  });

  await test.step("the tab left open is told the data was decided meanwhile and shows the state as it is now", async () => {
    await decisionSection(stale).getByLabel("Setujui", { exact: true }).check();
    await decisionSection(stale).getByRole("button", { name: "Simpan Keputusan" }).click();
    await expect(stale.getByRole("alert")).toContainText("Keputusan tidak disimpan");
    await expect(stale.getByRole("alert")).toContainText("Muat ulang halaman");
    await expect(decisionSection(stale)).toContainText("Tidak ada pengajuan yang menunggu keputusan.");
    await expect(stale.getByRole("region", { name: "Riwayat pengajuan" })).toContainText(`Alasan: ${reason}`);
    await stale.close();
  });

  await test.step("the facility admin sets its password from the mail and sees the reason on its dashboard", async () => {
    const person = await otherBrowser(browser, testInfo);
    await person.goto(await linkFromMail(email, "recovery"));
    await field(person, "Kata Sandi Baru").fill(NEW_PASSWORD);
    await field(person, "Konfirmasi Kata Sandi Baru").fill(NEW_PASSWORD);
    await person.getByRole("button", { name: "SIMPAN KATA SANDI" }).click();
    await expectPath(person, "/forgot-password/change-success");
    await person.goto("/login");
    await fillLoginForm(person, email, NEW_PASSWORD);
    await expectPath(person, "/dashboard");
    await expect(person.getByText(reason)).toBeVisible();
    // Rejected: the data can be corrected and sent again; registering waits for verification.
    await expect(sidebar(person).getByRole("link", { name: "Data Personal" })).toBeVisible();
    await expect(sidebar(person).getByText("Pendaftaran", { exact: true })).toHaveCount(0);
    await person.context().close();
  });

  await test.step("the rejected tab lists it", async () => {
    await page.goto("/admin-fasyankes-list");
    await page.getByRole("link", { name: "Ditolak", exact: true }).click();
    await expect(page.getByRole("link", { name: "Ditolak", exact: true })).toHaveAttribute("aria-current", "page");
    await page.getByLabel("Cari nama, surel, nama fasyankes atau nomor izin").fill(email);
    await page.getByRole("button", { name: "Terapkan" }).click();
    await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Ditolak");
  });
});
