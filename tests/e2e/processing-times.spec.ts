import { expect, test, type Page } from "@playwright/test";
import type { ProcessingTimes, StageTimes } from "#contracts/public";
import { readFileSync } from "node:fs";
import { stageKey } from "#domain/workflow";
import { ACCOUNTS, apiKey, startSession } from "./fixtures";

// /waktu-proses: the table of each pathway shows what GET /public/processing-times answers,
// to a visitor and to a logged-in applicant alike. The page is server-rendered with no script of its own,
// so it runs once, with JavaScript off.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the page has no script: what JavaScript off shows is all there is");

const JALUR = { REG: "Jalur Reguler (REG)", SPE: "Jalur Spesialis (SPE)", OTH: "Jalur Lainnya (OTH)" } as const;
const LINK = "Waktu proses: berapa lama setiap tahap";
const days = (n: number | null) => (n === null ? "—" : n.toFixed(1).replace(".", ","));

/** Each stage's Indonesian name, as the page words a stage id (locales/id/workflow.json). */
const STAGE_WORDS = (JSON.parse(readFileSync("locales/id/workflow.json", "utf8")) as { stage: Record<string, string> }).stage;
const stageName = (id: number) => STAGE_WORDS[stageKey(id) ?? ""] ?? String(id);

/** A stage's row as the table should read it. */
function expectedRow(s: StageTimes, min: number): string[] {
  return [
    stageName(s.stage_id),
    days(s.median_days),
    days(s.p90_days),
    s.decided === null ? `kurang dari ${min}` : String(s.decided),
    s.within_sla_percent === null ? "—" : `${s.within_sla_percent}%`,
    String(s.sla_days),
  ];
}

async function expectTablesMatchApi(page: Page) {
  const res = await page.request.get("/api/v1/public/processing-times", { headers: { "x-adaptasiapikey": apiKey() } });
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: ProcessingTimes };
  // Ten decisions at least before a stage shows numbers: the demo data decides fewer at each stage (5 at most).
  expect(data.min_decided).toBe(10);
  expect(data.pathways.some((p) => p.stages.some((s) => s.decided === null))).toBe(true);
  for (const p of data.pathways) {
    const table = page.getByRole("table", { name: `${JALUR[p.jalur]}: waktu proses per tahap, 12 bulan terakhir` });
    await expect(table).toBeVisible();
    await expect(table.getByRole("columnheader")).toHaveText([
      "Tahap",
      "Median (hari)",
      "90% berkas selesai dalam (hari)",
      "Berkas diputuskan",
      "Diputuskan dalam SLA",
      "Batas SLA (hari)",
    ]);
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(p.stages.length);
    for (const [i, s] of p.stages.entries()) {
      await expect(rows.nth(i).getByRole("cell")).toHaveText(expectedRow(s, data.min_decided));
    }
  }
  await expect(page.locator("main")).not.toContainText("NaN");
}

test("a visitor finds the processing times from /welcome, and each table shows what the API computed", async ({ page }) => {
  await page.goto("/welcome");
  await page.getByRole("link", { name: LINK }).click();
  await expect(page).toHaveURL(/\/waktu-proses$/);
  await expect(page.getByRole("heading", { level: 1, name: "Waktu proses" })).toBeVisible();
  await expect(page).toHaveTitle(/^Waktu Proses — /);
  await expect(page.getByText(/Median artinya separuh berkas selesai lebih cepat/)).toBeVisible();
  // Before the tables, plainly: which cells are empty, and why.
  await expect(page.locator("section").first()).toContainText(
    "Tahap dengan kurang dari 10 keputusan dalam 12 bulan terakhir tidak diberi angka (tertulis “kurang dari 10”), karena dari berkas sesedikit itu median dan angka 90% hampir sama dengan waktu berkas satu per satu",
  );
  await expectTablesMatchApi(page);
});

test("a logged-in applicant reaches it from the home page too", async ({ page }) => {
  await startSession(page, ACCOUNTS.pemohon);
  await page.goto("/");
  await page.getByRole("link", { name: LINK }).click();
  await expect(page).toHaveURL(/\/waktu-proses$/);
  await expect(page.getByRole("heading", { level: 1, name: "Waktu proses" })).toBeVisible();
  await expectTablesMatchApi(page);
});
