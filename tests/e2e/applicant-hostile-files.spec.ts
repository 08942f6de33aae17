import { automaticActionPdfs, docxBomb, pdf, png } from "../fixtures/files";
import { checkHeading } from "./check-fixtures";
import { expectPath } from "./fixtures";
import {
  choosePathway,
  competencyDocuments,
  completePersonalData,
  documentButton,
  documentInput,
  expect,
  freshApplicant,
  pdfFile,
  requirementsOf,
  test,
  uploadDocument,
} from "./applicant-fixtures";

// Files that lie about themselves. The type comes from the content, never from the name or
// the browser's mime type; names are shown as text and never become paths; a double click submits once.

test("a PNG named .pdf is kept as a PNG, a zip bomb named .docx is refused, hostile names stay text", async ({ page, request }, testInfo) => {
  await freshApplicant(page, request, testInfo);
  await choosePathway(page, "Reguler");
  const form = page.locator("form[enctype='multipart/form-data']");

  await test.step("a PNG renamed .pdf (and sent as application/pdf) is stored and served as image/png", async () => {
    await uploadDocument(page, 1, { name: "ktp.pdf", mimeType: "application/pdf", buffer: png() });
    const link = page.getByRole("link", { name: "Unduh ktp.pdf" });
    await expect(link).toBeVisible();
    const res = await page.request.get((await link.getAttribute("href"))!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/png");
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    // The file's own policy, not the page's beside it (two CSP headers would read "…\nsandbox").
    expect(res.headers()["content-security-policy"]).toBe("sandbox; default-src 'none'; frame-ancestors 'none'");
    expect(res.headers()["x-frame-options"]).toBe("DENY");
  });

  await test.step("a zip bomb named .docx on the CV is refused by its content", async () => {
    await page.goto("/submission-form/adaptation-form");
    await documentInput(page, 2).setInputFiles({
      name: "cv.docx",
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      buffer: docxBomb(),
    });
    await documentButton(page, 2).click();
    await expect(form.getByText("Berkas DOCX tidak valid.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Unduh ktp.pdf" })).toBeVisible();
  });

  const hostile = "../../etc/passwd <img src=x onerror=alert(1)> Ünïcødé 证书 ‮fdp.exe.pdf";
  await test.step("a name with ../, markup, unicode and a right-to-left override is shown as text", async () => {
    await page.goto("/submission-form/adaptation-form");
    await uploadDocument(page, 4, { name: hostile, mimeType: "application/pdf", buffer: await pdf("hostile") });
    // The markup in the name did not become an element.
    await expect(page.locator("img[src='x']")).toHaveCount(0);
    const link = page.getByRole("link", { name: /Unduh .*Ünïcødé 证书/ });
    await expect(link).toBeVisible();
    const href = (await link.getAttribute("href"))!;
    expect(href).toMatch(/^\/files\/[0-9a-f-]{36}$/);
    const res = await page.request.get(href);
    expect(res.status()).toBe(200);
    const disposition = res.headers()["content-disposition"];
    expect(disposition).toContain("attachment");
    // No path separators and no quotes breaking out of the header's filename parameter.
    const ascii = /filename="([^"]*)"/.exec(disposition)?.[1] ?? "";
    expect(ascii).not.toMatch(/[\\/]/);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? "")).not.toContain("/");
  });
});

test("a double click on KIRIM PERMOHONAN and on the check's Yes makes one submission", async ({ page, request }, testInfo) => {
  // One post per document: seven page loads where there was one.
  test.slow();
  const citizen = await freshApplicant(page, request, testInfo);
  await completePersonalData(page, citizen);
  await choosePathway(page, "Reguler");
  const files = await competencyDocuments();
  for (let order = 1; order <= 7; order++) await uploadDocument(page, order, files[order]);
  await page.getByRole("button", { name: "KIRIM PERMOHONAN" }).dblclick();
  await expect(checkHeading(page)).toBeVisible();
  await page.getByRole("button", { name: "Yes", exact: true }).dblclick();
  await expectPath(page, "/submission-form/success");

  await page.goto("/application-status/application-status-detail");
  await expect(page.getByText("Permohonan dikirim")).toHaveCount(1);
  // Posting the same page again (the back button, a re-post) does not submit twice either.
  await page.goto("/submission-form/adaptation-form");
  await expect(page).not.toHaveURL(/adaptation-form$/);
  await page.goto("/application-status/application-status-detail");
  await expect(page.getByText("Permohonan dikirim")).toHaveCount(1);
});

test("a file far over its limit is refused with its limit named, and what was saved before stays", async ({ page, request }, testInfo) => {
  await freshApplicant(page, request, testInfo);
  await choosePathway(page, "Reguler");
  const [first, second] = (await requirementsOf(request, "REG")).filter((r) => r.max_size === 2);
  await uploadDocument(page, first.order_num, await pdfFile("ktp.pdf"));
  await expect(page.getByRole("link", { name: "Unduh ktp.pdf" })).toBeVisible();

  // 12 MB for a 2 MB document: without JavaScript the server stops reading at 2 MB and answers 413
  // with the page; with JavaScript the form refuses it before sending.
  await documentInput(page, second.order_num).setInputFiles({
    name: "foto-besar.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.alloc(12 * 1024 * 1024, 0x25),
  });
  await documentButton(page, second.order_num).click();
  await expect(page.getByText("harus lebih kecil dari 2048KB").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Unduh ktp.pdf" })).toBeVisible();
});

test("a PDF that phones home or opens a Windows share when opened is refused, and what was saved stays", async ({ page, request }, testInfo) => {
  await freshApplicant(page, request, testInfo);
  await choosePathway(page, "Reguler");
  const form = page.locator("form[enctype='multipart/form-data']");
  await uploadDocument(page, 1, await pdfFile("ktp.pdf"));
  await expect(page.getByRole("link", { name: "Unduh ktp.pdf" })).toBeVisible();

  // A reviewer opening either in Acrobat would send a request out, or the reviewer's Windows credentials.
  // Each by its own form: each refusal at its document.
  await documentInput(page, 4).setInputFiles({ name: "sertifikat.pdf", mimeType: "application/pdf", buffer: automaticActionPdfs.submitForm() });
  await documentButton(page, 4).click();
  await expect(form.getByText("Berkas PDF berisi skrip atau tindakan otomatis yang tidak diizinkan.")).toHaveCount(1);
  await documentInput(page, 6).setInputFiles({ name: "pengalaman.pdf", mimeType: "application/pdf", buffer: automaticActionPdfs.uncGoToR() });
  await documentButton(page, 6).click();
  // At its own document (with JavaScript the first refusal stays shown at document 4 as well).
  await expect(
    form
      .filter({ has: documentInput(page, 6) })
      .locator("[id$='-error']")
      .getByText("Berkas PDF berisi skrip atau tindakan otomatis yang tidak diizinkan."),
  ).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Unduh ktp.pdf" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Unduh sertifikat.pdf" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Unduh pengalaman.pdf" })).toHaveCount(0);
});
