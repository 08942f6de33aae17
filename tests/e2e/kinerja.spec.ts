import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import type { Performance } from "#contracts/performance";
import { sidewaysOverflow } from "../reach/measure";
import { ACCOUNTS, apiTokens, apiKey, expectPath, startSession } from "./fixtures";

// /kinerja (docs/decisions/034-performance-dashboard.md): both admins reach it from the top of their
// application lists; each chart is an SVG image with its title, beside a table of its numbers (the API's)
// and a CSV link; the filters are a GET form. JavaScript off and on.

const LINK = /^Lihat kinerja antrean/;
const QUEUE_CAPTION = "Berkas menunggu per tahap hari ini, dan yang sudah lewat SLA";
const JALUR = { REG: "Reguler", SPE: "Spesialis", OTH: "Lainnya" } as const;
const STAGE = {
  1: "Pemeriksaan Dokumen",
  2: "Penyetaraan",
  3: "Evaluasi Kompetensi",
  4: "Pembekalan",
  11: "Pemeriksaan Dokumen",
  12: "Evaluasi Kompetensi",
  13: "Pembekalan",
  21: "Pemeriksaan Dokumen",
  22: "Evaluasi Kompetensi",
  23: "Kelayakan",
} as Record<number, string>;

async function apiPerformance(page: Page, query = ""): Promise<Performance> {
  const { token } = await apiTokens(page.request, ACCOUNTS.superadmin);
  const res = await page.request.get(`/api/v1/admin/performance${query}`, { headers: { "x-adaptasiapikey": apiKey(), authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).data as Performance;
}

/** The queue table reads what the API counts (other specs decide files meanwhile: read both again until they agree). */
async function expectQueueMatchesApi(page: Page, query = "") {
  await expect(async () => {
    const data = await apiPerformance(page, query);
    await page.reload();
    const rows = page.getByRole("table", { name: QUEUE_CAPTION }).locator("tbody tr");
    await expect(rows).toHaveCount(data.queue.length, { timeout: 1_000 });
    for (const [i, q] of data.queue.entries()) {
      await expect(rows.nth(i).getByRole("cell")).toHaveText(
        [`${STAGE[q.stage_id]} (${JALUR[q.jalur_id]})`, String(q.waiting), String(q.overdue), String(q.sla_days)],
        {
          timeout: 1_000,
        },
      );
    }
  }).toPass({ timeout: 30_000 });
}

test("the Super Admin opens /kinerja from the top of the adaptation list: four charts, each an image with its table and CSV", async ({ page }) => {
  await startSession(page, ACCOUNTS.superadmin);
  await page.goto("/application");
  await page.getByRole("link", { name: LINK }).click();
  await expectPath(page, "/kinerja");
  await expect(page).toHaveTitle(/^Kinerja Antrean — /);
  await expect(page.getByRole("heading", { level: 1, name: "Kinerja Antrean" })).toBeVisible();
  for (const name of [
    "Berkas yang menunggu di setiap tahap hari ini",
    "Berkas masuk dan diputus per minggu",
    "Lama di setiap tahap per bulan",
    "Keputusan dalam SLA per badan peninjau",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  // Every chart is one image named by its <title>; the screen reader reads its numbers in the table beside it.
  const images = page.locator("main svg[role=img]");
  expect(await images.count()).toBe(1 + 3 + 10 + 1);
  await expect(page.getByRole("img", { name: "Berkas yang menunggu di setiap tahap hari ini" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Lama di setiap tahap per bulan: Pemeriksaan Dokumen (Reguler)" })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Pemeriksaan Dokumen (Reguler): hari sampai keputusan per bulan, SLA 14 hari" }).locator("tbody tr"),
  ).toHaveCount(12);
  await expect(page.getByRole("table", { name: "Berkas masuk dan diputus per minggu, 26 minggu, jalur Reguler" }).locator("tbody tr")).toHaveCount(26);
  await expect(page.getByRole("table", { name: "Bagian keputusan dalam SLA per badan peninjau, 12 bulan" })).toBeVisible();
  await expectQueueMatchesApi(page);
  await expect(page.locator("main")).not.toContainText("NaN");

  // Each chart's CSV: text/csv with a file name.
  for (const chart of ["antrean", "mingguan", "lama-tahap", "sla-badan"]) {
    const link = page.locator(`a[href="/kinerja/${chart}.csv"]`);
    await expect(link).toHaveText(/^Unduh CSV: /);
    const res = await page.request.get(`/kinerja/${chart}.csv`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers()["content-disposition"]).toMatch(new RegExp(`^attachment; filename="kinerja-${chart}-\\d{4}-\\d{2}-\\d{8}\\.csv"$`));
  }
  const queueCsv = (await (await page.request.get("/kinerja/antrean.csv")).text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(queueCsv[0]).toBe('"Tahap","stage_id","Jalur","Menunggu","Lewat SLA","SLA (hari)"');
  expect(queueCsv).toHaveLength(1 + 10);
});

test("the Admin filters by pathway and period with the GET form, and the CSV keeps the filter", async ({ page }) => {
  await startSession(page, ACCOUNTS.admin);
  await page.goto("/application-list");
  await page.getByRole("link", { name: LINK }).click();
  await expectPath(page, "/kinerja");
  const periods = page.getByLabel("Periode (bulan terakhir)");
  const lastMonth = await periods.locator("option").nth(1).getAttribute("value");
  await page.getByLabel("Jalur", { exact: true }).selectOption("REG");
  await periods.selectOption(lastMonth!);
  await page.getByRole("button", { name: "Terapkan" }).click();
  await page.waitForURL((url) => url.pathname === "/kinerja" && url.searchParams.get("jalur") === "REG" && url.searchParams.get("period") === lastMonth);
  await expect(page.getByLabel("Jalur", { exact: true })).toHaveValue("REG");
  await expect(periods).toHaveValue(lastMonth!);
  await expect(page.getByRole("heading", { level: 3, name: "Spesialis" })).toHaveCount(0);
  await expectQueueMatchesApi(page, `?jalur=REG&period=${lastMonth}`);
  const csv = page.locator(`a[href="/kinerja/mingguan.csv?jalur=REG&period=${lastMonth}"]`);
  await expect(csv).toBeVisible();
  const res = await page.request.get(`/kinerja/mingguan.csv?jalur=REG&period=${lastMonth}`);
  expect(res.headers()["content-disposition"]).toContain(`kinerja-mingguan-reg-${lastMonth}-`);
  const lines = (await res.text()).trim().split("\r\n");
  expect(lines).toHaveLength(1 + 26);
  expect(lines.slice(1).every((l) => l.includes(',"Reguler",'))).toBe(true);
});

test("a filter the page does not offer is named and left out, never an error", async ({ page }) => {
  await startSession(page, ACCOUNTS.superadmin);
  const res = await page.goto("/kinerja?jalur=XYZ&period=1999-01");
  expect(res?.status()).toBe(200);
  await expect(page.getByText("Saringan yang tidak dikenal diabaikan: jalur, periode.")).toBeVisible();
  await expect(page.getByRole("table", { name: QUEUE_CAPTION }).locator("tbody tr")).toHaveCount(10);
});

test("fits a 360 px phone without sideways scrolling", async ({ page, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await startSession(page, ACCOUNTS.superadmin);
  await page.goto("/kinerja");
  await expect(page.getByRole("heading", { level: 1, name: "Kinerja Antrean" })).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual([]);
  const dir = process.env.SHOTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: `${dir}/kinerja-360-${javaScriptEnabled ? "js" : "nojs"}-top.png` });
    await page.screenshot({ path: `${dir}/kinerja-360-${javaScriptEnabled ? "js" : "nojs"}-full.png`, fullPage: true });
    for (const chart of ["antrean", "mingguan", "lama-tahap", "sla-badan"]) {
      await page.locator(`section[aria-labelledby="k-${chart}"]`).screenshot({ path: `${dir}/kinerja-360-${javaScriptEnabled ? "js" : "nojs"}-${chart}.png` });
    }
  }
});

test("a review body on the same list sees no link, and /kinerja logs it out", async ({ page }) => {
  await startSession(page, ACCOUNTS.subkomite);
  await page.goto("/application-list");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: LINK })).toHaveCount(0);
  await page.goto("/kinerja");
  await expectPath(page, "/welcome");
});
