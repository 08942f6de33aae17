import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, DEMO_PASSWORD, expectNavbarItems, expectPath, landAs, navbar } from "./fixtures";

// The portal's shell: 404, error screen, navbar, robots meta, guidebook, form messages (spec §2, §5, §8)
// and the refusal of cross-origin POSTs (DESIGN §6).

function robotsMeta(page: Page) {
  return page.locator('meta[name="robots"]');
}

test("an unknown route answers 404 'This page could not be found'", async ({ page }) => {
  for (const path of ["/halaman-yang-tidak-ada", "/wna/tidak-ada/lagi"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
  }
});

test("/error shows the error screen with a way back to the start", async ({ page }) => {
  await page.goto("/error");
  await expect(page.getByText("Terjadi kesalahan, silahkan kembali ke awal")).toBeVisible();
  const back = page.getByRole("link", { name: "Kembali ke awal" });
  await expect(back).toHaveAttribute("href", "/");
  await back.click();
  // "/" sends an anonymous visitor on to /welcome.
  await expectPath(page, "/welcome");
});

test("a malformed address shows the error screen with status 400, never a stack trace (spec §8)", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "nojs", "the server's answer alone: once is enough");
  for (const path of ["/%E0%A4%A", "/application/%E0%A4%A"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(400);
    await expect(page.getByRole("heading", { name: "Terjadi kesalahan, silahkan kembali ke awal" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Kembali ke awal" })).toHaveAttribute("href", "/");
    await expect(page.locator("body")).not.toContainText(/URIError|at .*\.js/);
  }
});

test("anonymous visitors see only the logo and FAQ in the navbar, and no robots meta", async ({ page }) => {
  for (const path of ["/welcome", "/login", "/wna/login"]) {
    await page.goto(path);
    const nav = navbar(page);
    await expect(nav.getByRole("link", { name: "Beranda Adaptasi Nakes LLN" })).toHaveAttribute("href", "/");
    await expect(nav.getByRole("listitem")).toHaveText(["FAQ"]);
    await expect(nav.getByRole("link", { name: "FAQ", exact: true })).toHaveAttribute("href", /^https:\/\//);
    await expect(page.getByRole("button", { name: "KELUAR" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /BUKU PANDUAN/ })).toHaveCount(0);
    await expect(robotsMeta(page)).toHaveCount(0);
  }
});

test("the requirements page lists REG, SPE and OTH with 7, 7 and 8 documents; logged-in pages carry noindex", async ({ page }) => {
  await landAs(page, ACCOUNTS.pemohon);
  await expectPath(page, "/");
  await expect(robotsMeta(page)).toHaveAttribute("content", "noindex, nofollow");

  await navbar(page).getByRole("link", { name: "DOKUMEN PERSYARATAN" }).click();
  await expectPath(page, "/evaluation-requirements");
  await expect(page.getByRole("heading", { name: "Dokumen Persyaratan", level: 1 })).toBeVisible();
  await expect(robotsMeta(page)).toHaveAttribute("content", "noindex, nofollow");
  for (const [jalur, documents] of [
    ["REG", 7],
    ["SPE", 7],
    ["OTH", 8],
  ] as const) {
    const section = page.getByRole("region", { name: new RegExp(`\\(${jalur}\\)`) });
    // Header rows hold column headers only; every document row has cells.
    await expect(section.getByRole("row").filter({ has: page.getByRole("cell") })).toHaveCount(documents);
  }

  await page.goto("/profile");
  await expect(robotsMeta(page)).toHaveAttribute("content", "noindex, nofollow");
});

test("on a phone, the hamburger opens a full-screen menu with the navbar's items", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await landAs(page, ACCOUNTS.pemohon);
  const items = page.getByRole("banner").getByRole("listitem");
  await expect(items).toHaveCount(0);

  await page.getByRole("link", { name: "☰ Menu", exact: true }).click();
  await expectNavbarItems(items, request);

  await page.getByRole("link", { name: "✕ Tutup menu", exact: true }).click();
  await expect(items).toHaveCount(0);
});

test("the guidebook link opens a real PDF in a new tab", async ({ page, request }) => {
  await landAs(page, ACCOUNTS.pemohonWna);
  const link = navbar(page).getByRole("link", { name: /BUKU PANDUAN/ });
  await expect(link).toHaveAttribute("target", "_blank");
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/template-docs\/.+\.pdf$/);

  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/pdf");
  expect((await response.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
});

test("the login form explains what is wrong", async ({ page }) => {
  await page.goto("/login");
  const email = page.getByLabel("Alamat Surel", { exact: true });
  const password = page.getByLabel("Kata Sandi", { exact: true });
  const submit = page.getByRole("button", { name: "MASUK", exact: true });

  await test.step("empty fields", async () => {
    await submit.click();
    await expect(email).toHaveAccessibleDescription(/Alamat Surel harus diisi/);
    await expect(password).toHaveAccessibleDescription(/Kata Sandi harus diisi/);
    await expect(page.getByRole("alert")).toContainText("Alamat Surel harus diisi");
  });

  await test.step("an e-mail address that is not one", async () => {
    await email.fill("bukan-alamat-surel");
    await password.fill(DEMO_PASSWORD);
    await submit.click();
    await expect(email).toHaveAccessibleDescription(/harus berupa alamat surel yang benar/);
    await expect(password).not.toHaveAccessibleDescription(/harus diisi/);
  });

  await test.step("a wrong password", async () => {
    await email.fill(ACCOUNTS.kolegium.email);
    await password.fill("Salah#Sandi2026");
    await submit.click();
    await expect(page.getByRole("alert")).toContainText("Surel atau kata sandi salah.");
    await expectPath(page, "/login");
  });
});

test("the profile's password change refuses a confirmation that does not match", async ({ page }) => {
  await landAs(page, ACCOUNTS.kolegium);
  await page.getByRole("link", { name: "PROFILE", exact: true }).click();
  await expectPath(page, "/profile");
  await expect(page.getByText(ACCOUNTS.kolegium.email)).toBeVisible();

  await page.getByLabel("Kata Sandi Saat Ini", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel("Kata Sandi Baru", { exact: true }).fill("Sandi#Baru2026");
  await page.getByLabel("Konfirmasi Kata Sandi Baru", { exact: true }).fill("Sandi#Lain2026");
  await page.getByRole("button", { name: "SIMPAN KATA SANDI" }).click();

  const message = "Konfirmasi Kata Sandi Baru tidak cocok dengan Kata Sandi Baru";
  await expect(page.getByLabel("Konfirmasi Kata Sandi Baru", { exact: true })).toHaveAccessibleDescription(new RegExp(message));
  await expect(page.getByRole("alert")).toContainText(message);
  // Nothing changed: the user is still logged in on the same page.
  await expectPath(page, "/profile");
});

test("a cross-origin POST is refused with 403, a same-origin one is not", async ({ request, baseURL }) => {
  const form = { email: ACCOUNTS.kolegium.email, password: "Salah#Sandi2026" };
  for (const path of ["/login", "/logout"]) {
    const refused = await request.post(path, { headers: { Origin: "http://evil.example" }, form, maxRedirects: 0 });
    expect(refused.status(), path).toBe(403);
  }
  const sameOrigin = await request.post("/login", { headers: { Origin: baseURL! }, form, maxRedirects: 0 });
  expect(sameOrigin.status()).toBe(400);
});
