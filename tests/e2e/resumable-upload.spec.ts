import type { DocumentRequirement } from "#contracts/document-requirements";
import { writeFileSync } from "node:fs";
import { pdfOfSize } from "../fixtures/files";
import { choosePathway, completePersonalData, documentInput, expect, freshApplicant, requirementsOf, test } from "./applicant-fixtures";

// With JavaScript a chosen document uploads at once, in chunks, over tus (docs/decisions/027-resumable-uploads.md):
// it shows as stored when done; BATALKAN stops it and keeps nothing; after a reload, choosing the same
// file again goes on from where the server got to. Without JavaScript nothing changed: each document's
// form posts it (applicant.spec.ts and the others cover that in the nojs project).

let FIVE_MB: DocumentRequirement;
let TWO_MB: DocumentRequirement;
test.beforeAll(async ({ request }) => {
  const reg = await requirementsOf(request, "REG");
  FIVE_MB = reg.find((r) => r.max_size === 5)!;
  TWO_MB = reg.find((r) => r.max_size === 2 && !r.merged && r.allowed_extnames.includes("pdf"))!;
});
const TUS = /\/submission-form\/upload\/tus(\/|$)/;

test("a chosen document uploads resumably: stored, cancelled, resumed after a reload", async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "uploads without JavaScript are unchanged: the nojs project's specs post each document's form");
  const citizen = await freshApplicant(page, request, testInfo);
  await completePersonalData(page, citizen);
  await choosePathway(page, "Reguler");

  await test.step("a small PDF chosen is stored without pressing UNGGAH", async () => {
    const file = testInfo.outputPath("ijazah-kecil.pdf");
    writeFileSync(file, await pdfOfSize(200 * 1024));
    await documentInput(page, TWO_MB.order_num).setInputFiles(file);
    await expect(page.getByRole("status").getByText(new RegExp(`Dokumen tersimpan: ${TWO_MB.order_num}\\. `))).toBeVisible();
    await expect(page.getByRole("link", { name: "Unduh ijazah-kecil.pdf" })).toBeVisible();
  });

  // A slow uplink: each chunk waits 400 ms on its way, so a 3 MB file takes about 5 s.
  await page.route(TUS, async (route) => {
    if (route.request().method() === "PATCH") await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  const big = testInfo.outputPath("sertifikat.pdf");
  writeFileSync(big, await pdfOfSize(3 * 1024 * 1024));
  const progress = page.getByRole("progressbar", { name: /^Mengunggah… \d+%$/ });

  await test.step("BATALKAN stops the upload and deletes it on the server; nothing is stored", async () => {
    const deleted = page.waitForResponse((r) => TUS.test(new URL(r.url()).pathname) && r.request().method() === "DELETE");
    await documentInput(page, FIVE_MB.order_num).setInputFiles(big);
    await expect(progress).toBeVisible();
    await expect(page.getByText(/sisa sekitar \d+ (detik|menit)/)).toBeVisible();
    // The buttons that would lose the upload wait while it runs.
    await expect(page.getByRole("button", { name: "SIMPAN DRAF" })).toBeDisabled();
    await page.getByRole("button", { name: "Batalkan unggahan sertifikat.pdf" }).click();
    expect((await deleted).status()).toBe(204);
    await expect(page.getByText("Unggahan dibatalkan. Pilih berkas lagi untuk mengunggah.")).toBeVisible();
    await expect(progress).toBeHidden();
    await expect(page.getByRole("button", { name: "SIMPAN DRAF" })).toBeEnabled();
    await page.reload();
    await expect(page.getByRole("link", { name: "Unduh sertifikat.pdf" })).toBeHidden();
  });

  await test.step("reloaded mid-upload, the same file chosen again goes on from the server's offset", async () => {
    let acknowledged = 0;
    const counting = (r: import("@playwright/test").Response) => {
      if (TUS.test(new URL(r.url()).pathname) && r.request().method() === "PATCH" && r.status() === 204) acknowledged = Number(r.headers()["upload-offset"]);
    };
    page.on("response", counting);
    await documentInput(page, FIVE_MB.order_num).setInputFiles(big);
    await expect.poll(() => acknowledged, { timeout: 20_000 }).toBeGreaterThanOrEqual(3 * 256 * 1024);
    page.off("response", counting);
    await page.reload();
    const head = page.waitForResponse((r) => TUS.test(new URL(r.url()).pathname) && r.request().method() === "HEAD");
    const firstPatch = page.waitForRequest((r) => TUS.test(new URL(r.url()).pathname) && r.method() === "PATCH");
    await documentInput(page, FIVE_MB.order_num).setInputFiles(big);
    const offset = Number((await head).headers()["upload-offset"]);
    expect(offset).toBeGreaterThanOrEqual(3 * 256 * 1024);
    expect(Number((await firstPatch).headers()["upload-offset"])).toBe(offset);
    await expect(page.getByText(/Melanjutkan unggahan dari \d+%/)).toBeVisible();
    await expect(page.getByRole("status").getByText(new RegExp(`Dokumen tersimpan: ${FIVE_MB.order_num}\\. `))).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("link", { name: "Unduh sertifikat.pdf" })).toBeVisible();
  });
});
