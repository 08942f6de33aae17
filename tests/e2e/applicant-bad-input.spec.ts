import { pdf, elf } from "../fixtures/files";
import { checkHeading } from "./check-fixtures";
import { expectPath } from "./fixtures";
import { logout } from "./accounts-fixtures";
import {
  choosePathway,
  completePersonalData,
  documentButton,
  documentInput,
  expect,
  freshApplicant,
  pdfFile,
  test,
  uploadDocument,
} from "./applicant-fixtures";

// Bad input on the document form: each refusal is clear, next to its field and in the summary,
// and what was saved before stays saved. With JavaScript the browser's pre-check answers first for
// size and emptiness; the server answers for the content either way.

const TWO_MB = 2 * 1024 * 1024;

test("bad files are refused one by one, earlier uploads stay, and a submission with a document missing says so", async ({ page, request }, testInfo) => {
  const person = await freshApplicant(page, request, testInfo);
  await choosePathway(page, "Reguler");
  const form = page.locator("form[enctype='multipart/form-data']");

  await test.step("a first document is saved", async () => {
    await uploadDocument(page, 1, await pdfFile("identitas.pdf"));
    await expect(page.getByRole("link", { name: "Unduh identitas.pdf" })).toBeVisible();
  });

  const cases = [
    {
      order: 4,
      file: { name: "besar.pdf", mimeType: "application/pdf", buffer: Buffer.concat([await pdf(), Buffer.alloc(TWO_MB + 1)]) },
      message: "harus lebih kecil dari 2048KB",
    },
    { order: 6, file: { name: "program.pdf", mimeType: "application/pdf", buffer: elf() }, message: "Tipe berkas harus JPG, JPEG, PNG atau PDF." },
    { order: 7, file: { name: "kosong.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(0) }, message: "Berkas kosong." },
  ];
  for (const c of cases) {
    await test.step(`${c.file.name}: '${c.message}'`, async () => {
      await page.goto("/submission-form/adaptation-form");
      await documentInput(page, c.order).setInputFiles(c.file);
      await documentButton(page, c.order).click();
      await expect(form.locator('[id$="-error"]').getByText(c.message)).toBeVisible();
      await expectPath(page, "/submission-form/adaptation-form");
      await expect(page.getByRole("link", { name: "Unduh identitas.pdf" })).toBeVisible();
    });
  }

  await test.step("the server refuses the content whatever the browser let through", async () => {
    await page.goto("/submission-form/adaptation-form");
    await documentInput(page, 6).setInputFiles(cases[1].file);
    await documentButton(page, 6).click();
    if (testInfo.project.name === "js") {
      // The document's own post came back without a new page: its refusal is announced at the document.
      await expect(page.getByRole("alert").filter({ hasText: "Tipe berkas harus JPG, JPEG, PNG atau PDF." })).toBeVisible();
    } else {
      const summary = page.getByRole("alert").filter({ hasText: "dokumen yang perlu diperbaiki" });
      await expect(summary.getByRole("link", { name: /Dokumen pengalaman kerja.*Tipe berkas harus/ })).toBeVisible();
    }
  });

  await test.step("KIRIM PERMOHONAN with personal data and documents missing: the check names each, links to it, and offers no send", async () => {
    await page.goto("/submission-form/adaptation-form");
    await page.getByRole("button", { name: "KIRIM PERMOHONAN" }).click();
    await expectPath(page, "/submission-form/adaptation-form");
    await expect(checkHeading(page)).toBeVisible();
    const missing = page.getByRole("alert").filter({ hasText: "Permohonan belum dapat dikirim" });
    await expect(missing).toBeVisible();
    // Each missing thing once, as a link to where it is filled in.
    const lines = await missing.getByRole("listitem").allTextContents();
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines).size).toBe(lines.length);
    await expect(missing.getByRole("link", { name: /^Data personal: .* belum diisi$/ }).first()).toHaveAttribute("href", /^\/personal-data#/);
    await expect(missing.getByRole("link", { name: /belum diunggah$/ }).first()).toHaveAttribute("href", /^\/submission-form\/adaptation-form#doc_\d+$/);
    await expect(page.getByRole("button", { name: "Yes", exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Unduh identitas.pdf" })).toBeVisible();
    await page.goto("/application-status");
    await expect(page.getByText("Draf Permohonan")).toBeVisible();
  });

  await test.step("with the personal data complete, the check names the six missing documents, each once", async () => {
    await completePersonalData(page, person);
    await page.goto("/submission-form/adaptation-form");
    await page.getByRole("button", { name: "KIRIM PERMOHONAN" }).click();
    await expect(checkHeading(page)).toBeVisible();
    const missing = page.getByRole("alert").filter({ hasText: "Permohonan belum dapat dikirim" });
    // Six of the seven REG documents are missing (the identity was saved above).
    await expect(missing.getByRole("listitem")).toHaveCount(6);
    await expect(missing.getByText(/^Data personal/)).toHaveCount(0);
    const lines = await missing.getByRole("listitem").allTextContents();
    for (const line of lines) expect(line, line).toMatch(/^\d+\. .+ belum diunggah$/);
    await expect(page.getByRole("button", { name: "Yes", exact: true })).toHaveCount(0);
  });

  await test.step("a file that is not there, or not this applicant's, is a 404, and the resumable upload endpoint refuses a GET without a 500", async () => {
    expect((await page.request.get("/files/00000000-0000-0000-0000-000000000000")).status()).toBe(404);
    expect((await page.request.get("/files/..%2F..%2Fsecrets.json")).status()).toBe(404);
    expect((await page.request.get("/submission-form/upload/tus")).status()).toBeLessThan(500);
  });

  await test.step("another applicant gets a 404 for this applicant's file", async () => {
    await page.goto("/application-status/application-status-detail");
    const href = await page.getByRole("link", { name: "Unduh identitas.pdf" }).getAttribute("href");
    expect((await page.request.get(href!)).status()).toBe(200);
    await logout(page);
    await freshApplicant(page, request, testInfo);
    expect((await page.request.get(href!)).status()).toBe(404);
  });
});
