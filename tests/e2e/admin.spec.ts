import type { Browser, Page, TestInfo } from "@playwright/test";
import { DEFAULT_SLA_DAYS } from "#domain/workflow";
import { expect, linkFromMail, NEW_PASSWORD, test } from "./accounts-fixtures";
import { choosePathway, freshApplicant } from "./applicant-fixtures";
import { ACCOUNTS, confirmYes, expectFieldErrors, expectPath, field, fillLoginForm as fillLogin, startSession, sidebar } from "./fixtures";

// The Super Admin's tools, each run with JavaScript on and off (the two projects).

let counter = 0;
const unique = (testInfo: TestInfo) => `${Date.now().toString(36)}${testInfo.workerIndex}${(counter += 1)}`;

/** A second person in their own browser, with the same JavaScript setting as the project. */
async function otherBrowser(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    locale: "id-ID",
  });
  return context.newPage();
}

test("the Super Admin creates a kolegium account that sets its password from the mail, then deactivates it", async ({ page, browser }, testInfo) => {
  const email = `kolegium.${testInfo.project.name}.${unique(testInfo)}@kemkes.test`;
  const name = "dr. Rahmat Hidayat, Sp.OG";
  await startSession(page, ACCOUNTS.superadmin);

  await test.step("a bad form says what is wrong next to each field and on top", async () => {
    await page.goto("/user-list");
    await page.getByRole("link", { name: "Tambah Pengguna" }).click();
    await expectPath(page, "/user-list/new");
    await page.getByRole("button", { name: "Buat Akun" }).click();
    await expectFieldErrors(page, [
      ["Nama Lengkap", "Nama Lengkap harus diisi"],
      ["Alamat Surel", "Alamat Surel harus diisi"],
      ["Peran", "Peran harus diisi"],
      ["Jabatan", "Jabatan harus diisi"],
    ]);
    await field(page, "Alamat Surel").fill("bukan-surel");
    await page.getByRole("button", { name: "Buat Akun" }).click();
    await expect(field(page, "Alamat Surel")).toHaveAccessibleDescription(/harus berupa alamat surel yang benar/);
    await expect(field(page, "Alamat Surel")).toHaveValue("bukan-surel");
  });

  await test.step("an e-mail already registered is refused on its field", async () => {
    await field(page, "Nama Lengkap").fill(name);
    await field(page, "Alamat Surel").fill("KKI@adaptasi.test");
    await field(page, "Peran").selectOption({ label: "Kolegium" });
    await field(page, "Jabatan").selectOption({ label: "Ketua Kolegium" });
    await page.getByRole("button", { name: "Buat Akun" }).click();
    await expect(field(page, "Alamat Surel")).toHaveAccessibleDescription(/Alamat surel sudah terdaftar/);
  });

  await test.step("the account is created", async () => {
    await field(page, "Alamat Surel").fill(email);
    await page.getByRole("button", { name: "Buat Akun" }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByText(`Tautan untuk membuat kata sandi telah dikirim ke ${email}`)).toBeVisible();
    await expect(page.getByText("Akun dibuat", { exact: true })).toBeVisible();
  });

  const person = await otherBrowser(browser, testInfo);
  await test.step("the new account sets its password from the mail, logs in and sees its sidebar", async () => {
    await person.goto(await linkFromMail(email, "recovery"));
    await expect(person.getByRole("heading", { name: "Buat Kata Sandi Baru" })).toBeVisible();
    await field(person, "Kata Sandi Baru").fill(NEW_PASSWORD);
    await field(person, "Konfirmasi Kata Sandi Baru").fill(NEW_PASSWORD);
    await person.getByRole("button", { name: "SIMPAN KATA SANDI" }).click();
    await expectPath(person, "/forgot-password/change-success");
    await person.goto("/login");
    await fillLogin(person, email, NEW_PASSWORD);
    await expectPath(person, "/application");
    await expect(sidebar(person).getByRole("link")).toHaveText(["Daftar Permohonan Adaptasi"]);
  });

  await test.step("the Super Admin finds it in the list", async () => {
    await page.goto("/user-list");
    await page.getByLabel("Cari nama atau alamat surel").fill(email);
    await field(page, "Peran").selectOption({ label: "Kolegium" });
    await page.getByRole("button", { name: "Terapkan" }).click();
    const row = page.getByRole("row", { name: new RegExp(email.replace(/[.+]/g, "\\$&")) });
    await expect(row).toContainText("Ketua Kolegium");
    await expect(row).toContainText("Aktif");
    await row.getByRole("link", { name }).click();
  });

  await test.step("deactivating needs a reason; then the account's session ends and it cannot log in", async () => {
    await page.getByRole("button", { name: "Nonaktifkan" }).click();
    await expect(field(page, "Alasan")).toHaveAccessibleDescription(/Alasan harus diisi/);
    await field(page, "Alasan").fill("Masa tugas sebagai anggota kolegium berakhir");
    await page.getByRole("button", { name: "Nonaktifkan" }).click();
    await confirmYes(page);
    await expect(page.getByText("Akun dinonaktifkan.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Aktifkan kembali akun" })).toBeVisible();
    const history = page.getByRole("region", { name: "Riwayat tindakan admin" });
    await expect(history).toContainText("Akun dinonaktifkan");
    await expect(history).toContainText("Alasan: Masa tugas sebagai anggota kolegium berakhir");
    await expect(history).toContainText("Akun dibuat");

    await person.goto("/application");
    await expectPath(person, "/login");
    await fillLogin(person, email, NEW_PASSWORD);
    await expect(person.getByRole("alert")).toContainText("Akun Anda sudah dinonaktifkan");
  });
  await person.context().close();
});

test("an SLA change shows on /sla-setting and recomputes deadlines; bad days are refused", async ({ page }, testInfo) => {
  // Each project its own value, and the default back at the end: other specs on this server read deadlines.
  const after = testInfo.project.name === "js" ? 42 : 41;
  await startSession(page, ACCOUNTS.superadmin);
  await page.goto("/sla-setting");
  const stage = field(page, "Kelayakan (Lainnya)");
  await expect(page.getByRole("group", { name: "Jalur Reguler" })).toBeVisible();

  await test.step("days outside 1–365 and non-numbers are refused with the spec's messages", async () => {
    await field(page, "Penyetaraan (Reguler)").fill("0");
    await field(page, "Pembekalan (Spesialis)").fill("dua");
    await page.getByRole("button", { name: "Simpan", exact: true }).click();
    await expect(field(page, "Penyetaraan (Reguler)")).toHaveAccessibleDescription(/Penyetaraan \(Reguler\) harus di antara 1 dan 365/);
    await expect(field(page, "Pembekalan (Spesialis)")).toHaveAccessibleDescription(/Pembekalan \(Spesialis\) harus berupa bilangan bulat/);
    await expect(page.getByRole("alert")).toContainText("Ada 2 isian yang perlu diperbaiki");
  });

  await page.goto("/sla-setting");
  await stage.fill(String(after));
  await page.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(page.getByText(/Pengaturan SLA disimpan: 1 tahap berubah, tenggat \d+ permohonan dihitung ulang/)).toBeVisible();
  await expect(stage).toHaveValue(String(after));
  await expect(stage).toHaveAccessibleDescription(/terakhir diubah/);

  await stage.fill(String(DEFAULT_SLA_DAYS[23]));
  await page.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(page.getByText(/Pengaturan SLA disimpan|Tidak ada perubahan SLA/)).toBeVisible();
});

test("a specialization added appears in the applicant's choices, and disappears once deactivated", async ({ page, browser, request }, testInfo) => {
  const name = `Kedokteran Kelautan ${unique(testInfo)}`;
  const applicant = await otherBrowser(browser, testInfo);
  await freshApplicant(applicant, request, testInfo);
  await choosePathway(applicant, "Spesialis");

  await startSession(page, ACCOUNTS.superadmin);
  await page.goto("/specialization-list");
  await test.step("a too-short name is refused", async () => {
    await field(page, "Nama").fill("ab");
    await page.getByRole("button", { name: "Tambah", exact: true }).click();
    await expect(field(page, "Nama")).toHaveAccessibleDescription(/minimal mengandung 3 karakter/);
  });
  await field(page, "Nama").fill(name);
  await page.getByRole("button", { name: "Tambah", exact: true }).click();
  await expect(page.getByText(`Spesialisasi "${name}" ditambahkan.`)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Belum dipakai");

  await applicant.goto("/personal-data");
  await expect(field(applicant, "Spesialisasi").getByRole("option", { name })).toHaveCount(1);

  await page.getByRole("link", { name: `Ubah ${name}` }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Nonaktifkan" }).click();
  await expect(page.getByText("Spesialisasi dinonaktifkan dan tidak lagi muncul sebagai pilihan.")).toBeVisible();

  await applicant.goto("/personal-data");
  await expect(field(applicant, "Spesialisasi")).toBeVisible();
  await expect(field(applicant, "Spesialisasi").getByRole("option", { name })).toHaveCount(0);

  await test.step("an unused entry may be deleted", async () => {
    await page.getByRole("button", { name: "Hapus" }).click();
    await confirmYes(page);
    await expectPath(page, "/specialization-list");
    await expect(page.getByText("Spesialisasi dihapus.")).toBeVisible();
  });
  await applicant.context().close();
});

test("the Admin keeps Master Jabatan; an institution in use cannot be deleted", async ({ page, browser }, testInfo) => {
  const position = `Koordinator Wilayah ${unique(testInfo)}`;
  await startSession(page, ACCOUNTS.admin);
  await page.goto("/master-position");
  await field(page, "Nama").fill(position);
  await page.getByRole("button", { name: "Tambah", exact: true }).click();
  await expect(page.getByText(`Jabatan "${position}" ditambahkan.`)).toBeVisible();
  await page.getByRole("link", { name: `Ubah ${position}` }).click();
  await expect(page.getByRole("heading", { name: position, level: 1 })).toBeVisible();
  await field(page, "Nama").fill(`${position} Barat`);
  await page.getByRole("button", { name: "Simpan" }).click();
  await expect(page.getByRole("heading", { name: `${position} Barat`, level: 1 })).toBeVisible();

  const superAdmin = await otherBrowser(browser, testInfo);
  await startSession(superAdmin, ACCOUNTS.superadmin);
  await superAdmin.goto("/institution-list?q=University%20of%20Malaya");
  await superAdmin.getByRole("link", { name: /^Ubah University of Malaya/ }).click();
  await expect(superAdmin.getByText("Dipakai oleh data lain")).toBeVisible();
  await expect(superAdmin.getByRole("button", { name: "Hapus" })).toHaveCount(0);
  await expect(superAdmin.getByRole("button", { name: "Nonaktifkan" })).toBeVisible();
  await superAdmin.context().close();
});
