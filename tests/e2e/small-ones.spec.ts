import type { Page } from "@playwright/test";
import { FIT_WIDTHS, sidewaysOverflow } from "../reach/measure";
import { freshApplicant } from "./applicant-fixtures";
import { ACCOUNTS, apiKey, startSession } from "./fixtures";
import { applicantPage, expect, staffToken, submittedApplication, test } from "./review-fixtures";

// Four small things of the applicant's and the reviewer's pages, with JavaScript off and on: steps that
// cannot start yet, the reviewer's general note, the list's rows above the fold, the status line's parts.

async function expectFits(page: Page, what: string) {
  for (const size of FIT_WIDTHS) {
    await page.setViewportSize(size);
    expect(await sidewaysOverflow(page), `${what} at ${size.width}px`).toEqual([]);
  }
}

test("the task list says which steps cannot start yet, and those are not links", async ({ page, request }, testInfo) => {
  await freshApplicant(page, request, testInfo);
  await page.goto("/");
  const steps = page.getByRole("region", { name: "Permohonan Adaptasi" }).getByRole("listitem");
  await expect(steps).toHaveCount(5);
  // Personal data and the pathway can start at once.
  await expect(steps.nth(0).getByRole("link", { name: "Data personal" })).toHaveAttribute("href", "/personal-data");
  await expect(steps.nth(1).getByRole("link", { name: "Jalur pendaftaran" })).toHaveAttribute("href", "/registration-path");
  // The documents need a pathway, the submission the personal data first, the status a submission.
  const waiting: Array<[number, string, string]> = [
    [2, "Dokumen persyaratan", "Belum bisa dimulai — selesaikan dulu langkah 2 (Jalur pendaftaran)"],
    [3, "Pengiriman", "Belum bisa dimulai — selesaikan dulu langkah 1 (Data personal)"],
    [4, "Status", "Belum bisa dimulai — selesaikan dulu langkah 4 (Pengiriman)"],
  ];
  for (const [i, name, says] of waiting) {
    await expect(steps.nth(i)).toContainText(name);
    await expect(steps.nth(i)).toContainText(says);
    await expect(steps.nth(i).getByRole("link")).toHaveCount(0);
  }
  await expectFits(page, "/ (applicant)");
});

test("the reviewer's general note of a reupload request is on the reupload form and the status page", async ({ browser, request }, testInfo) => {
  const app = await submittedApplication(request, testInfo, "REG");
  const note = "Mohon unggah CV terbaru yang bertanggal dan ditandatangani.";
  const asked = await request.post(`/api/v1/review/applications/${app.id}/decisions`, {
    headers: { "x-adaptasiapikey": apiKey(), authorization: `Bearer ${await staffToken(request, "admin")}` },
    data: { stage_id: 1, decision: "REUPLOAD", note, documents: [{ requirement_id: 2, reason: "CV tidak bertanggal." }] },
  });
  expect(asked.status(), await asked.text()).toBe(200);

  const applicant = await applicantPage(browser, testInfo, app);
  await applicant.goto("/submission-form/reupload-form");
  await expect(applicant.getByRole("region", { name: "Catatan peninjau" })).toHaveText(`Catatan peninjau${note}`);
  await expect(applicant.getByText("CV tidak bertanggal.")).toBeVisible();
  await expectFits(applicant, "/submission-form/reupload-form");

  await applicant.goto("/application-status");
  await expect(applicant.getByRole("region", { name: "Catatan peninjau" })).toContainText(note);
  await expect(applicant.getByRole("definition").filter({ hasText: "Unggah ulang berkas yang diminta peninjau" })).toBeVisible();
  await expectFits(applicant, "/application-status (reupload)");
});

test("the status line of /application-status is three named parts, one under another at 360 px", async ({ browser, request }, testInfo) => {
  const app = await submittedApplication(request, testInfo, "REG");
  const applicant = await applicantPage(browser, testInfo, app);
  await applicant.setViewportSize({ width: 360, height: 800 });
  await applicant.goto("/application-status");
  const status = applicant.getByRole("region", { name: /^Status: / });
  await expect(status.getByRole("heading", { level: 2 })).toHaveText("Status: Dalam Proses");
  // No reupload was asked: no reviewer's note.
  await expect(applicant.getByRole("region", { name: "Catatan peninjau" })).toHaveCount(0);
  // The label in the heading, then the stage and what comes next, each named.
  const parts: Array<[string, string]> = [
    ["Tahap", "Pemeriksaan Dokumen"],
    ["Selanjutnya", "Menunggu keputusan peninjau"],
  ];
  const tops: number[] = [(await status.getByRole("heading", { level: 2 }).boundingBox())!.y];
  for (const [term, value] of parts) {
    const dt = status.getByRole("term").filter({ hasText: new RegExp(`^${term}$`) });
    await expect(dt).toHaveCount(1);
    const dd = dt.locator("xpath=following-sibling::dd[1]");
    await expect(dd).toHaveText(value);
    const box = (await dd.boundingBox())!;
    expect(box.x + box.width, `${term} fits`).toBeLessThanOrEqual(360);
    tops.push(box.y);
  }
  // Each part on its own line at a phone's width.
  expect(tops[1]).toBeGreaterThan(tops[0]);
  expect(tops[2]).toBeGreaterThan(tops[1]);
  expect(await sidewaysOverflow(applicant), "/application-status at 360px").toEqual([]);
  await expectFits(applicant, "/application-status");
});

test("the reviewer's list shows at least 8 rows above the fold at 1280×800; the filters fold away until one is set", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await startSession(page, ACCOUNTS.superadmin);
  await page.goto("/application");
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(8);
  // Eight rows of one line each fit above the fold. A row whose name, e-mail or status wraps is taller, and which
  // rows come first depends on what other specs have created meanwhile, so the measure is the first row's top and
  // the height of a one-line row (the shortest), not the count of whatever rows are there.
  const boxes = await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect()).map(({ top, height }) => ({ top, height })));
  const oneLine = Math.min(...boxes.map((b) => b.height));
  expect(boxes[0]!.top + 8 * oneLine, `first row at ${boxes[0]!.top}, one-line rows ${oneLine} px high`).toBeLessThanOrEqual(800);
  // The search stays; the other filters are folded under their summary.
  await expect(page.getByLabel("Cari", { exact: true })).toBeVisible();
  await expect(page.getByText("Saring dan urutkan", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Jalur", { exact: true })).toBeHidden();
  // Unfolded, they filter as before.
  await page.getByText("Saring dan urutkan", { exact: true }).click();
  await page.getByLabel("Jalur", { exact: true }).selectOption({ label: "Reguler" });
  await page.getByRole("button", { name: "Terapkan" }).click();
  await expect(page).toHaveURL(/[?&]jalur=REG/);
  // A filter set: open from the server, saying how many are set.
  await expect(page.getByText("Saring dan urutkan (1 aktif)")).toBeVisible();
  await expect(page.getByLabel("Jalur", { exact: true })).toHaveValue("REG");
  await expectFits(page, "/application?jalur=REG");
});
