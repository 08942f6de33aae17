import { ACCOUNTS, confirmPanel, confirmYes, expectPath, field, landAs, startSession } from "./fixtures";
import { applicantLabel, decideByApi, detailPath, expect, reviewerPage, submittedApplication, test } from "./review-fixtures";

// Spec §9 "Confirm labels: Yes/No" — a final or destructive action asks first, on a page that
// works without JavaScript, and No changes nothing; and spec §4's labels say what they mean
// ("Selesai · Pemeriksaan Dokumen — menunggu Penyetaraan"), the applicant's checklist included.

test("a reviewer's 'Tidak Lulus' asks Yes/No: No leaves the application as it was, Yes decides it", async ({ browser, request }, testInfo) => {
  const app = await submittedApplication(request, testInfo, "REG");
  const admin = await reviewerPage(browser, testInfo, "admin");
  const form = () => admin.locator("form").filter({ has: admin.getByRole("button", { name: "SIMPAN KEPUTUSAN" }) });
  const failIt = async () => {
    await admin.goto(detailPath("admin", app));
    await form().getByRole("radio", { name: "Tidak Lulus", exact: true }).check();
    await form().getByLabel("Catatan untuk pemohon").fill("Ijazah tidak dapat diverifikasi.");
    await form().getByRole("button", { name: "SIMPAN KEPUTUSAN" }).click();
  };

  await failIt();
  const panel = confirmPanel(admin);
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("heading", { name: "Konfirmasi" })).toBeFocused();
  await expect(panel).toContainText(`Putuskan Tidak Lulus pada tahap Pemeriksaan Dokumen untuk permohonan ${app.registrationNumber}?`);
  await expect(panel.getByRole("button", { name: "Yes", exact: true })).toBeVisible();
  await expect(panel.getByRole("link", { name: "No", exact: true })).toBeVisible();
  // Asking changed nothing.
  expect(await applicantLabel(request, app)).toBe("Dalam Proses");

  await panel.getByRole("link", { name: "No", exact: true }).click();
  await expect(confirmPanel(admin)).toHaveCount(0);
  expect(new URL(admin.url()).pathname).toBe(detailPath("admin", app));
  await expect(form()).toBeVisible();
  await expect(admin.getByRole("heading", { name: /^Status: Dalam Proses/ })).toBeVisible();
  expect(await applicantLabel(request, app)).toBe("Dalam Proses");

  await failIt();
  await confirmYes(admin);
  await expect(admin.getByText("Keputusan tersimpan. Status permohonan: Tolak.")).toBeVisible();
  expect(await applicantLabel(request, app)).toBe("Tolak");
});

test("a 'Lulus' at the pathway's last stage asks Yes/No: the question has the focus and is in view, No saves nothing, Yes decides", async ({
  browser,
  request,
}, testInfo) => {
  const app = await submittedApplication(request, testInfo, "OTH");
  expect((await decideByApi(request, "admin", app.id, { stage_id: 21, decision: "PASSED" })).status()).toBe(200);
  expect((await decideByApi(request, "subkomite", app.id, { stage_id: 22, decision: "PASSED" })).status()).toBe(200);
  const kki = await reviewerPage(browser, testInfo, "kki");
  // A phone: the decision form sits far below the top of the detail page.
  await kki.setViewportSize({ width: 360, height: 740 });
  const passIt = async () => {
    await kki.goto(detailPath("kki", app));
    const form = kki.locator("form").filter({ has: kki.getByRole("button", { name: "SIMPAN KEPUTUSAN" }) });
    await form.getByRole("radio", { name: "Lulus", exact: true }).check();
    await form.getByRole("button", { name: "SIMPAN KEPUTUSAN" }).click();
  };
  const before = await applicantLabel(request, app);

  await passIt();
  const panel = confirmPanel(kki);
  await expect(panel).toContainText(`Putuskan Lulus pada tahap Kelayakan untuk permohonan ${app.registrationNumber}?`);
  // Without JavaScript too the reader lands on the question, not at the top of a long page.
  await expect(panel.getByRole("heading", { name: "Konfirmasi" })).toBeFocused();
  await expect(panel.getByRole("heading", { name: "Konfirmasi" })).toBeInViewport();
  await expect(panel.getByRole("button", { name: "Yes", exact: true })).toBeInViewport();
  expect(await applicantLabel(request, app)).toBe(before);

  await panel.getByRole("link", { name: "No", exact: true }).click();
  await expect(confirmPanel(kki)).toHaveCount(0);
  expect(new URL(kki.url()).pathname).toBe(detailPath("kki", app));
  await expect(kki.getByRole("button", { name: "SIMPAN KEPUTUSAN" })).toBeVisible();
  expect(await applicantLabel(request, app)).toBe(before);

  await passIt();
  await confirmYes(kki);
  await expect(kki.getByText("Keputusan tersimpan. Status permohonan: Layak.")).toBeVisible();
  expect(await applicantLabel(request, app)).toBe("Layak");
});

test("a pass is not asked: 'Lulus' is saved at once", async ({ browser, request }, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === true, "the same with JavaScript on");
  const app = await submittedApplication(request, testInfo, "REG");
  const admin = await reviewerPage(browser, testInfo, "admin");
  await admin.goto(detailPath("admin", app));
  await admin.getByRole("radio", { name: "Lulus", exact: true }).check();
  await admin.getByRole("button", { name: "SIMPAN KEPUTUSAN" }).click();
  await expect(admin.getByText("Keputusan tersimpan. Status permohonan: Selesai.")).toBeVisible();
  await expect(confirmPanel(admin)).toHaveCount(0);
});

test("deactivating a user asks Yes/No; No keeps the account active", async ({ page }) => {
  await startSession(page, ACCOUNTS.superadmin);
  await page.goto(`/user-list?q=${encodeURIComponent(ACCOUNTS.kki.email)}`);
  await page
    .getByRole("row", { name: new RegExp(ACCOUNTS.kki.email.replace(/[.+]/g, "\\$&")) })
    .getByRole("link")
    .first()
    .click();
  await expect(page).toHaveURL(/\/user-list\/[0-9a-f-]{36}$/);
  const detail = new URL(page.url()).pathname;
  await field(page, "Alasan").fill("Masa tugas berakhir bulan ini");
  await page.getByRole("button", { name: "Nonaktifkan", exact: true }).click();

  const panel = confirmPanel(page);
  await expect(panel).toContainText(`Nonaktifkan akun ${ACCOUNTS.kki.name}?`);
  await expect(panel.getByRole("button", { name: "Yes", exact: true })).toBeVisible();
  await panel.getByRole("link", { name: "No", exact: true }).click();

  await expect(confirmPanel(page)).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe(detail);
  await expect(page.getByRole("heading", { name: "Nonaktifkan akun" })).toBeVisible();
  await expect(page.getByText("Akun dinonaktifkan.")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Riwayat tindakan admin" })).not.toContainText("Akun dinonaktifkan");
});

test.describe("what a label means", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "server-rendered text: the nojs project proves it");

  test("a list row with 'Selesai' shows its stage and what comes next", async ({ browser, request }, testInfo) => {
    const app = await submittedApplication(request, testInfo, "REG");
    expect((await decideByApi(request, "admin", app.id, { stage_id: 1, decision: "PASSED" })).status()).toBe(200);
    const admin = await reviewerPage(browser, testInfo, "admin");
    await admin.goto(`/application-list?tab=all&q=${app.registrationNumber}`);
    const row = admin.getByRole("row", { name: new RegExp(app.registrationNumber) });
    await expect(row).toContainText("Selesai · Pemeriksaan Dokumen — menunggu Penyetaraan");
    // The badge itself never wraps inside its cell.
    const badge = row.getByText("Selesai", { exact: true });
    expect(await badge.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe("nowrap");
    await admin.goto(detailPath("admin", app));
    await expect(admin.getByRole("heading", { name: "Status: Selesai · Pemeriksaan Dokumen — menunggu Penyetaraan" })).toBeVisible();
  });

  test("the applicant's checklist does not call step 5 'Selesai' while the file waits for corrected files", async ({ page }) => {
    await landAs(page, { email: "pemohon.demo03@adaptasi.test" });
    await expectPath(page, "/");
    const step5 = page.getByRole("listitem").filter({ hasText: /^5\./ });
    await expect(step5).toContainText("Status");
    await expect(step5).toContainText(/Perlu perbaikan berkas|Sedang diperiksa/);
    await expect(step5).not.toContainText("Selesai");
    await expect(
      page.getByText(
        /^(Perbaikan Berkas · Pemeriksaan Dokumen — menunggu perbaikan berkas dari pemohon|Dalam Proses · Pemeriksaan Dokumen — sedang diperiksa)$/,
      ),
    ).toBeVisible();
  });
});
