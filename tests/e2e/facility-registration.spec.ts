import { documentInput, expect, otherDocuments, pngFile, test, uploadDocument } from "./applicant-fixtures";
import { checkHeading, sendFromCheck } from "./check-fixtures";
import { ACCOUNTS, dateBoxes, expectPath, fillDate, landAs, startSession, sidebar } from "./fixtures";
import { sidewaysOverflow } from "../reach/measure";
import { decideByApi, newPersonContext, reviewerPage } from "./review-fixtures";

// "Done when": a verified facility registers a professional on an OTH path with all documents
// and submits; the registration shows in Status Pengajuan and in the Admin's /application-list.
// Runs with JavaScript off and on; each project registers its own professional.

test("a verified facility registers a professional on an OTH path, uploads every document, submits, and the Admin finds it", async ({
  page,
  browser,
  request,
}, testInfo) => {
  // One post per document: seven page loads where there was one.
  test.slow();
  const id = `${testInfo.project.name}${Date.now().toString(36)}`;
  const professional = { name: `Dr. Ana Reyes ${id}`, email: `nakes.${id}@contoh.test`, passport: `P${id}`.toUpperCase().slice(0, 20) };

  await test.step("Pendaftaran introduces the pathways and leads to the professionals", async () => {
    await landAs(page, ACCOUNTS.fasyankes);
    await expectPath(page, "/dashboard");
    await sidebar(page).getByRole("link", { name: "Pendaftaran", exact: true }).click();
    await expectPath(page, "/registration-path");
    await expect(page.getByRole("heading", { name: "Pendaftaran", level: 1 })).toBeVisible();
    await expect(page.getByText(/Jenis kegiatan: Bakti sosial, Pelatihan/)).toBeVisible();
    await page.getByRole("link", { name: "Mulai Pendaftaran" }).click();
    await expectPath(page, "/register-competency-evaluation");
    await page.getByRole("link", { name: "Daftarkan Tenaga Kesehatan" }).click();
    await expectPath(page, "/register-competency-evaluation/registration-path");
  });

  await test.step("OTH asks for its kind of activity, then the professional's data page opens", async () => {
    await page.getByRole("radio", { name: /^Lainnya/ }).check();
    await page.getByRole("button", { name: "LANJUTKAN" }).click();
    await expect(page.getByRole("alert").getByText("Jenis Kegiatan harus diisi")).toBeVisible();
    await page.getByRole("radio", { name: /^Lainnya/ }).check();
    await page.getByRole("radio", { name: /^Pelatihan/ }).check();
    await page.getByRole("button", { name: "LANJUTKAN" }).click();
    await page.waitForURL(/\/register-competency-evaluation\/path\/\d+$/);
    await expect(page.getByText("Lainnya — Pelatihan")).toBeVisible();
  });

  await test.step("a missing passport number and a birth date typed day first are refused, each explained, and the typed values are kept", async () => {
    await page.getByLabel("Nama Lengkap", { exact: true }).fill(professional.name);
    await page.getByLabel("Alamat Surel", { exact: true }).fill(professional.email);
    await page.getByRole("radio", { name: "Paspor (WNA)" }).check();
    await page.getByLabel("Kewarganegaraan", { exact: true }).selectOption({ label: "Filipina" });
    await page.getByLabel("Tempat Lahir", { exact: true }).fill("Manila");
    await fillDate(page, "Tanggal Lahir", ["21", "06", "1987"]);
    // With JavaScript the message comes on leaving the year box, before any post.
    await dateBoxes(page, "Tanggal Lahir").year.blur();
    if (testInfo.project.name === "js") await expect(dateBoxes(page, "Tanggal Lahir").group).toHaveAccessibleDescription(/Bulan 21 tidak ada/);
    await page.getByRole("radio", { name: "Perempuan" }).check();
    await page.getByLabel("Alamat", { exact: true }).fill("Jl. Sudirman No. 5, Jakarta");
    await page.getByLabel("Nomor Telepon", { exact: true }).fill("081234567890");
    await page.getByLabel("Profesi", { exact: true }).selectOption({ label: "Dokter" });
    await page.getByLabel("Institusi Pendidikan", { exact: true }).selectOption({ index: 1 });
    await page.getByLabel("Negara Kelulusan", { exact: true }).selectOption({ label: "Filipina" });
    await page.getByLabel("Tahun Lulus", { exact: true }).fill("2013");
    await page.getByRole("button", { name: "SIMPAN DAN LANJUTKAN" }).click();
    await expect(page.getByRole("alert").getByText("Nomor Identitas harus diisi")).toBeVisible();
    await expect(page.getByLabel("Nama Lengkap", { exact: true })).toHaveValue(professional.name);
    await expect(page.getByLabel("Alamat Surel", { exact: true })).toHaveValue(professional.email);
    await expect(page.getByLabel("Tahun Lulus", { exact: true })).toHaveValue("2013");
    // The three boxes, in the spec's order, keep what was typed and say what was meant, never just "Format salah".
    const date = dateBoxes(page, "Tanggal Lahir");
    await expect(date.month).toHaveValue("21");
    await expect(date.day).toHaveValue("06");
    await expect(date.year).toHaveValue("1987");
    await expect(date.group).toHaveAccessibleDescription(/Bulan 21 tidak ada: isi bulan dulu, lalu tanggal, lalu tahun, contoh 08 \/ 17 \/ 1990/);
    await expect(page.getByRole("alert")).toContainText("Bulan 21 tidak ada");
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await sidewaysOverflow(page), `${page.url()} at 360 px`).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step("with the passport number the draft is created and its upload page opens", async () => {
    await page.getByLabel("Nomor Identitas", { exact: true }).fill(professional.passport);
    await fillDate(page, "Tanggal Lahir", "1987-06-21");
    await page.getByRole("button", { name: "SIMPAN DAN LANJUTKAN" }).click();
    await page.waitForURL(/\/register-competency-evaluation\/path\/\d+\/upload-file\?id=/);
    await expect(page.getByText(/tersimpan sebagai draf ADP-/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Unggah Dokumen Persyaratan" })).toBeVisible();
  });

  await test.step("the upload page's address follows the draft: another pathway's address moves to its own, none starts again", async () => {
    const own = new URL(page.url());
    const id = own.searchParams.get("id");
    // An OTH draft asked for under the regular pathway's address.
    await page.goto(`/register-competency-evaluation/path/regular/upload-file?id=${id}`);
    await expectPath(page, own.pathname);
    await expect(page.getByRole("heading", { name: "Unggah Dokumen Persyaratan" })).toBeVisible();
    // No draft named: the registration starts at choosing the pathway, not at a 404.
    for (const segment of ["regular", "exception"]) {
      const response = await page.goto(`/register-competency-evaluation/path/${segment}/upload-file`);
      expect(response?.status()).toBe(200);
      await expectPath(page, "/register-competency-evaluation/registration-path");
    }
    await page.goto(own.pathname + own.search);
  });

  await test.step("all eight OTH documents are uploaded, each by its own form, checked, then sent", async () => {
    const files = await otherDocuments();
    // With JavaScript a document uploads by script (resumably, over tus, with a progress bar); without it, natively.
    const viaXhr = page
      .waitForRequest((r) => new URL(r.url()).pathname.startsWith("/register-competency-evaluation/upload/tus"), { timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    await uploadDocument(page, 1, files[1]);
    expect(await viaXhr).toBe(testInfo.project.name === "js");
    for (let order = 2; order <= 8; order++) await uploadDocument(page, order, files[order]);
    await page.getByRole("button", { name: "KIRIM PERMOHONAN" }).click();
    await expect(checkHeading(page)).toBeVisible();
    await expect(page.getByText(professional.name)).toBeVisible();
    await expect(page.getByRole("link", { name: "Unduh ijazah-1.pdf" })).toBeVisible();
    await sendFromCheck(page);
    // spec §4: a first submission ends on /submission-form/success — the facility's too, naming whom it sent.
    await expectPath(page, "/submission-form/success");
    await expect(page.getByRole("heading", { level: 1, name: "Pendaftaran Terkirim" })).toBeVisible();
    await expect(page.getByText(professional.name)).toBeVisible();
    await expect(page.getByText(/^ADP-\d{4}-\d{6}$/)).toBeVisible();
    await page.getByRole("link", { name: "Lihat Status Pengajuan" }).click();
    await expectPath(page, "/application-status");
  });

  let registrationNumber = "";
  let applicationId = "";
  await test.step("Status Pengajuan shows it with its label, and its detail the timeline and documents", async () => {
    await page.getByLabel("Cari nama, surel, atau nomor registrasi").fill(professional.name);
    await page.getByRole("button", { name: "Cari", exact: true }).click();
    const row = page.getByRole("row", { name: new RegExp(professional.name) });
    await expect(row.getByText("Dalam Proses")).toBeVisible();
    await expect(row.getByText("Lainnya — Pelatihan")).toBeVisible();
    registrationNumber = (await row.getByText(/^ADP-\d{4}-\d{6}$/).textContent()) ?? "";
    await row.getByRole("link", { name: `Detail pendaftaran ${professional.name}` }).click();
    await expectPath(page, "/application-status/application-status-detail");
    applicationId = new URL(page.url()).searchParams.get("id") ?? "";
    await expect(page.getByRole("heading", { name: professional.name })).toBeVisible();
    await expect(page.getByText("Permohonan dikirim")).toBeVisible();
    await expect(page.getByRole("link", { name: "Unduh ijazah-1.pdf" })).toBeVisible();
  });

  await test.step("the Admin's application list finds it", async () => {
    const admin = await reviewerPage(browser, testInfo, "admin");
    await expectPath(admin, "/application-list");
    await admin.getByLabel("Cari", { exact: true }).fill(professional.name);
    await admin.getByRole("button", { name: "Terapkan" }).click();
    await expect(admin).toHaveURL(/[?&]q=/);
    const row = admin.getByRole("table").getByRole("row", { name: new RegExp(registrationNumber) });
    await expect(row.getByRole("link", { name: new RegExp(registrationNumber) })).toBeVisible();
    await expect(row.getByText("Dalam Proses")).toBeVisible();
    await admin.context().close();
  });

  await test.step("when the Admin asks for the passport again, the facility reuploads it from the detail", async () => {
    const reupload = { stage_id: 21, decision: "REUPLOAD", note: "Paspor perlu dipindai ulang.", documents: [{ requirement_id: 22, reason: "Paspor buram" }] };
    expect((await decideByApi(request, "admin", applicationId, reupload)).status()).toBe(200);
    // The applicant's reupload address serves the facility too: it leads to the list, still logged in.
    await page.goto("/submission-form/reupload-form");
    await expectPath(page, "/application-status");
    await expect(sidebar(page)).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(professional.name) });
    await expect(row.getByText("Perbaikan Berkas", { exact: true })).toBeVisible();
    await row.getByRole("link", { name: `Perbaiki berkas ${professional.name}` }).click();
    await expect(page.getByRole("heading", { name: "Perbaikan Berkas" })).toBeVisible();
    await expect(page.getByText("Paspor buram")).toBeVisible();
    await uploadDocument(page, 2, pngFile("paspor-baru.png"));
    await page.getByRole("button", { name: "KIRIM PERBAIKAN" }).click();
    await expect(checkHeading(page)).toBeVisible();
    await expect(page.getByText("Alasan peninjau: Paspor buram")).toBeVisible();
    await expect(page.getByRole("link", { name: "Unduh paspor-baru.png" })).toBeVisible();
    await sendFromCheck(page);
    await expect(page.getByText("Berkas perbaikan terkirim. Permohonan kembali diperiksa.")).toBeVisible();
    // spec §4: a successful reupload ends on /submission-form/success-reupload, the registration's own
    await expectPath(page, "/submission-form/success-reupload");
    await expect(page.getByText(professional.name).first()).toBeVisible();
    // its detail no longer asks for the passport, and shows the new file
    await page.goto(`/application-status/application-status-detail?id=${applicationId}`);
    await expect(page.getByRole("heading", { name: "Perbaikan Berkas", exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Unduh paspor-baru.png" })).toBeVisible();
  });
});

test("a facility that is not verified yet cannot open the registration pages", async ({ browser }, testInfo) => {
  const page = await (await newPersonContext(browser, testInfo)).newPage();
  await startSession(page, ACCOUNTS.fasyankesBaru);
  await page.goto("/register-competency-evaluation");
  await expectPath(page, "/dashboard");
  await expect(page.getByText(/Fasyankes Anda belum terverifikasi/).first()).toBeVisible();
  await page.goto("/register-competency-evaluation/registration-path");
  await expectPath(page, "/dashboard");
  await page.context().close();
});
