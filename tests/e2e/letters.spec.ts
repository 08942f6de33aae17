import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { qrOfPdf, verifyOffline } from "../fixtures/letters";
import { apiKey, confirmYes, fillDate, startSession, ACCOUNTS } from "./fixtures";
import { applicantPage, decide, decideByApi, expect, newPersonContext, reviewerPage, submittedApplication, test } from "./review-fixtures";

// The decision letter (Surat Keterangan Hasil Adaptasi): issued when a file's process ends, downloaded by its
// holder, and checked by anyone — the QR read back from the PDF's image and opened, its token verified offline
// against the published keys, the form answering only with the right date of birth, a revoked letter saying so.

const OTH_NAME = "Dr. Maria Clara Santos";

/** The letter PDF behind the first "Unduh PDF" link of the page, as the browser downloads it. */
async function downloadLetter(page: Page): Promise<Uint8Array> {
  const link = page.getByRole("link", { name: /^Unduh PDF surat SKHA\// }).first();
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return new Uint8Array(await readFile((await download.path())!));
}

/** Sends the /verifikasi form; the answer once it is there (the form is emptied after each check). */
async function check(page: Page, number: string, birthDate: string) {
  const field = page.getByLabel("Nomor surat", { exact: true });
  await field.fill(number);
  await fillDate(page, "Tanggal lahir pemegang surat", birthDate);
  await page.getByRole("button", { name: "PERIKSA" }).click();
  await expect(field).toHaveValue("");
  return page.getByTestId("verification-result");
}

test("an OTH file carried to its last decision: the letter is downloaded, its QR verifies online and offline, the form needs the date of birth", async ({
  browser,
  request,
}, testInfo) => {
  const app = await submittedApplication(request, testInfo, "OTH", OTH_NAME);
  expect((await decideByApi(request, "admin", app.id, { stage_id: 21, decision: "PASSED", note: "Berkas lengkap." })).status()).toBe(200);
  expect((await decideByApi(request, "subkomite", app.id, { stage_id: 22, decision: "PASSED", note: "Kompeten." })).status()).toBe(200);
  // The last decision by the KKI's own form ends the process.
  const kki = await reviewerPage(browser, testInfo, "kki");
  await decide(kki, "kki", app, "Lulus", { note: "Kegiatan layak dilaksanakan.", expectLabel: "Layak" });

  const applicant = await applicantPage(browser, testInfo, app);
  await applicant.goto("/application-status");
  const letters = applicant.getByTestId("letters");
  await expect(letters.getByRole("heading", { name: "Surat Keterangan Hasil Adaptasi" })).toBeVisible();
  const number = (await letters.locator("dd").first().textContent())!.trim();
  expect(number).toMatch(/^SKHA\/\d{4}\/[2-9A-Z]{8}$/);
  const pdf = await downloadLetter(applicant);
  expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");

  // The QR, read back from the PDF's image, opens the verification page: no login, no JavaScript needed.
  const address = new URL(await qrOfPdf(pdf));
  expect(address.pathname).toMatch(/^\/verifikasi\/[\w-]+\.[\w-]+\.[\w-]+$/);
  const visitor = await (await newPersonContext(browser, testInfo)).newPage();
  await visitor.goto(address.pathname);
  const result = visitor.getByTestId("verification-result");
  await expect(result.getByText("Surat ini sah.")).toBeVisible();
  await expect(result.getByText(OTH_NAME)).toBeVisible();
  await expect(result.getByText("Lulus", { exact: true })).toBeVisible();
  await expect(result.getByText("Lainnya", { exact: true })).toBeVisible();
  await expect(result).not.toContainText(app.registrationNumber);

  // Offline: the token's signature against the published JWK Set, with node:crypto alone.
  const jwks = await (await request.get("/.well-known/adaptasi-keys.json")).json();
  const claims = verifyOffline(address.pathname.slice("/verifikasi/".length), jwks);
  expect(claims).toMatchObject({ n: number, nm: OTH_NAME, j: "OTH", o: "PASSED" });

  // The form: the number alone with a wrong date of birth is as unknown as a wrong number.
  await visitor.goto("/verifikasi");
  await expect(await check(visitor, number, "1990-03-13")).toHaveAttribute("data-state", "UNKNOWN");
  await expect(visitor.getByTestId("verification-result")).not.toContainText(OTH_NAME);
  await expect(await check(visitor, "SKHA/2026/ZZZZZZZZ", "1990-03-12")).toHaveAttribute("data-state", "UNKNOWN");
  const valid = await check(visitor, number.toLowerCase(), "1990-03-12");
  await expect(valid.getByText("Surat ini sah.")).toBeVisible();
  await expect(valid.getByText(OTH_NAME)).toBeVisible();

  // The holder sees each public check in "who saw my data", with its time and no visitor data.
  await applicant.goto("/profile/akses-data");
  const log = applicant.getByTestId("access-log");
  await expect(log.getByText(`Diverifikasi oleh publik (surat ${number})`).first()).toBeVisible();
  await expect(log.getByText("Publik", { exact: true }).first()).toBeVisible();

  // The file history lists the letter too.
  await applicant.goto("/application-status/file-history");
  await expect(applicant.getByTestId("letters").getByText(number, { exact: true })).toBeVisible();
});

test("the Super Admin revokes a letter (Yes/No): its QR then answers revoked, and a new letter is issued", async ({ browser, request }, testInfo) => {
  const app = await submittedApplication(request, testInfo, "REG", "dr. Rudi Hartono");
  expect((await decideByApi(request, "admin", app.id, { stage_id: 1, decision: "FAILED", note: "Ijazah tidak terbaca." })).status()).toBe(200);
  const headers = { "x-adaptasiapikey": apiKey(), authorization: `Bearer ${app.token}` };
  const [letter] = (await (await request.get("/api/v1/me/letters", { headers })).json()).data as { number: string }[];
  const pdf = await request.get(`/api/v1/me/letters/pdf?number=${encodeURIComponent(letter.number)}`, { headers });
  const address = new URL(await qrOfPdf(await pdf.body()));

  const admin = await (await newPersonContext(browser, testInfo)).newPage();
  await startSession(admin, ACCOUNTS.superadmin);
  await admin.goto(`/application/${app.id}`);
  await admin.getByRole("link", { name: "Surat Keterangan Hasil Adaptasi" }).click();
  await expect(admin.getByText(letter.number)).toBeVisible();
  await admin.getByLabel("Alasan pencabutan", { exact: true }).fill("Tanggal keputusan salah ketik.");
  await admin.getByRole("button", { name: "Cabut surat" }).click();
  await confirmYes(admin);
  await expect(admin.getByText(`Surat ${letter.number} dicabut.`)).toBeVisible();

  const visitor = await (await newPersonContext(browser, testInfo)).newPage();
  await visitor.goto(address.pathname);
  await expect(visitor.getByTestId("verification-result").getByText(/^Surat ini telah dicabut pada \d{1,2} \w+ \d{4} dan tidak berlaku lagi\.$/)).toBeVisible();

  await admin.getByRole("button", { name: "Terbitkan surat baru" }).click();
  await expect(admin.getByText(/Surat baru SKHA\/\d{4}\/[2-9A-Z]{8} diterbitkan\./)).toBeVisible();
});
