import { expect, test } from "@playwright/test";
import { sidewaysOverflow } from "../reach/measure";
import { ACCOUNTS, expectPath, landAs, sidebar } from "./fixtures";

// The Super Admin's sidebar is spec §2's five items; the access log, data retention and deletion requests
// are tabs on top of "Daftar Pengguna", each at its own URL behind its own guard. JavaScript off and on.

const TABS = [
  { name: "Daftar Pengguna", path: "/user-list", heading: "Daftar Pengguna" },
  { name: "Log Akses", path: "/access-log", heading: "Log Akses" },
  { name: "Penyimpanan Data", path: "/retention", heading: "Penyimpanan Data" },
  { name: "Permintaan Hapus Akun", path: "/deletion-requests", heading: "Permintaan Hapus Akun" },
];

test("the Super Admin reaches the access log, retention and deletion requests by the user list's tabs; the sidebar stays five items", async ({ page }) => {
  await landAs(page, ACCOUNTS.superadmin);
  await sidebar(page).getByRole("link", { name: "Daftar Pengguna", exact: true }).click();
  await expectPath(page, "/user-list");
  const tabs = page.getByRole("navigation", { name: "Halaman pengguna dan data pribadi" });
  await expect(tabs.getByRole("link")).toHaveText(TABS.map((t) => t.name));

  for (const tab of [...TABS.slice(1), TABS[0]]) {
    await tabs.getByRole("link", { name: tab.name, exact: true }).click();
    await expectPath(page, tab.path);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(tab.heading);
    await expect(tabs.locator('[aria-current="page"]')).toHaveText(tab.name);
    await expect(sidebar(page).getByRole("listitem")).toHaveText(ACCOUNTS.superadmin.sidebar!.items);
    await expect(sidebar(page).locator('[aria-current="page"]')).toHaveText("Daftar Pengguna");
  }

  // A phone: the four tabs wrap, nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  for (const tab of TABS) {
    await page.goto(tab.path);
    await expect(tabs).toBeVisible();
    expect(await sidewaysOverflow(page), tab.path).toEqual([]);
  }
});

// A staff role is logged out by the guard, which would end the demo account's other sessions: a
// facility admin (role 8), sent back to its own area, shows the same guard without that.
test("the pages behind the tabs keep their guards: a facility admin is sent back to /dashboard", async ({ page }) => {
  await landAs(page, ACCOUNTS.fasyankes);
  for (const path of TABS.map((t) => t.path)) {
    await page.goto(path);
    await expectPath(page, "/dashboard");
  }
});
