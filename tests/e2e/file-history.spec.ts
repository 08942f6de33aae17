import type { Page } from "@playwright/test";
import { sendFromCheck } from "./check-fixtures";
import { FIT_WIDTHS, sidewaysOverflow } from "../reach/measure";
import { pdfFile, uploadDocument } from "./applicant-fixtures";
import { ACCOUNTS, apiKey, expectPath, startSession } from "./fixtures";
import { applicantPage, expect, staffToken, submittedApplication, test } from "./review-fixtures";

// The file history (/application-status/file-history): every version of every document, why each was
// replaced, a download per version and the timeline. A page of links only, with nothing the browser's
// JavaScript changes, so it runs with JavaScript off.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "a read-only page: the same with JavaScript");

/** No sideways scroll at a phone's 360 px, nor at the other widths the reach checks use. */
async function expectFits(page: Page, what: string) {
  for (const size of FIT_WIDTHS) {
    await page.setViewportSize(size);
    expect(await sidewaysOverflow(page), `${what} at ${size.width}px`).toEqual([]);
  }
}

test("after a reupload the applicant reads both versions of the CV with the reviewer's reason, and downloads each", async ({ browser, request }, testInfo) => {
  const app = await submittedApplication(request, testInfo, "REG");
  // The document check asks for the CV again (the decision form itself is proven by review-flow.spec.ts).
  const asked = await request.post(`/api/v1/review/applications/${app.id}/decisions`, {
    headers: { "x-adaptasiapikey": apiKey(), authorization: `Bearer ${await staffToken(request, "admin")}` },
    data: { stage_id: 1, decision: "REUPLOAD", note: "CV perlu diperbarui.", documents: [{ requirement_id: 2, reason: "CV tidak bertanggal." }] },
  });
  expect(asked.status(), await asked.text()).toBe(200);

  const applicant = await applicantPage(browser, testInfo, app);
  await applicant.goto("/submission-form/reupload-form");
  await uploadDocument(applicant, 2, await pdfFile("cv-bertanggal.pdf"));
  await applicant.getByRole("button", { name: "KIRIM PERBAIKAN" }).click();
  await sendFromCheck(applicant);
  await expectPath(applicant, "/submission-form/success-reupload");

  // From the status detail's documents to the history
  await applicant.goto("/application-status/application-status-detail");
  await applicant.getByRole("link", { name: "Lihat riwayat berkas" }).click();
  await expectPath(applicant, "/application-status/file-history");
  await expect(applicant.getByRole("heading", { level: 1, name: "Riwayat berkas" })).toBeVisible();
  await expect(applicant).toHaveTitle(/^Riwayat Berkas — /);

  const cv = applicant.getByRole("region", { name: "Curriculum Vitae (CV)" });
  const versions = cv.getByRole("listitem");
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0).getByRole("heading", { level: 3 })).toHaveText(/^Versi 1 — diunggah \d{1,2} \S+ \d{4}/);
  await expect(versions.nth(0)).toContainText("dokumen-2.pdf");
  await expect(versions.nth(0)).toContainText(/Diganti \d{1,2} \S+ \d{4}/);
  await expect(versions.nth(0).getByText("Diganti karena: CV tidak bertanggal.")).toBeVisible();
  await expect(versions.nth(1).getByRole("heading", { level: 3 })).toHaveText(/^Versi 2 — diunggah /);
  await expect(versions.nth(1)).toContainText("cv-bertanggal.pdf");
  await expect(versions.nth(1).getByText("Versi yang berlaku")).toBeVisible();
  // A document never replaced has its one version
  await expect(applicant.getByRole("region", { name: "Bukti identitas diri yang masih berlaku" }).getByRole("listitem")).toHaveCount(1);

  // Each version downloads through the portal's /files/:id, as the file that was sent
  for (const [i, name] of [
    [1, "dokumen-2.pdf"],
    [2, "cv-bertanggal.pdf"],
  ] as const) {
    const link = cv.getByRole("link", { name: `Unduh ${name}, versi ${i}` });
    await expect(link).toHaveText("Unduh");
    const href = (await link.getAttribute("href"))!;
    expect(href).toMatch(/^\/files\/[0-9a-f-]{36}$/);
    const file = await applicant.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/pdf");
    expect(file.headers()["content-disposition"]).toContain(`filename="${name}"`);
    expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
  }

  // The timeline in plain words: the request for documents and the answer
  const timeline = applicant.getByRole("region", { name: "Riwayat permohonan" });
  await expect(timeline.getByText("Perbaikan berkas diminta")).toBeVisible();
  await expect(timeline.getByText("CV perlu diperbarui.")).toBeVisible();
  await expect(timeline.getByText("Perbaikan berkas dikirim")).toBeVisible();
  await expectFits(applicant, "/application-status/file-history");

  await applicant.getByRole("link", { name: "Kembali ke detail permohonan" }).click();
  await expectPath(applicant, "/application-status/application-status-detail");
  await applicant.context().close();
});

test("another applicant's history is not theirs: the page shows their own, and the other's files read 404", async ({ browser, request }, testInfo) => {
  const first = await submittedApplication(request, testInfo, "REG", "dr. Rudi Hartono");
  const second = await submittedApplication(request, testInfo, "OTH", "Dr. Nur Aisyah");
  const page = await applicantPage(browser, testInfo, first);
  await page.goto("/application-status/file-history");
  const href = (await page.getByRole("link", { name: /^Unduh dokumen-2\.pdf/ }).getAttribute("href"))!;
  await page.context().close();

  const other = await applicantPage(browser, testInfo, second);
  // An id in the address changes nothing: an applicant reads only their own application
  await other.goto(`/application-status/file-history?id=${first.id}`);
  await expect(other.getByText(second.registrationNumber)).toBeVisible();
  await expect(other.getByText(first.registrationNumber)).toHaveCount(0);
  expect((await other.request.get(href)).status()).toBe(404);
  await other.context().close();
});

test("the facility reads the history of a registration it made, from the registration's detail", async ({ page }) => {
  await startSession(page, ACCOUNTS.fasyankes);
  await page.goto("/application-status");
  await page
    .getByRole("link", { name: /^Detail pendaftaran / })
    .first()
    .click();
  await page.getByRole("link", { name: "Lihat riwayat berkas" }).click();
  await expectPath(page, "/application-status/file-history");
  expect(new URL(page.url()).searchParams.get("id")).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Riwayat berkas" })).toBeVisible();
  await expect(page.getByText("Semua dokumen pendaftaran ini beserta setiap versinya.")).toBeVisible();
  const href = (await page
    .getByRole("link", { name: /^Unduh / })
    .first()
    .getAttribute("href"))!;
  expect((await page.request.get(href)).status()).toBe(200);
  await expectFits(page, "/application-status/file-history?id= (facility)");
  await page.getByRole("link", { name: "Kembali ke detail permohonan" }).click();
  await expectPath(page, "/application-status/application-status-detail");
});
