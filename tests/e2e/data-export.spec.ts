import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Download, Page } from "@playwright/test";
import { DataExportJsonSchema, type DataExportJson } from "#contracts/data-export";
import { sidewaysOverflow } from "../reach/measure";
import { applicantPage, expect, reviewerPage, submittedApplication, test } from "./review-fixtures";

// Download my data (docs/decisions/028-data-export.md): /profile/unduh-data explains the ZIP and its link
// downloads it — without JavaScript too. The ZIP holds data.json (it parses) and every document byte for
// byte; another applicant's data is not reachable, whatever the URL says. A facility downloads the data of
// a professional it registered from the registration's detail page. JavaScript off and on.

const PHONE = { width: 360, height: 740 };

/** The ZIP a download saved: its entry names, one entry's bytes, and data.json checked against its contract. */
async function opened(download: Download) {
  const file = await download.path();
  expect(execFileSync("unzip", ["-tq", file]).toString()).toMatch(/No errors detected/);
  const entries = execFileSync("unzip", ["-Z1", file]).toString().trim().split("\n");
  const entry = (name: string) => execFileSync("unzip", ["-p", file, name.replace(/[[\]*?]/g, "\\$&")], { maxBuffer: 64 * 1024 * 1024 });
  const data: DataExportJson = DataExportJsonSchema.parse(JSON.parse(entry("data.json").toString("utf8")));
  return { file, entries, entry, data, size: readFileSync(file).length };
}

async function downloadFrom(page: Page, linkName: string | RegExp) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: linkName }).click()]);
  expect(download.suggestedFilename()).toMatch(/^data-[\w-]+\.zip$/);
  return opened(download);
}

test("an applicant downloads one ZIP of their data from /profile: documents byte for byte, a JSON that parses, no one else's data", async ({
  browser,
  request,
}, testInfo) => {
  // Two applicants made and submitted through the API, four ZIPs downloaded and checked.
  test.slow();
  const app = await submittedApplication(request, testInfo, "REG", "dr. Data Diunduh");
  const other = await submittedApplication(request, testInfo, "REG", "dr. Data Orang Lain");

  const page = await applicantPage(browser, testInfo, app);
  await page.setViewportSize(PHONE);
  await page.goto("/profile");
  await page.getByRole("link", { name: "Unduh seluruh data saya" }).click();
  await expect(page).toHaveURL(/\/profile\/unduh-data$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unduh Data Saya");
  await expect(page.getByText("Setiap versi dokumen yang pernah dikirim")).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual([]);

  // The link says the size before the download starts, in Indonesian numbers ("1,4 MB" or "830 KB").
  const link = page.getByRole("link", { name: /^Unduh data saya \(\d+(,\d)? [KM]B\)$/ });
  await expect(link).toBeVisible();
  const said = (await link.textContent())!;
  const zip = await downloadFrom(page, /^Unduh data saya \(/);
  const MB = 1024 * 1024;
  expect(said).toBe(
    `Unduh data saya (${zip.size >= MB ? `${(zip.size / MB).toFixed(1).replace(".", ",")} MB` : `${Math.max(1, Math.round(zip.size / 1024))} KB`})`,
  );
  expect(zip.entries.slice(0, 2)).toEqual(["data.json", "index.html"]);

  // A download that broke off resumes through the portal: Range and If-Range reach the API, the rest of
  // the same ZIP comes back (206), byte for byte.
  const head = await page.request.get("/profile/unduh-data/zip", { headers: { range: "bytes=0-99" } });
  expect(head.status()).toBe(206);
  expect(head.headers()["accept-ranges"]).toBe("bytes");
  const etag = head.headers()["etag"]!;
  const whole = await page.request.get("/profile/unduh-data/zip", { headers: { range: "bytes=0-", "if-range": etag } });
  expect(whole.status()).toBe(206);
  const all = await whole.body();
  expect(all.subarray(0, 100).equals(await head.body())).toBe(true);
  const from = Math.floor(all.length / 2);
  const rest = await page.request.get("/profile/unduh-data/zip", { headers: { range: `bytes=${from}-`, "if-range": etag } });
  expect(rest.status()).toBe(206);
  expect(rest.headers()["content-range"]).toBe(`bytes ${from}-${all.length - 1}/${all.length}`);
  expect((await rest.body()).equals(all.subarray(from))).toBe(true);
  expect(zip.data.account.email).toBe(app.person.email);
  expect(zip.data.applications.map((a) => a.registration_number)).toEqual([app.registrationNumber]);
  expect(zip.data.files.length).toBeGreaterThan(0);
  // Every document as the portal keeps it: the same bytes as the file's own download.
  for (const f of zip.data.files) {
    const res = await page.request.get(`/files/${f.file_id}`);
    expect(res.status()).toBe(200);
    expect(zip.entry(f.path).equals(await res.body())).toBe(true);
  }
  const html = zip.entry("index.html").toString("utf8");
  expect(html).toContain(app.registrationNumber);
  expect(html).not.toMatch(/<script/i);

  // The download is in the applicant's own access log.
  await page.goto("/profile/akses-data");
  await expect(page.getByTestId("access-log").getByRole("listitem").first()).toContainText("Mengunduh seluruh data (berkas ZIP)");

  // Another applicant gets only their own data, whatever id the URL names.
  const otherPage = await applicantPage(browser, testInfo, other);
  for (const path of ["/profile/unduh-data", `/profile/unduh-data?id=${app.id}`]) {
    await otherPage.goto(path);
    await expect(otherPage.locator("body")).not.toContainText(app.registrationNumber);
    const theirs = await downloadFrom(otherPage, /^Unduh data saya \(/);
    expect(theirs.data.account.email).toBe(other.person.email);
    const all = JSON.stringify(theirs.data) + theirs.entry("index.html").toString("utf8");
    expect(all).not.toContain(app.registrationNumber);
    expect(all).not.toContain(app.person.email);
  }
  // Past the hour's allowance the download comes back to the page with the wait, as a 429.
  const waiting = await page.goto("/profile/unduh-data?tunggu=120");
  expect(waiting?.status()).toBe(429);
  expect(waiting?.headers()["retry-after"]).toBe("120");
  await expect(page.getByTestId("data-export-wait")).toHaveText("Data ini sudah terlalu sering diunduh dalam satu jam terakhir. Coba lagi dalam 2 menit.");
  // A garbled wait is no wait, never an error.
  expect((await page.goto("/profile/unduh-data?tunggu=%00x&tunggu=99999999"))?.status()).toBe(200);
});

test("a facility downloads the data of a professional it registered from the registration's detail page", async ({ browser }, testInfo) => {
  const page = await reviewerPage(browser, testInfo, "fasyankes");
  await page.setViewportSize(PHONE);
  await page.goto("/application-status");
  const detail = await page.locator('a[href^="/application-status/application-status-detail?id="]').first().getAttribute("href");
  const id = new URL(detail!, "http://x").searchParams.get("id")!;
  await page.goto(detail!);
  await page.getByRole("link", { name: "Unduh data tenaga kesehatan ini (ZIP)" }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/unduh-data\\?id=${id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Unduh Data Tenaga Kesehatan");
  expect(await sidewaysOverflow(page)).toEqual([]);
  const zip = await downloadFrom(page, /^Unduh data \(\d+(,\d)? [KM]B\)$/);
  expect(zip.data.applications.map((a) => a.id)).toContain(id);
  for (const f of zip.data.files) {
    const res = await page.request.get(`/files/${f.file_id}`);
    expect(res.status()).toBe(200);
    expect(zip.entry(f.path).equals(await res.body())).toBe(true);
  }
  // Another facility's registration, or none, is not found.
  expect((await page.goto("/profile/unduh-data?id=00000000-0000-4000-8000-000000000000"))?.status()).toBe(404);
  expect((await page.request.get("/profile/unduh-data/zip?id=00000000-0000-4000-8000-000000000000")).status()).toBe(404);
});
