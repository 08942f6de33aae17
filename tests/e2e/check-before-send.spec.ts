import { FIT_WIDTHS, sidewaysOverflow } from "../reach/measure";
import { choosePathway, competencyDocuments, completePersonalData, expect, freshApplicant, pdfFile, test, uploadDocument } from "./applicant-fixtures";
import { checkHeading, sendFromCheck } from "./check-fixtures";
import { expectPath } from "./fixtures";
import { applicantPage, decideByApi, expectApplicantLabel, submittedApplication } from "./review-fixtures";

// "Periksa kembali" (GOV.UK "check your answers", DESIGN §9) before the irreversible sends, with JavaScript
// off and on: each document is stored by its own form; KIRIM PERMOHONAN and KIRIM PERBAIKAN show what will be
// sent, each section with its Ubah; only the check's Yes sends. A facility's registration: facility-registration.spec.ts.

test("the applicant checks the application before it is sent: what is missing blocks the send, No sends nothing, Yes sends it", async ({
  page,
  request,
}, testInfo) => {
  const citizen = await freshApplicant(page, request, testInfo);
  await completePersonalData(page, citizen);
  await choosePathway(page, "Reguler");
  const files = await competencyDocuments();

  await test.step("with one document stored, KIRIM PERMOHONAN shows the check with the rest missing and no send", async () => {
    await uploadDocument(page, 1, files[1]);
    await page.getByRole("button", { name: "KIRIM PERMOHONAN" }).click();
    await expectPath(page, "/submission-form/adaptation-form");
    await expect(checkHeading(page)).toBeVisible();
    await expect(page).toHaveTitle(/^Periksa Kembali — /);
    const missing = page.getByRole("alert").filter({ hasText: "Permohonan belum dapat dikirim" });
    await expect(missing.getByRole("listitem")).toHaveCount(6);
    await expect(page.getByRole("button", { name: "Yes", exact: true })).toHaveCount(0);
    // The stored file: its name, size and version.
    await expect(page.getByRole("region", { name: "Dokumen persyaratan" }).getByRole("link", { name: "Unduh identitas.pdf" })).toHaveText(
      /^identitas\.pdf \(.+, versi 1\)$/,
    );
  });

  await test.step("each section has its Ubah: personal data, pathway, documents", async () => {
    await expect(page.getByRole("link", { name: "Ubah data personal" })).toHaveAttribute("href", "/personal-data");
    await expect(page.getByRole("link", { name: "Ubah jalur pendaftaran" })).toHaveAttribute("href", "/registration-path");
    const personal = page.getByRole("region", { name: "Data personal" });
    await expect(personal.getByText(citizen.nik)).toBeVisible();
    await expect(page.getByRole("region", { name: "Jalur pendaftaran" }).getByText("Reguler", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Ubah dokumen persyaratan" }).click();
    await expectPath(page, "/submission-form/adaptation-form");
    await expect(page.getByRole("heading", { level: 1, name: "Formulir Pengajuan Adaptasi" })).toBeVisible();
  });

  await test.step("with every document there, the check asks Yes/No; No goes back and sends nothing", async () => {
    for (const order of [2, 3, 4, 5, 6, 7]) await uploadDocument(page, order, files[order]);
    await page.getByRole("button", { name: "KIRIM PERMOHONAN" }).click();
    await expect(checkHeading(page)).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Permohonan belum dapat dikirim" })).toHaveCount(0);
    await expect(page.getByText(/^Kirim permohonan sekarang\?/)).toBeVisible();
    for (const size of FIT_WIDTHS) {
      await page.setViewportSize(size);
      expect(await sidewaysOverflow(page), `the check at ${size.width}px`).toEqual([]);
    }
    await page.setViewportSize({ width: 360, height: 800 });
    if (testInfo.project.name === "nojs") await page.screenshot({ path: "/work/notes/screens/check-before-send-applicant-360.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole("link", { name: "No", exact: true }).click();
    await expectPath(page, "/submission-form/adaptation-form");
    await expect(page.getByRole("button", { name: "KIRIM PERMOHONAN" })).toBeVisible();
    await page.goto("/application-status");
    await expect(page.getByText("Draf Permohonan")).toBeVisible();
  });

  await test.step("KIRIM PERMOHONAN without new files goes straight to the check; Yes sends it once", async () => {
    await page.goto("/submission-form/adaptation-form");
    await page.getByRole("button", { name: "KIRIM PERMOHONAN" }).click();
    await sendFromCheck(page);
    await expectPath(page, "/submission-form/success");
    await expectApplicantLabel(page, "Dalam Proses");
    // The check of a sent application is not there any more.
    await page.goto("/submission-form/adaptation-form?intent=check");
    await expectPath(page, "/application-status");
  });
});

test("a reupload is checked before it goes back: each flagged document's new version, Ubah, then Yes", async ({ browser, request }, testInfo) => {
  const app = await submittedApplication(request, testInfo, "REG");
  const asked = await decideByApi(request, "admin", app.id, {
    stage_id: 1,
    decision: "REUPLOAD",
    note: "CV perlu diperbarui.",
    documents: [{ requirement_id: 2, reason: "CV tidak bertanggal." }],
  } as Parameters<typeof decideByApi>[3]);
  expect(asked.status(), await asked.text()).toBe(200);
  const applicant = await applicantPage(browser, testInfo, app);

  await test.step("the new version is stored by its form; KIRIM PERBAIKAN shows what goes back; the file stays with the applicant", async () => {
    await applicant.goto("/submission-form/reupload-form");
    await uploadDocument(applicant, 2, await pdfFile("cv-salah.pdf"));
    await applicant.getByRole("button", { name: "KIRIM PERBAIKAN" }).click();
    await expectPath(applicant, "/submission-form/reupload-form");
    await expect(checkHeading(applicant)).toBeVisible();
    const documents = applicant.getByRole("region", { name: "Dokumen yang dikirim kembali" });
    await expect(documents.getByText("Alasan peninjau: CV tidak bertanggal.")).toBeVisible();
    await expect(documents.getByRole("link", { name: "Unduh cv-salah.pdf" })).toHaveText(/versi 2\)$/);
    await expect(applicant.getByText(/^Kirim kembali berkas ke peninjau sekarang\?/)).toBeVisible();
    await applicant.setViewportSize({ width: 360, height: 800 });
    expect(await sidewaysOverflow(applicant), "the reupload check at 360px").toEqual([]);
    await applicant.setViewportSize({ width: 1280, height: 720 });
    await expectApplicantLabel(applicant, "Perbaikan Berkas");
  });

  await test.step("Ubah: another file replaces it before anything is sent", async () => {
    await applicant.goto("/submission-form/reupload-form?intent=check");
    await applicant.getByRole("link", { name: "Ubah dokumen yang dikirim kembali" }).click();
    await expectPath(applicant, "/submission-form/reupload-form");
    await uploadDocument(applicant, 2, await pdfFile("cv-bertanggal.pdf"));
    await applicant.getByRole("button", { name: "KIRIM PERBAIKAN" }).click();
    await expect(applicant.getByRole("link", { name: "Unduh cv-bertanggal.pdf" })).toHaveText(/versi 3\)$/);
  });

  await test.step("Yes sends it back to the reviewer", async () => {
    await sendFromCheck(applicant);
    await expectPath(applicant, "/submission-form/success-reupload");
    await expectApplicantLabel(applicant, "Dalam Proses");
  });
  await applicant.context().close();
});
