import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./accounts-fixtures";
import { ACCOUNTS, expectPath, landAs, startSession, sidebar } from "./fixtures";

// "the admin verifies fasyankes.baru@adaptasi.test and its sidebar changes on the next page".
// The demo account is single and a decision cannot be undone, while other specs expect it pending:
// this file runs once, JavaScript off, in the "last" project after every other test (playwright.config.ts).

/** Another person in their own browser, with the same JavaScript setting as the project. */
async function otherBrowser(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    locale: "id-ID",
  });
  return context.newPage();
}

const decisionSection = (page: Page) => page.getByRole("region", { name: "Keputusan verifikasi" });

test("the Admin verifies fasyankes.baru and its sidebar changes on the next page", async ({ page, browser }, testInfo) => {
  const baru = ACCOUNTS.fasyankesBaru;

  const facility = await otherBrowser(browser, testInfo);
  await test.step("before: the pending facility sees its Data Personal item disabled", async () => {
    await landAs(facility, baru);
    await expectPath(facility, "/dashboard");
    await expect(sidebar(facility).getByText("Data Personal", { exact: true })).toHaveAttribute("aria-disabled", "true");
    await expect(sidebar(facility).getByText("Pendaftaran", { exact: true })).toHaveCount(0);
  });

  await test.step("the Admin approves it from the pending list", async () => {
    await startSession(page, ACCOUNTS.admin);
    await page.goto("/admin-fasyankes-list");
    const row = page.getByRole("row").filter({ hasText: baru.email });
    await expect(row).toContainText("Klinik Utama Sehat Sentosa");
    await expect(row).toContainText("Menunggu Verifikasi");
    await row.getByRole("link", { name: baru.name }).click();
    await expect(page.getByRole("heading", { name: baru.name, level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Data fasyankes" })).toContainText("445/1187/KLINIK/DINKES/2024");
    await decisionSection(page).getByLabel("Setujui", { exact: true }).check();
    await decisionSection(page).getByRole("button", { name: "Simpan Keputusan" }).click();
    await expect(page.getByText("Data Klinik Utama Sehat Sentosa disetujui.")).toBeVisible();
    await expect(page.getByText("Terverifikasi", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Riwayat tindakan admin" })).toContainText("Data Fasyankes disetujui");
  });

  await test.step("after: on its next page the facility has Pendaftaran and Status Pengajuan, and no Data Personal", async () => {
    await facility.goto("/dashboard");
    await expect(sidebar(facility).getByRole("link", { name: "Pendaftaran", exact: true })).toBeVisible();
    await expect(sidebar(facility).getByRole("link", { name: "Status Pengajuan", exact: true })).toBeVisible();
    await expect(sidebar(facility).getByText("Data Personal", { exact: true })).toHaveCount(0);
    await facility.context().close();
  });
});
