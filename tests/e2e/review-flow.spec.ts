import { confirmYes, expectPath } from "./fixtures";
import { checkHeading, sendFromCheck } from "./check-fixtures";
import { pdfFile, uploadDocument } from "./applicant-fixtures";
import {
  applicantLabel,
  applicantPage,
  decide,
  decideByApi,
  detailPath,
  expect,
  expectApplicantLabel,
  reviewerPage,
  submittedApplication,
  test,
} from "./review-fixtures";

// Each stage decided on the detail page by the demo account of the right role, the applicant
// reading the label on /application-status after each step. Every test starts from a fresh submitted
// application made through the API.

test("REG: document check asks for a reupload, then every body passes the file to 'Sesuai'", async ({ browser, request }, testInfo) => {
  // Five reviewers and an applicant in turn: about 50 s on a quiet machine, so twice the usual minute.
  test.setTimeout(120_000);
  const app = await submittedApplication(request, testInfo, "REG");
  const applicant = await applicantPage(browser, testInfo, app);
  await expectApplicantLabel(applicant, "Dalam Proses");

  const admin = await reviewerPage(browser, testInfo, "admin");
  await decide(admin, "admin", app, "Perbaikan Berkas", {
    note: "CV perlu diperbarui.",
    internalNote: "Periksa tanggal CV.",
    documents: [{ name: "Curriculum Vitae (CV)", reason: "CV tidak bertanggal." }],
    expectLabel: "Perbaikan Berkas",
  });
  // The timeline keeps the internal note apart.
  await expect(admin.getByText("Periksa tanggal CV.")).toBeVisible();
  await expect(admin.getByRole("region", { name: "Riwayat" }).getByText("Catatan internal", { exact: true })).toBeVisible();

  await expectApplicantLabel(applicant, "Perbaikan Berkas");
  await applicant.goto("/submission-form/reupload-form");
  await expect(applicant.getByText("CV tidak bertanggal.")).toBeVisible();
  // Sending without a file is a mistake to fix, not a success of 0 documents.
  await applicant.getByRole("button", { name: "KIRIM PERBAIKAN" }).click();
  // The summary counts the flagged documents still to upload again; the title names the form it shows again.
  await expect(applicant.getByRole("alert").filter({ hasText: "Ada 1 dokumen yang perlu diperbaiki" })).toContainText(
    "Curriculum Vitae (CV) belum diunggah ulang",
  );
  await expect(applicant).toHaveTitle(/^Galat: Perbaikan Berkas — /);
  await expectPath(applicant, "/submission-form/reupload-form");
  await expect(applicant.getByText(/0 dokumen tersimpan/)).toHaveCount(0);
  await uploadDocument(applicant, 2, await pdfFile("cv-baru.pdf"));
  await applicant.getByRole("button", { name: "KIRIM PERBAIKAN" }).click();
  // Stored, not sent yet: "Periksa kembali" shows what goes back, and only its Yes sends it.
  await expect(checkHeading(applicant)).toBeVisible();
  await expect(applicant.getByRole("link", { name: "Unduh cv-baru.pdf" })).toBeVisible();
  await sendFromCheck(applicant);
  await expectPath(applicant, "/submission-form/success-reupload");
  await expectApplicantLabel(applicant, "Dalam Proses");

  // Both versions of the CV are there for the reviewer.
  await admin.goto(detailPath("admin", app));
  await expect(admin.getByRole("link", { name: "Unduh cv-baru.pdf (versi 2)" })).toBeVisible();
  await expect(admin.getByRole("link", { name: /^Unduh dokumen-\d+\.pdf \(versi 1\)$/ }).first()).toBeVisible();
  await decide(admin, "admin", app, "Lulus", { expectLabel: "Selesai" });
  await expectApplicantLabel(applicant, "Selesai");
  // After the pass the next stage is open with its holder and its own SLA clock.
  await expect(applicant.getByText("Penyetaraan", { exact: true })).toBeVisible();
  await expect(applicant.getByText(/Sisa \d+ hari/)).toBeVisible();

  const kolegium = await reviewerPage(browser, testInfo, "kolegium");
  await decide(kolegium, "kolegium", app, "Lulus", { expectLabel: "Setara" });
  expect(await applicantLabel(request, app)).toBe("Setara");

  const subkomite = await reviewerPage(browser, testInfo, "subkomite");
  await decide(subkomite, "subkomite", app, "Lulus", { expectLabel: "Kompeten" });
  await expectApplicantLabel(applicant, "Kompeten");

  const pembekalan = await reviewerPage(browser, testInfo, "pembekalan");
  await decide(pembekalan, "pembekalan", app, "Lulus", { note: "Selamat.", expectLabel: "Sesuai" });
  await expectApplicantLabel(applicant, "Sesuai");
  // A closed file offers no decision to anyone.
  await expect(pembekalan.getByText("Tidak ada tahap yang menunggu keputusan.")).toBeVisible();
  await expect(pembekalan.getByRole("button", { name: "SIMPAN KEPUTUSAN" })).toHaveCount(0);
});

test("SPE: document check, competency and debriefing pass the file to 'Sesuai'", async ({ browser, request }, testInfo) => {
  const app = await submittedApplication(request, testInfo, "SPE");
  const subkomite = await reviewerPage(browser, testInfo, "subkomite");
  // Sub-Komite Evaluasi Kompetensi decides the document check too (DESIGN §4), then the competency stage.
  await decide(subkomite, "subkomite", app, "Lulus", { expectLabel: "Selesai" });
  expect(await applicantLabel(request, app)).toBe("Selesai");
  await decide(subkomite, "subkomite", app, "Lulus", { expectLabel: "Kompeten" });
  const pembekalan = await reviewerPage(browser, testInfo, "pembekalan");
  await decide(pembekalan, "pembekalan", app, "Lulus", { expectLabel: "Sesuai" });
  const applicant = await applicantPage(browser, testInfo, app);
  await expectApplicantLabel(applicant, "Sesuai");
});

test("OTH: KKI finds the file feasible ('Layak')", async ({ browser, request }, testInfo) => {
  const app = await submittedApplication(request, testInfo, "OTH");
  const admin = await reviewerPage(browser, testInfo, "admin");
  await decide(admin, "admin", app, "Lulus", { expectLabel: "Selesai" });
  // The competency stage is proven for REG and SPE: the API moves this file on.
  expect((await decideByApi(request, "subkomite", app.id, { stage_id: 22, decision: "PASSED" })).status()).toBe(200);
  expect(await applicantLabel(request, app)).toBe("Kompeten");
  const kki = await reviewerPage(browser, testInfo, "kki");
  await decide(kki, "kki", app, "Lulus", { expectLabel: "Layak" });
  const applicant = await applicantPage(browser, testInfo, app);
  await expectApplicantLabel(applicant, "Layak");
});

test("OTH: KKI finds the file not feasible ('Tidak Layak'), with a note the applicant reads", async ({ browser, request }, testInfo) => {
  const app = await submittedApplication(request, testInfo, "OTH");
  // The earlier stages are not under test here: the API moves the file on to the feasibility stage.
  expect((await decideByApi(request, "admin", app.id, { stage_id: 21, decision: "PASSED" })).status()).toBe(200);
  expect((await decideByApi(request, "subkomite", app.id, { stage_id: 22, decision: "PASSED" })).status()).toBe(200);
  const kki = await reviewerPage(browser, testInfo, "kki");
  await decide(kki, "kki", app, "Tidak Lulus", { note: "Rekomendasi kolegium tidak sesuai kegiatan.", expectLabel: "Tidak Layak" });
  const applicant = await applicantPage(browser, testInfo, app);
  await expectApplicantLabel(applicant, "Tidak Layak");
  await applicant.goto("/application-status/application-status-detail");
  await expect(applicant.getByText("Rekomendasi kolegium tidak sesuai kegiatan.")).toBeVisible();
});

test("REG rejected at the document check ('Tolak'): the note is required, the form keeps what was typed", async ({ browser, request }, testInfo) => {
  const app = await submittedApplication(request, testInfo, "REG");
  const admin = await reviewerPage(browser, testInfo, "admin");
  await admin.goto(detailPath("admin", app));
  const form = admin.locator("form").filter({ has: admin.getByRole("button", { name: "SIMPAN KEPUTUSAN" }) });
  await form.getByRole("radio", { name: "Tidak Lulus", exact: true }).check();
  await form.getByLabel(/^Catatan internal/).fill("Dokumen palsu?");
  await form.getByRole("button", { name: "SIMPAN KEPUTUSAN" }).click();

  const summary = admin.getByRole("alert").filter({ hasText: "Catatan wajib diisi" });
  await expect(summary).toBeVisible();
  const note = form.getByLabel("Catatan untuk pemohon");
  await expect(note).toHaveAttribute("aria-invalid", "true");
  await expect(note).toHaveAttribute("aria-describedby", /-error/);
  await expect(form.getByLabel(/^Catatan internal/)).toHaveValue("Dokumen palsu?");
  await expect(form.getByRole("radio", { name: "Tidak Lulus", exact: true })).toBeChecked();
  await summary.getByRole("link", { name: /Catatan wajib diisi/ }).click();

  await note.fill("Ijazah tidak dapat diverifikasi.");
  await form.getByRole("button", { name: "SIMPAN KEPUTUSAN" }).click();
  await confirmYes(admin);
  await expect(admin.getByText("Keputusan tersimpan. Status permohonan: Tolak.")).toBeVisible();
  const applicant = await applicantPage(browser, testInfo, app);
  await expectApplicantLabel(applicant, "Tolak");
});
