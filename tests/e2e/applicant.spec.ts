import { expectPath } from "./fixtures";
import { checkHeading, sendFromCheck } from "./check-fixtures";
import {
  choosePathway,
  competencyDocuments,
  completePersonalData,
  documentInput,
  expect,
  freshApplicant,
  freshForeignApplicant,
  otherDocuments,
  pdfFile,
  pngFile,
  test,
  uploadDocument,
} from "./applicant-fixtures";

// "Done when": a new citizen goes from an empty account to a submitted application on REG,
// with JavaScript off and on, and follows its status.

test("a new citizen completes personal data, the REG pathway and every document, submits, and sees 'Dalam Proses'", async ({ page, request }, testInfo) => {
  // One post per document: seven page loads where there was one.
  test.slow();
  const citizen = await freshApplicant(page, request, testInfo);

  await test.step("the workspace starts empty: no application, personal data first", async () => {
    await expect(page.getByText("Belum ada permohonan")).toBeVisible();
    await expect(page.getByRole("link", { name: "Lengkapi data personal" })).toBeVisible();
  });

  await test.step("personal data", async () => {
    await completePersonalData(page, citizen);
    await expect(page.getByRole("link", { name: "Pilih jalur pendaftaran" })).toBeVisible();
  });

  await test.step("the photo: a PDF is refused by its content, a PNG is kept", async () => {
    await page.goto("/personal-data/upload-file");
    await page.getByLabel("Pas foto", { exact: true }).setInputFiles(await pdfFile("foto.pdf"));
    await page.getByRole("button", { name: "UNGGAH" }).click();
    await expect(page.getByRole("alert").getByText("Tipe berkas harus JPG, JPEG atau PNG.")).toBeVisible();
    await page.getByLabel("Pas foto", { exact: true }).setInputFiles(pngFile("foto.png"));
    await page.getByRole("button", { name: "UNGGAH" }).click();
    await expectPath(page, "/personal-data");
    await expect(page.getByText("Pas foto tersimpan.")).toBeVisible();
    await expect(page.getByText("Pas foto sudah diunggah.")).toBeVisible();
  });

  await test.step("the REG pathway lists its documents and creates a draft", async () => {
    await page.goto("/registration-path");
    await expect(page.locator("details summary", { hasText: "Dokumen jalur Reguler" })).toBeVisible();
    await choosePathway(page, "Reguler");
  });

  const files = await competencyDocuments();
  await test.step("the form has one field per requirement, in order, with its help text", async () => {
    for (let order = 1; order <= 7; order++) await expect(documentInput(page, order)).toBeVisible();
    await expect(documentInput(page, 3)).toHaveAttribute("multiple", "");
    await expect(documentInput(page, 1)).not.toHaveAttribute("multiple", "");
    await expect(documentInput(page, 2)).toHaveAttribute("accept", ".doc,.docx,.pdf");
  });

  await test.step("the first three documents are saved, each by its own form; the page says which are still missing", async () => {
    await expect(page.getByRole("heading", { name: "Belum diunggah: 7 dari 7 dokumen" })).toBeVisible();
    // With JavaScript a document uploads by script (resumably, over tus, with a progress bar); without it, natively.
    const viaXhr = page
      .waitForRequest((r) => new URL(r.url()).pathname.startsWith("/submission-form/upload"), { timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    await uploadDocument(page, 1, files[1]);
    expect(await viaXhr).toBe(testInfo.project.name === "js");
    await uploadDocument(page, 2, files[2]);
    // A merged set (two files) goes the same way with JavaScript: one tus upload of the document's multipart body.
    const mergedViaTus = page
      .waitForRequest(
        (r) =>
          r.method() === "POST" &&
          new URL(r.url()).pathname === "/submission-form/upload/tus" &&
          /(^|,)multipart [A-Za-z0-9+/=]+/.test(r.headers()["upload-metadata"] ?? ""),
        { timeout: 5_000 },
      )
      .then(
        () => true,
        () => false,
      );
    await uploadDocument(page, 3, files[3]);
    expect(await mergedViaTus).toBe(testInfo.project.name === "js");
    await expectPath(page, "/submission-form/adaptation-form");
    await expect(page.getByRole("link", { name: "Unduh identitas.pdf" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Unduh cv.docx" })).toBeVisible();
    const missing = page.getByRole("region", { name: "Belum diunggah: 4 dari 7 dokumen" });
    await expect(missing.getByRole("link")).toHaveText([/^4\. /, /^5\. /, /^6\. /, /^7\. /]);
    await page.getByRole("button", { name: "SIMPAN DRAF" }).click();
    await expect(page.getByText("Draf tersimpan.")).toBeVisible();
  });

  await test.step("the rest is uploaded, one by one, checked on 'Periksa kembali', then sent", async () => {
    for (const order of [4, 5, 6, 7]) await uploadDocument(page, order, files[order]);
    await expect(page.getByRole("heading", { name: "Semua dokumen sudah diunggah." })).toBeVisible();
    await page.getByRole("button", { name: "KIRIM PERMOHONAN" }).click();
    await expectPath(page, "/submission-form/adaptation-form");
    await expect(checkHeading(page)).toBeVisible();
    await sendFromCheck(page);
    await expectPath(page, "/submission-form/success");
    await expect(page.getByRole("heading", { name: "Permohonan Terkirim" })).toBeVisible();
  });

  await test.step("the status page says 'Dalam Proses', the detail lists the documents", async () => {
    await page.getByRole("link", { name: "Lihat status permohonan" }).click();
    await expectPath(page, "/application-status");
    await expect(page.getByText("Dalam Proses")).toBeVisible();
    await expect(page.getByText("Reguler")).toBeVisible();
    await page.getByRole("link", { name: "Lihat detail permohonan" }).click();
    await expectPath(page, "/application-status/application-status-detail");
    await expect(page.getByText("Permohonan dikirim")).toBeVisible();
    await expect(page.getByRole("link", { name: "Unduh identitas.pdf" })).toBeVisible();
  });

  await test.step("a download comes through the portal as an attachment", async () => {
    const href = await page.getByRole("link", { name: "Unduh identitas.pdf" }).getAttribute("href");
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-disposition"]).toContain("attachment");
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  });

  await test.step("the workspace shows every step done and the status label", async () => {
    await page.goto("/");
    await expect(page.getByText("Dalam Proses")).toBeVisible();
    await expect(page.getByText("Belum selesai")).toHaveCount(0);
    await page.goto("/submission-form");
    await expectPath(page, "/application-status");
  });
});

test("a foreign national completes personal data, the OTH pathway and all eight documents, submits, and sees 'Dalam Proses'", async ({
  page,
  request,
}, testInfo) => {
  // One post per document: seven page loads where there was one.
  test.slow();
  const foreigner = await freshForeignApplicant(page, request, testInfo);
  await completePersonalData(page, foreigner);
  await choosePathway(page, "Lainnya");
  const files = await otherDocuments();
  for (let order = 1; order <= 8; order++) await uploadDocument(page, order, files[order]);
  await page.getByRole("button", { name: "KIRIM PERMOHONAN" }).click();
  await sendFromCheck(page);
  await expectPath(page, "/submission-form/success");
  await page.goto("/application-status");
  await expect(page.getByText("Dalam Proses")).toBeVisible();
  await expect(page.getByText("Lainnya")).toBeVisible();
  await page.goto("/application-status/application-status-detail");
  // The two diploma images were merged into one PDF named after the first.
  await expect(page.getByRole("link", { name: "Unduh ijazah-1.pdf" })).toBeVisible();
});
