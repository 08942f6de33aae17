import { pdf } from "../fixtures/files";
import { expectPath } from "./fixtures";
import { applicantPage, expect, reviewerPage, submittedApplication, test } from "./review-fixtures";

// DESIGN §4.8: a reviewer of the open stage asks an SPE applicant for an extra document;
// the applicant answers on /portfolio/additional-requirements; the reviewer opens the file.

test("the document-check reviewer asks for an extra document and the SPE applicant uploads it", async ({ browser, request }, testInfo) => {
  const app = await submittedApplication(request, testInfo, "SPE", "dr. Rina Kartika, Sp.A");
  const admin = await reviewerPage(browser, testInfo, "admin");

  await test.step("an empty title is refused with the form's message, then the request is sent", async () => {
    await admin.goto(`/application-list/${app.id}/additional-requirements`);
    await expect(admin.getByRole("heading", { name: "Minta Dokumen Tambahan" }).first()).toBeVisible();
    await admin.getByRole("button", { name: "KIRIM PERMINTAAN" }).click();
    await expect(admin.getByText("Nama Dokumen harus diisi").first()).toBeVisible();
    await admin.getByLabel("Nama Dokumen", { exact: true }).fill("Surat rekomendasi rumah sakit asal");
    await admin.getByLabel(/^Keterangan/).fill("Ditandatangani direktur rumah sakit");
    await admin.getByRole("button", { name: "KIRIM PERMINTAAN" }).click();
    await expectPath(admin, `/application-list/${app.id}`);
    await expect(admin.getByText("Permintaan dokumen tambahan terkirim.")).toBeVisible();
  });

  const applicant = await applicantPage(browser, testInfo, app);
  await test.step("the applicant sees the request from the portfolio and uploads a file; a wrong type is refused first", async () => {
    await applicant.goto("/portfolio");
    await applicant.getByRole("link", { name: "Dokumen tambahan yang diminta peninjau" }).click();
    await expectPath(applicant, "/portfolio/additional-requirements");
    await expect(applicant.getByRole("heading", { name: "Surat rekomendasi rumah sakit asal" })).toBeVisible();
    await expect(applicant.getByText("Belum diunggah")).toBeVisible();
    const input = applicant.getByLabel('Berkas untuk "Surat rekomendasi rumah sakit asal"');
    await input.setInputFiles({ name: "rekomendasi.docx", mimeType: "application/pdf", buffer: Buffer.from("PK\u0003\u0004 bukan pdf") });
    await applicant.getByRole("button", { name: "UNGGAH" }).click();
    await expect(applicant.getByRole("alert").getByText("Tipe berkas harus JPG, JPEG, PNG atau PDF.")).toBeVisible();
    await applicant
      .getByLabel('Berkas untuk "Surat rekomendasi rumah sakit asal"')
      .setInputFiles({ name: "rekomendasi.pdf", mimeType: "application/pdf", buffer: await pdf("rekomendasi") });
    await applicant.getByRole("button", { name: "UNGGAH" }).click();
    await expectPath(applicant, "/portfolio/additional-requirements");
    await expect(applicant.getByText("Dokumen tambahan tersimpan.")).toBeVisible();
    await expect(applicant.getByRole("link", { name: "Unduh rekomendasi.pdf" })).toBeVisible();
  });

  await test.step("the reviewer downloads the answer", async () => {
    await admin.goto(`/application-list/${app.id}/additional-requirements`);
    const link = admin.getByRole("link", { name: "Diunggah: rekomendasi.pdf" });
    await expect(link).toBeVisible();
    const res = await admin.request.get((await link.getAttribute("href"))!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/pdf");
  });

  await test.step("a reviewer who does not decide the open stage may not ask", async () => {
    const kki = await reviewerPage(browser, testInfo, "kki");
    await kki.goto(`/application/${app.id}/additional-requirements`);
    await expect(kki.getByText("Dokumen tambahan hanya dapat diminta oleh peninjau tahap yang sedang berjalan")).toBeVisible();
    await expect(kki.getByRole("button", { name: "KIRIM PERMINTAAN" })).toHaveCount(0);
  });
});
