import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { pdf, png } from "../fixtures/files";
import { ACCOUNTS, expectPath, field, startSession, navbar } from "./fixtures";

// /master-cms: the Admin's edits show at once on the public pages. Each journey runs with
// JavaScript on and off; the content is global, so each project asserts only on its own unique text
// (the other project may save in between, hence the save-and-look retries).

let counter = 0;
const unique = (testInfo: TestInfo) => `${testInfo.project.name}-${Date.now().toString(36)}${(counter += 1)}`;

/** A logged-out visitor in their own browser, with the same JavaScript setting as the project. */
async function visitor(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    locale: "id-ID",
  });
  return context.newPage();
}

test("the Admin's welcome text and announcement show on /welcome at once; bad input changes nothing", async ({ page, browser }, testInfo) => {
  const title = `Selamat datang ${unique(testInfo)}`;
  const announcement = `Pengumuman ${unique(testInfo)}`;
  await startSession(page, ACCOUNTS.admin);
  await page.goto("/master-cms");
  await expect(page.getByRole("heading", { name: "Master CMS", level: 1 })).toBeVisible();
  const welcome = page.locator("#sambutan");

  await test.step("an empty title is refused with the spec's message", async () => {
    await field(page, "Judul").fill("");
    await welcome.getByRole("button", { name: "Simpan Teks Sambutan" }).click();
    await expect(welcome.getByRole("alert")).toContainText("Judul harus diisi");
    await expect(field(page, "Judul")).toHaveAccessibleDescription(/Judul harus diisi/);
  });

  const anonymous = await visitor(browser, testInfo);
  await test.step("a new title shows to a logged-out visitor", async () => {
    await expect(async () => {
      await page.goto("/master-cms");
      await field(page, "Judul").fill(title);
      await page.locator("#sambutan").getByRole("button", { name: "Simpan Teks Sambutan" }).click();
      await expect(page.getByText(/Tersimpan: teks sambutan/)).toBeVisible({ timeout: 5_000 });
      await anonymous.goto("/welcome");
      await expect(anonymous.getByRole("heading", { level: 1 })).toContainText(title, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  });

  await test.step("an announcement without a title is refused; a full one shows on /welcome", async () => {
    await page.goto("/master-cms");
    await page.getByRole("link", { name: "Tambah Pengumuman" }).click();
    await expectPath(page, "/master-cms/announcements/new");
    await field(page, "Isi Pengumuman").fill("Isi tanpa judul.");
    await page.getByRole("button", { name: "Simpan Pengumuman" }).click();
    await expect(page.getByRole("alert")).toContainText("Judul harus diisi");
    await expect(field(page, "Isi Pengumuman")).toHaveValue("Isi tanpa judul.");

    await field(page, "Judul").fill(announcement);
    await field(page, "Isi Pengumuman").fill("Loket verifikasi tutup sementara pada hari libur nasional.");
    await page.getByRole("button", { name: "Simpan Pengumuman" }).click();
    await expectPath(page, "/master-cms");
    await expect(page.getByText(`Tersimpan: pengumuman "${announcement}".`)).toBeVisible();
    await anonymous.goto("/welcome");
    await expect(anonymous.getByRole("heading", { name: announcement, level: 3 })).toBeVisible();
    await expect(anonymous.locator("#pengumuman")).toContainText("Loket verifikasi tutup sementara");
  });

  await test.step("deactivated, it leaves /welcome", async () => {
    await page.getByRole("link", { name: `Ubah pengumuman ${announcement}` }).click();
    await page.getByRole("button", { name: "Nonaktifkan Pengumuman" }).click();
    await expect(page.getByText("Pengumuman dinonaktifkan")).toBeVisible();
    await anonymous.goto("/welcome");
    await expect(anonymous.getByRole("heading", { name: announcement })).toHaveCount(0);
  });
  await anonymous.context().close();
});

test("the Admin adds a navbar link: a script address is refused, a good one shows in the navbar at once", async ({ page, browser }, testInfo) => {
  const label = `Tautan ${unique(testInfo)}`.slice(0, 40);
  // Each project keeps to its own row, so the two never fill the same one.
  const row = testInfo.project.name === "js" ? 8 : 7;
  await startSession(page, ACCOUNTS.admin);
  await page.goto("/master-cms");
  const section = page.locator("#navbar");
  // Staff pages carry the sidebar; the navbar with its extra links is the logged-in applicant's.
  const applicant = await visitor(browser, testInfo);
  await startSession(applicant, ACCOUNTS.pemohon);

  await test.step("javascript: is refused with the spec's message and nothing changes", async () => {
    await field(page, `Label Tautan ${row}`).fill(label);
    await field(page, `Alamat Tautan ${row}`).fill("javascript:alert(1)");
    await section.getByRole("button", { name: "Simpan Tautan Navbar" }).click();
    await expect(section.getByRole("alert")).toContainText("Format salah");
    await expect(field(page, `Alamat Tautan ${row}`)).toHaveAccessibleDescription(/Format salah/);
    await expect(field(page, `Alamat Tautan ${row}`)).toHaveValue("javascript:alert(1)");
    await applicant.goto("/test-schedule");
    await expect(navbar(applicant).getByRole("link", { name: "JADWAL UJI KOMPETENSI" })).toBeVisible();
    await expect(navbar(applicant).getByRole("link", { name: label })).toHaveCount(0);
  });

  await test.step("a path on the portal is saved and the navbar shows it", async () => {
    await expect(async () => {
      await page.goto("/master-cms");
      await field(page, `Label Tautan ${row}`).fill(label);
      await field(page, `Alamat Tautan ${row}`).fill("/evaluation-requirements");
      await page.locator("#navbar").getByRole("button", { name: "Simpan Tautan Navbar" }).click();
      await expect(page.getByText(/Tersimpan: tautan navbar/)).toBeVisible({ timeout: 5_000 });
      await applicant.goto("/test-schedule");
      await expect(navbar(applicant).getByRole("link", { name: label })).toHaveAttribute("href", "/evaluation-requirements", { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await navbar(applicant).getByRole("link", { name: label }).click();
    await expectPath(applicant, "/evaluation-requirements");
    await expect(navbar(applicant).getByRole("link", { name: /BUKU PANDUAN/ })).toHaveAttribute("href", "/template-docs/buku-panduan-adaptasi-nakes-lln.pdf");
  });
  // The row is emptied again: an extra link widens every page's top bar, which other specs measure.
  await page.goto("/master-cms");
  await field(page, `Label Tautan ${row}`).fill("");
  await field(page, `Alamat Tautan ${row}`).fill("");
  await page.locator("#navbar").getByRole("button", { name: "Simpan Tautan Navbar" }).click();
  await expect(page.getByText(/Tersimpan: tautan navbar/)).toBeVisible();
  await applicant.context().close();
});

test("the Admin adds a competency-test entry: an end before the start is refused, a good one shows on /test-schedule", async ({ page }, testInfo) => {
  const title = `Uji Kompetensi ${unique(testInfo)}`;
  await startSession(page, ACCOUNTS.admin);
  await page.goto("/master-cms");
  await page.getByRole("link", { name: "Tambah Jadwal" }).click();
  await expectPath(page, "/master-cms/test-schedules/new");
  // With JavaScript, what is typed before the page has hydrated can be lost: let its scripts load first.
  await page.waitForLoadState("networkidle");
  await field(page, "Judul").fill(title);
  await field(page, "Lokasi").fill("Makassar, RSUP Dr. Wahidin Sudirohusodo");
  await field(page, "Waktu Mulai").fill("2027-09-01T08:00");
  await field(page, "Waktu Selesai").fill("2027-08-31T08:00");
  await page.getByRole("button", { name: "Simpan Jadwal" }).click();
  await expect(page.getByRole("alert")).toContainText("Waktu Selesai tidak boleh kurang dari Waktu Mulai");

  await field(page, "Waktu Selesai").fill("2027-09-01T16:00");
  await page.getByRole("button", { name: "Simpan Jadwal" }).click();
  await expectPath(page, "/master-cms");
  await expect(page.getByText(`Tersimpan: jadwal "${title}".`)).toBeVisible();
  await page.goto("/test-schedule");
  await expect(page.getByRole("cell", { name: new RegExp(title) })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("1 September 2027");
});

test("the guidebook: a PNG named .pdf is refused, a PDF replaces the one behind BUKU PANDUAN", async ({ page, request }, testInfo) => {
  const GUIDEBOOK = "/template-docs/buku-panduan-adaptasi-nakes-lln.pdf";
  await startSession(page, ACCOUNTS.admin);
  await page.goto("/master-cms/guidebook");
  await field(page, "Berkas Buku Panduan").setInputFiles({ name: "panduan.pdf", mimeType: "application/pdf", buffer: png() });
  await page.getByRole("button", { name: "Unggah", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Tipe berkas harus PDF.");

  const text = `Buku panduan ${unique(testInfo)}`;
  await field(page, "Berkas Buku Panduan").setInputFiles({ name: "Buku Panduan Baru.pdf", mimeType: "application/pdf", buffer: await pdf(text) });
  await page.getByRole("button", { name: "Unggah", exact: true }).click();
  await expectPath(page, "/master-cms");
  await expect(page.getByText("Tersimpan: buku panduan baru sudah dipakai.")).toBeVisible();

  // Another project's upload may land in between: look until one served file answers 304 to its own ETag.
  await expect(async () => {
    const served = await request.get(GUIDEBOOK);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("application/pdf");
    expect(served.headers()["cache-control"]).toMatch(/max-age=300/);
    expect((await served.body()).subarray(0, 5).toString()).toBe("%PDF-");
    const etag = served.headers()["etag"];
    expect(etag).toBeTruthy();
    const again = await request.get(GUIDEBOOK, { headers: { "If-None-Match": etag } });
    expect(again.status()).toBe(304);
  }).toPass({ timeout: 15_000 });
});
