import { expect, test } from "@playwright/test";
import {
  ACCOUNTS,
  expectLoggedOut,
  expectNavbarItems,
  expectPath,
  loginViaForm,
  navbar,
  sidebar,
  userMenu,
  userMenuSummary,
  type AccountKey,
} from "./fixtures";

// Spec §2 (sidebar, top bar, navbar) and §6 (menu access, role 8 specifics, role label): every demo
// account logs in through the real form, sees its own menu, and ends its session again.

const WITH_SIDEBAR: AccountKey[] = ["superadmin", "admin", "subkomite", "pembekalan", "kolegium", "kki", "fasyankes", "fasyankesBaru"];
const TITLES = ["Adaptasi Nakes LLN", "Evaluasi Kompetensi"];

for (const key of WITH_SIDEBAR) {
  const account = ACCOUNTS[key];
  const menu = account.sidebar!;

  test(`role ${account.roleId} (${account.email}) lands on ${account.home}, sees its sidebar and top bar, and logs out`, async ({ page }) => {
    await loginViaForm(page, account);
    await expectPath(page, account.home);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");

    const side = sidebar(page);
    await expect(side.getByText(menu.title, { exact: true })).toBeVisible();
    for (const other of TITLES.filter((t) => t !== menu.title)) await expect(side.getByText(other, { exact: true })).toHaveCount(0);
    await expect(side.getByRole("listitem")).toHaveText(menu.items);
    await expect(side.locator('[aria-current="page"]')).toHaveText(menu.active);

    for (const item of menu.items) {
      if (menu.disabled?.includes(item)) {
        await expect(side.getByRole("link", { name: item, exact: true })).toHaveCount(0);
        await expect(side.getByText(item, { exact: true })).toHaveAttribute("aria-disabled", "true");
      } else {
        await expect(side.getByRole("link", { name: item, exact: true })).toBeVisible();
      }
    }

    // Role 3's navbar never shows in the logged-in layout.
    await expect(navbar(page)).toHaveCount(0);

    const summary = userMenuSummary(page);
    await expect(summary).toContainText(account.name);
    await expect(summary.getByText(account.roleLabel, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "PROFILE", exact: true })).toHaveAttribute("href", "/profile");

    await summary.click();
    await expect(userMenu(page).getByRole("listitem")).toHaveText(account.userMenu);
    if (account.userMenu.includes("Profil")) {
      await expect(userMenu(page).getByRole("link", { name: "Profil", exact: true })).toHaveAttribute("href", "/personal-data");
    }

    await userMenu(page).getByRole("button", { name: "Logout", exact: true }).click();
    await expectPath(page, "/welcome");
    await expect(page.getByText("Anda telah keluar.")).toBeVisible();
    await expectLoggedOut(page);
  });
}

for (const [key, loginPath] of [
  ["pemohon", "/login"],
  ["pemohonWna", "/wna/login"],
] as const) {
  const account = ACCOUNTS[key];

  test(`role 3 (${account.email}) logs in at ${loginPath}, lands on /, sees the navbar, and logs out with KELUAR`, async ({ page, request }) => {
    await loginViaForm(page, account, { loginPath });
    await expectPath(page, "/");
    await expect(page.getByRole("heading", { name: `Halo, ${account.name}` })).toBeVisible();

    await expect(sidebar(page)).toHaveCount(0);
    // The top bar's user info sits under the navbar: name, role label, PROFILE.
    await expect(userMenuSummary(page)).toContainText(account.name);
    await expect(userMenuSummary(page).getByText(account.roleLabel, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "PROFILE", exact: true })).toHaveAttribute("href", "/profile");

    const nav = navbar(page);
    await expect(nav.getByRole("link", { name: "Beranda Adaptasi Nakes LLN" })).toHaveAttribute("href", "/");
    await expectNavbarItems(nav.getByRole("listitem"), request);
    await expect(nav.getByRole("link", { name: "JADWAL UJI KOMPETENSI" })).toHaveAttribute("href", "/test-schedule");
    await expect(nav.getByRole("link", { name: "DOKUMEN PERSYARATAN" })).toHaveAttribute("href", "/evaluation-requirements");
    const guidebook = nav.getByRole("link", { name: /BUKU PANDUAN/ });
    await expect(guidebook).toHaveAttribute("href", /^\/template-docs\/.+\.pdf$/);
    await expect(guidebook).toHaveAttribute("target", "_blank");
    await expect(nav.getByRole("link", { name: "FAQ", exact: true })).toHaveAttribute("href", /^https:\/\//);

    await nav.getByRole("button", { name: "KELUAR" }).click();
    await expectPath(page, "/welcome");
    await expect(page.getByText("Anda telah keluar.")).toBeVisible();
    await expect(navbar(page).getByRole("button", { name: "KELUAR" })).toHaveCount(0);
    await expectLoggedOut(page);
  });
}
