import type { APIRequestContext, Page } from "@playwright/test";
import { docx, png } from "../fixtures/files";
import { sidewaysOverflow } from "../reach/measure";
import { apiKey } from "./fixtures";
import { decideByApi, detailPath, expect, reviewerPage, submittedApplication, test, type Submitted } from "./review-fixtures";

// The reviewer's document viewer: each document on a page of its own with its versions, its
// neighbours and the way to the decision form (JavaScript on or off, phones included); files shown inline
// from /files/:id?inline=1 under a sandbox, Word files only ever downloaded; on a wide screen a frame beside
// the decision form that the documents' links open in without leaving the page.

const PHONE = { width: 360, height: 740 };
const WIDE = { width: 1280, height: 900 };

/**
 * A submitted REG application (every document a PDF) sent back for correction of its identity document
 * (requirement 1) and CV (requirement 2), which the applicant replaces with a PNG and a DOCX:
 * two versions each, and one file of every kind the viewer handles.
 */
async function applicationWithVersions(request: APIRequestContext, testInfo: Parameters<typeof submittedApplication>[1]): Promise<Submitted> {
  const app = await submittedApplication(request, testInfo, "REG", "dr. Berkas Berversi");
  const decided = await decideByApi(request, "admin", app.id, {
    stage_id: 1,
    decision: "REUPLOAD",
    note: "Mohon unggah ulang.",
    documents: [
      { requirement_id: 1, reason: "Identitas buram." },
      { requirement_id: 2, reason: "CV belum ditandatangani." },
    ],
  } as Parameters<typeof decideByApi>[3]);
  expect(decided.status(), await decided.text()).toBe(200);
  const res = await request.post(`/api/v1/applications/${app.id}/reupload`, {
    headers: { "x-adaptasiapikey": apiKey(), authorization: `Bearer ${app.token}` },
    multipart: {
      doc_1: { name: "identitas-baru.png", mimeType: "image/png", buffer: png() },
      doc_2: { name: "cv-baru.docx", mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", buffer: docx() },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  // Stored, then sent back to the reviewers (what the check page's Yes does).
  const sent = await request.post(`/api/v1/applications/${app.id}/reupload/submit`, {
    headers: { "x-adaptasiapikey": apiKey(), authorization: `Bearer ${app.token}` },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return app;
}

async function expectInlineHeaders(page: Page, src: string) {
  const res = await page.request.get(src);
  expect(res.status()).toBe(200);
  const h = res.headers();
  expect(h["content-disposition"]).toMatch(/^inline;/);
  expect(h["content-security-policy"]).toBe("sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'");
  expect(h["x-frame-options"]).toBe("SAMEORIGIN");
  expect(h["x-content-type-options"]).toBe("nosniff");
}

test("a reviewer reads each document on its own page: versions, previous/next, the decision form one link away, no download needed", async ({
  browser,
  request,
}, testInfo) => {
  const app = await applicationWithVersions(request, testInfo);
  const page = await reviewerPage(browser, testInfo, "admin");
  const detail = detailPath("admin", app);
  await page.goto(detail);

  // The detail offers every version in the viewer.
  await page.getByRole("link", { name: "Buka identitas-baru.png (versi 2) di penampil dokumen" }).click();
  await expect(page).toHaveURL(new RegExp(`${detail}/documents/1\\?version=2$`));
  await expect(page.getByText("Dokumen 1 dari")).toBeVisible();
  const image = page.getByRole("img", { name: /identitas-baru\.png, versi 2$/ });
  await expect(image).toHaveAttribute("src", /^\/files\/[0-9a-f-]{36}\?inline=1$/);
  await expectInlineHeaders(page, (await image.getAttribute("src"))!);
  // The image is drawn (its natural size known): shown, not downloaded.
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Its versions are one click apart; the earlier one is the PDF, in a frame.
  const versions = page.getByRole("navigation", { name: "Versi dokumen" });
  await expect(versions.getByRole("link", { name: /Versi 2 · terbaru/ })).toHaveAttribute("aria-current", "page");
  await versions.getByRole("link", { name: /Versi 1 · sudah diganti/ }).click();
  await expect(page).toHaveURL(new RegExp(`${detail}/documents/1\\?version=1$`));
  const frame = page.locator("iframe");
  await expect(frame).toHaveAttribute("src", /^\/files\/[0-9a-f-]{36}\?inline=1$/);
  await expect(frame).toHaveAttribute("title", /dokumen-1\.pdf, versi 1$/);
  await expectInlineHeaders(page, (await frame.getAttribute("src"))!);

  // Next: the CV, a Word file, is offered as a download only (never inline, not even when asked).
  const neighbours = page.getByRole("navigation", { name: "Dokumen sebelumnya dan berikutnya" });
  await expect(neighbours.getByRole("link", { name: /Dokumen sebelumnya/ })).toHaveCount(0);
  // Read, then followed: a click beside Chromium's PDF viewer, still loading in its frame, was once lost on a
  // loaded machine (CI, 10 s without navigating); the link itself is what this checks.
  const next = neighbours.getByRole("link", { name: /Dokumen berikutnya/ });
  await expect(next).toHaveAttribute("href", `${detail}/documents/2`);
  await page.goto(`${detail}/documents/2`);
  await expect(page).toHaveURL(new RegExp(`${detail}/documents/2$`));
  await expect(page.getByText("Berkas Word (DOC/DOCX) tidak ditampilkan di peramban.")).toBeVisible();
  await expect(page.locator("iframe, main img")).toHaveCount(0);
  const download = page.getByRole("link", { name: "Unduh cv-baru.docx (versi 2)" });
  const asked = await page.request.get(`${(await download.getAttribute("href"))!}?inline=1`);
  expect(asked.headers()["content-disposition"]).toMatch(/^attachment;/);
  expect(asked.headers()["x-frame-options"]).toBe("DENY");
  await neighbours.getByRole("link", { name: /Dokumen sebelumnya/ }).click();
  await expect(page).toHaveURL(new RegExp(`${detail}/documents/1$`));
  await expect(page.getByRole("img", { name: /identitas-baru\.png, versi 2$/ })).toBeVisible();

  // The way to the decision form, and no sideways scroll on a phone.
  await page.setViewportSize(PHONE);
  expect(await sidewaysOverflow(page), `${page.url()} at 360 px`).toEqual([]);
  await page.getByRole("link", { name: "Ke formulir keputusan" }).last().click();
  await expect(page).toHaveURL(new RegExp(`${detail}#keputusan$`));
  await expect(page.getByRole("heading", { name: /^Keputusan tahap Pemeriksaan/ })).toBeInViewport();
  await page.context().close();
});

test("the viewer page refuses an unknown document or version, and a role that may not see the application", async ({ browser, request }, testInfo) => {
  const app = await submittedApplication(request, testInfo, "REG", "dr. Berkas Tertutup");
  const admin = await reviewerPage(browser, testInfo, "admin");
  for (const path of [`${detailPath("admin", app)}/documents/999`, `${detailPath("admin", app)}/documents/1?version=9`]) {
    const res = await admin.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(admin.getByRole("heading", { name: "Dokumen tidak ditemukan" })).toBeVisible();
  }
  await admin.context().close();
  // Kolegium (stage 2) does not see a file at stage 1: the page is a 404, as the download is.
  const kolegium = await reviewerPage(browser, testInfo, "kolegium");
  expect((await kolegium.goto(`${detailPath("kolegium", app)}/documents/1`))?.status()).toBe(404);
  await kolegium.context().close();
});

test("on a wide screen a document opens in the frame beside the decision form, without leaving the detail page", async ({ browser, request }, testInfo) => {
  const app = await applicationWithVersions(request, testInfo);
  const page = await reviewerPage(browser, testInfo, "admin");
  await page.setViewportSize(WIDE);
  const detail = detailPath("admin", app);
  await page.goto(detail);
  const side = page.getByRole("complementary", { name: "Penampil dokumen" });
  await expect(side).toBeVisible();
  const frame = side.locator('iframe[name="penampil"]');
  await page.getByRole("link", { name: "Tampilkan identitas-baru.png (versi 2) di samping formulir keputusan" }).click();
  await expect.poll(() => page.frame({ name: "penampil" })?.url() ?? "").toMatch(/\/files\/[0-9a-f-]{36}\?inline=1$/);
  await expect(page).toHaveURL(new RegExp(`${detail}$`));
  // The frame stays in view beside the form while the reviewer is at the decision.
  await page.getByRole("complementary", { name: "Ringkasan permohonan" }).getByRole("link", { name: "Ke formulir keputusan" }).click();
  await expect(page.getByRole("heading", { name: /^Keputusan tahap Pemeriksaan/ })).toBeInViewport();
  await expect(frame).toBeInViewport();
  const box = (await frame.boundingBox())!;
  const form = (await page.locator("#keputusan").boundingBox())!;
  expect(box.x, "the frame is to the right of the form").toBeGreaterThanOrEqual(form.x + form.width);
  // No "show alongside" on a phone: the frame is not there, each document opens on its own page.
  await page.setViewportSize(PHONE);
  await expect(side).toBeHidden();
  await expect(page.getByRole("link", { name: /di samping formulir keputusan$/ }).first()).toBeHidden();
  expect(await sidewaysOverflow(page), `${page.url()} at 360 px`).toEqual([]);
  await page.context().close();
});
