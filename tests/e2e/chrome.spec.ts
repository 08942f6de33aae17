import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, apiKey, expectPath, landAs, startSession, sidebar, userMenuSummary } from "./fixtures";

// The logged-in chrome (spec §2 navbar, sidebar and top bar, §6 role label, §9 toasts):
// every logged-in user has the navbar's links and reaches /profile, role 1's label names the committee,
// the ☰ sidebar toggle never traps the page, and nothing sticks out sideways on a 360 px phone.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };
const FOUR = ["JADWAL UJI KOMPETENSI", "DOKUMEN PERSYARATAN", "BUKU PANDUAN", "FAQ"];

const topBarLinks = (page: Page) => page.getByRole("navigation", { name: "Tautan portal" });
const toggle = (page: Page) => page.getByRole("link", { name: /Buka atau tutup menu samping/ });
const closeLink = (page: Page) => page.getByRole("link", { name: "✕ Tutup menu", exact: true });
const link = (scope: ReturnType<Page["locator"]>, name: string) => scope.getByRole("link", { name: new RegExp(`^${name}`) });

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `page is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth);
}

async function committeeName(page: Page): Promise<string> {
  const res = await page.request.get("/api/v1/config/public", { headers: { "x-adaptasiapikey": apiKey() } });
  return (await res.json()).data.committeeName as string;
}

test("an Admin sees the four navbar links in the top bar at 1280 px, and no ☰ toggle", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await landAs(page, ACCOUNTS.admin);
  await expectPath(page, "/application-list");
  const bar = topBarLinks(page);
  for (const name of FOUR) await expect(link(bar, name)).toBeVisible();
  await expect(link(bar, "JADWAL UJI KOMPETENSI")).toHaveAttribute("href", "/test-schedule");
  await expect(link(bar, "BUKU PANDUAN")).toHaveAttribute("target", "_blank");
  await expect(link(bar, "FAQ")).toHaveAttribute("href", /^https:\/\//);
  // The sidebar is always there from 992 px: its toggle and close link are not.
  await expect(toggle(page)).toBeHidden();
  await expect(closeLink(page)).toBeHidden();

  await link(bar, "DOKUMEN PERSYARATAN").click();
  await expectPath(page, "/evaluation-requirements");
  await expect(page.getByRole("heading", { name: "Dokumen Persyaratan", level: 1 })).toBeVisible();
});

test("at 1280 px the sidebar's address (#menu-samping) never covers the page", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await startSession(page, ACCOUNTS.admin);
  await page.goto("/application-list#menu-samping");
  const box = (await sidebar(page).boundingBox())!;
  expect(box.width).toBeLessThan(400);
  // The page's heading is on screen and nothing lies over it.
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeVisible();
  const covered = await heading.evaluate((h) => {
    const r = h.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + 5, r.top + r.height / 2);
    return !(top && h.contains(top));
  });
  expect(covered).toBe(false);
  await expect(topBarLinks(page)).toBeVisible();
});

test("at 360 px the Admin finds the four links in the ☰ menu, closes it again, and nothing sticks out", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await landAs(page, ACCOUNTS.admin);
  await expectPath(page, "/application-list");
  await expectNoSidewaysScroll(page);
  await expect(topBarLinks(page)).toBeHidden();
  await expect(sidebar(page)).toBeHidden();

  await toggle(page).click();
  const side = sidebar(page);
  await expect(side).toBeVisible();
  for (const name of FOUR) await expect(link(side, name)).toBeVisible();
  await expect(link(side, "DOKUMEN PERSYARATAN")).toHaveAttribute("href", "/evaluation-requirements");
  await expectNoSidewaysScroll(page);

  // The close link stays readable (white on the sidebar) when pointed at.
  const close = closeLink(page);
  await expect(close).toBeVisible();
  await close.hover();
  await expect(close).toHaveCSS("color", "rgb(255, 255, 255)");
  await close.click();
  await expect(side).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("with JavaScript, Escape closes the ☰ menu", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "a keyboard handler: JavaScript only");
  await page.setViewportSize(PHONE);
  await landAs(page, ACCOUNTS.admin);
  await toggle(page).click();
  await expect(sidebar(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sidebar(page)).toBeHidden();
});

test("an applicant sees their name and role, and reaches /profile by its link", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await landAs(page, ACCOUNTS.pemohon);
  await expectPath(page, "/");
  const summary = userMenuSummary(page);
  await expect(summary).toContainText(ACCOUNTS.pemohon.name);
  await expect(summary.getByText("Pemohon", { exact: true })).toBeVisible();
  // The navbar's "☰ Menu" stays on one line.
  const menu = page.getByRole("link", { name: "☰ Menu", exact: true });
  expect((await menu.boundingBox())!.height).toBeLessThan(48);
  await expectNoSidewaysScroll(page);

  await page.getByRole("link", { name: "PROFILE", exact: true }).click();
  await expectPath(page, "/profile");
  await expect(page.getByRole("heading", { name: "Profil", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Kata Sandi Saat Ini", { exact: true })).toBeVisible();
});

test("the Super Admin's top bar shows 'Super Admin' followed by the committee's name", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await landAs(page, ACCOUNTS.superadmin);
  const summary = userMenuSummary(page);
  await expect(summary.getByText("Penyelenggara", { exact: true })).toBeVisible();
  // Another worker may be renaming the committee (below): compare with the name the API answers now.
  await expect(async () => {
    await page.reload();
    await expect(summary.getByText(`Super Admin ${await committeeName(page)}`, { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
});

test("the Super Admin renames the committee on /sla-setting; the toast covers nothing", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "nojs", "changes a shared setting: once, with the plain form");
  await page.setViewportSize(DESKTOP);
  await startSession(page, ACCOUNTS.superadmin);
  const before = await committeeName(page);
  await page.goto("/sla-setting");
  const field = page.getByLabel("Nama Komite", { exact: true });
  const save = page.getByRole("button", { name: "Simpan nama komite" });

  await field.fill("");
  await save.click();
  await expect(field).toHaveAccessibleDescription(/Nama Komite harus diisi/);

  await field.fill("K".repeat(101));
  await save.click();
  await expect(field).toHaveAccessibleDescription(/tidak boleh lebih dari 100 karakter/);

  try {
    await field.fill("Komite Uji Tampilan");
    await save.click();
    const toast = page.locator("#toast");
    await expect(toast).toContainText("Nama komite disimpan: Komite Uji Tampilan.");
    await expect(userMenuSummary(page).getByText("Super Admin Komite Uji Tampilan", { exact: true })).toBeVisible();
    // Top centre, above the page: it overlaps neither the top bar's links nor the heading.
    const t = (await toast.boundingBox())!;
    for (const target of [topBarLinks(page), page.getByRole("heading", { level: 1 })]) {
      const b = (await target.boundingBox())!;
      expect(t.y + t.height, "toast above it").toBeLessThanOrEqual(b.y);
    }
    // The account page names the role the same way (app/utils/role-name.ts, one home).
    await page.goto("/profile");
    await expect(page.locator("dd", { hasText: "Super Admin Komite Uji Tampilan" })).toBeVisible();
    // So do the staff list's role filter and the role select of a new account.
    await page.goto("/user-list");
    await expect(page.locator("select#role option", { hasText: "Super Admin Komite Uji Tampilan" })).toHaveCount(1);
    await page.goto("/user-list/new");
    await expect(page.locator("select option", { hasText: "Super Admin Komite Uji Tampilan" })).toHaveCount(1);
    // And a Super Admin's staff record, whose role the page names from its role_id (the API answers the id alone).
    await page.goto("/user-list?role=1");
    await page.locator('a[href^="/user-list/"]:not([href="/user-list/new"])').first().click();
    await expect(page.locator("dd", { hasText: "Super Admin Komite Uji Tampilan" })).toBeVisible();
  } finally {
    await page.goto("/sla-setting");
    await page.getByLabel("Nama Komite", { exact: true }).fill(before);
    await page.getByRole("button", { name: "Simpan nama komite" }).click();
    await expect(page.locator("#toast")).toContainText(`Nama komite disimpan: ${before}.`);
  }
});

test("the 404 page keeps the navbar and the page's margins", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const response = await page.goto("/halaman-tidak-ada-chrome");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("navigation", { name: "Navigasi utama" })).toBeVisible();
  const heading = page.getByRole("heading", { name: "This page could not be found" });
  await expect(heading).toBeVisible();
  expect((await heading.boundingBox())!.x).toBeGreaterThanOrEqual(16);
  await expectNoSidewaysScroll(page);
});
