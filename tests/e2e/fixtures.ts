import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";

// Shared by every e2e spec: the demo accounts (DESIGN §7) with what spec §2 and §6 say each one sees,
// a login through the real form, and tokens straight from the API for the query-token guards.

export const DEMO_PASSWORD = "Adaptasi#2026";

export interface Account {
  email: string;
  name: string;
  roleId: number;
  /** Where the login form lands (the role's home). */
  home: string;
  /** Sidebar title and items in order; null for role 3, whose pages carry the navbar instead. */
  sidebar: { title: string; items: string[]; active: string; disabled?: string[] } | null;
  /** Role label in the top bar (spec §6: is_fasyankes → role map, else 'Penyelenggara'). */
  roleLabel: string;
  /** User menu entries (spec §6 role 8 specifics). */
  userMenu: string[];
}

const PORTAL = "Adaptasi Nakes LLN";
const EVALUATION = "Evaluasi Kompetensi";
const ADAPTATION_LIST = "Daftar Permohonan Adaptasi";
const APPLICATION_LIST = "Daftar Permohonan";
const reviewer = {
  home: "/application",
  roleLabel: "Penyelenggara",
  userMenu: ["Logout"],
  sidebar: { title: PORTAL, items: [ADAPTATION_LIST], active: ADAPTATION_LIST },
};
const applicant = { roleId: 3, home: "/", sidebar: null, roleLabel: "Penyelenggara", userMenu: [] };

const DEMO_ACCOUNTS = {
  superadmin: {
    email: "superadmin@adaptasi.test",
    name: "Super Admin",
    roleId: 1,
    ...reviewer,
    sidebar: {
      title: PORTAL,
      items: [ADAPTATION_LIST, "Daftar Pengguna", "Pengaturan SLA", "Pengaturan Daftar Spesialisasi", "Pengaturan Daftar Institusi"],
      active: ADAPTATION_LIST,
    },
  },
  admin: {
    email: "admin@adaptasi.test",
    name: "Rina Marlina",
    roleId: 2,
    home: "/application-list",
    sidebar: { title: EVALUATION, items: ["Data Admin Fasyankes", APPLICATION_LIST, "Master Jabatan", "Master CMS"], active: APPLICATION_LIST },
    roleLabel: "Admin",
    userMenu: ["Logout"],
  },
  pemohon: { email: "pemohon@adaptasi.test", name: "dr. Andi Pratama", ...applicant },
  pemohonWna: { email: "pemohon.wna@adaptasi.test", name: "Dr. Maria Santos", ...applicant },
  subkomite: {
    email: "subkomite@adaptasi.test",
    name: "dr. Siti Nurhaliza, Sp.PD",
    roleId: 4,
    home: "/application-list",
    sidebar: { title: EVALUATION, items: [APPLICATION_LIST], active: APPLICATION_LIST },
    roleLabel: "Sub-Komite Evaluasi Kompetensi",
    userMenu: ["Logout"],
  },
  pembekalan: { email: "pembekalan@adaptasi.test", name: "Bambang Susanto, S.Kep., M.Kes.", roleId: 5, ...reviewer },
  kolegium: { email: "kolegium@adaptasi.test", name: "Prof. dr. Hendra Wijaya, Sp.B", roleId: 6, ...reviewer },
  kki: { email: "kki@adaptasi.test", name: "dr. Dewi Lestari, M.H.Kes.", roleId: 7, ...reviewer },
  fasyankes: {
    email: "fasyankes@adaptasi.test",
    name: "Agus Setiawan",
    roleId: 8,
    home: "/dashboard",
    sidebar: { title: EVALUATION, items: ["Beranda", "Pendaftaran", "Status Pengajuan"], active: "Beranda" },
    roleLabel: "Admin Fasyankes",
    userMenu: ["Profil", "Logout"],
  },
  fasyankesBaru: {
    email: "fasyankes.baru@adaptasi.test",
    name: "Yuliana Putri",
    roleId: 8,
    home: "/dashboard",
    sidebar: { title: EVALUATION, items: ["Beranda", "Data Personal"], active: "Beranda", disabled: ["Data Personal"] },
    roleLabel: "Admin Fasyankes",
    userMenu: ["Logout"],
  },
} satisfies Record<string, Account>;

export type AccountKey = keyof typeof DEMO_ACCOUNTS;
export const ACCOUNTS: Record<AccountKey, Account> = DEMO_ACCOUNTS;

/** Roles 1, 2, 4, 5, 6, 7: logged out when they reach the "/" or "/dashboard" areas (spec §6). */
export const STAFF: AccountKey[] = ["superadmin", "admin", "subkomite", "pembekalan", "kolegium", "kki"];

/** Logs in through the real form (CONVENTIONS habit 8) at `loginPath`; see submitLogin. */
export async function loginViaForm(page: Page, account: Pick<Account, "email">, opts: { loginPath?: string } = {}) {
  const loginPath = opts.loginPath ?? "/login";
  await page.goto(loginPath);
  await submitLogin(page, account);
}

/**
 * A session for a spec that is not about logging in: one POST of the login form from the page's own
 * browser context (which keeps the signed cookie it answers with), no page drawn. Each call is a session
 * of its own, as a form login is, so a spec that logs out or changes a password ends only its own.
 * The login form itself is driven once per role in login-and-sidebar.final.spec.ts (and in the specs
 * about logging in: session, accounts, guards). Returns where the login would have landed (the role's
 * home); landAs opens it.
 */
export async function startSession(page: Page, account: Pick<Account, "email">, password = DEMO_PASSWORD): Promise<string> {
  const { baseURL } = test.info().project.use;
  const res = await page.context().request.post(`${baseURL}/login`, {
    headers: { Origin: baseURL! },
    form: { email: account.email, password, redirectTo: "" },
    maxRedirects: 0,
  });
  expect(res.status(), `login of ${account.email}: ${res.status()}`).toBe(302);
  const landing = new URL(res.headers()["location"]!, baseURL);
  return landing.pathname + landing.search;
}

/**
 * startSession, then the page the login lands on (the role's home). With JavaScript it waits until the page
 * has hydrated, as the form's client-side landing had: a click before that may go unheard (a page that does not
 * hydrate has nothing to wait for).
 */
export async function landAs(page: Page, account: Pick<Account, "email">) {
  await page.goto(await startSession(page, account));
  if (test.info().project.use.javaScriptEnabled !== false) {
    // A page served without hydration (the review lists: app/utils/hydration.ts) has no Remix scripts to wait for.
    await page.waitForFunction(
      () =>
        Boolean((window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized) ||
        document.querySelector("script[type=module]") === null,
    );
  }
}

/** Fills and sends the login form the page shows, with any e-mail and password. */
export async function fillLoginForm(page: Page, email: string, password: string) {
  await page.getByLabel("Alamat Surel", { exact: true }).fill(email);
  await page.getByLabel("Kata Sandi", { exact: true }).fill(password);
  await page.getByRole("button", { name: "MASUK", exact: true }).click();
}

/** Logs a demo account in on the login form the page shows and waits until the portal leaves it. */
export async function submitLogin(page: Page, account: Pick<Account, "email">) {
  const loginPath = new URL(page.url()).pathname;
  await fillLoginForm(page, account.email, DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname !== loginPath, { timeout: 10_000 });
  // With JavaScript the address changes before the landing page is on screen (its texts may still be
  // loading, decision 012): wait until the login form has gone, so the next click lands on the new page.
  await page.locator("form#login").waitFor({ state: "detached", timeout: 10_000 });
}

/** Waits until the page is at `pathname`, whatever the query. */
export async function expectPath(page: Page, pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 10_000 });
}

/** The navbar as it shows on a desktop-sized viewport (the mobile full-screen menu is hidden). */
export function navbar(page: Page): Locator {
  return page.getByRole("navigation", { name: "Navigasi utama" });
}

export function sidebar(page: Page): Locator {
  return page.getByRole("navigation", { name: "Menu samping" });
}

/** The top bar's user menu (a <details> whose summary names the user). */
export function userMenuSummary(page: Page): Locator {
  return page.getByLabel(/^Menu pengguna: /);
}

/** The user menu around that summary. */
export function userMenu(page: Page): Locator {
  return page.locator("details").filter({ has: userMenuSummary(page) });
}

/** Proves the session has ended: a logged-in page now sends the browser to the login form. */
export async function expectLoggedOut(page: Page) {
  await page.goto("/profile");
  await expectPath(page, "/login");
  expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/profile");
}

let cachedApiKey: string | undefined;

/** The API key the e2e server generated for its fresh data directory. */
export function apiKey(): string {
  cachedApiKey ??= JSON.parse(readFileSync(path.join(E2E_DATA_DIR, "secrets.json"), "utf8")).API_KEY as string;
  return cachedApiKey!;
}

interface Tokens {
  token: string;
  refreshToken: string;
}

/** Logs in at the API directly (POST /api/v1/login) — for the query-token guards only. */
export async function apiTokens(request: APIRequestContext, account: Pick<Account, "email">): Promise<Tokens> {
  const res = await request.post("/api/v1/login", {
    headers: { "x-adaptasiapikey": apiKey() },
    data: { email: account.email, password: DEMO_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { token: { type: string; token: string; refreshToken: string } };
  return { token: body.token.token, refreshToken: body.token.refreshToken };
}

/**
 * The navbar's items (spec §2): the three fixed links, the extra links the Admin keeps on /master-cms
 * (read from the API at the same moment: other specs edit them), then FAQ and KELUAR.
 */
export async function expectNavbarItems(items: Locator, request: APIRequestContext) {
  await expect(async () => {
    const res = await request.get("/api/v1/config/public", { headers: { "x-adaptasiapikey": apiKey() } });
    const extra = ((await res.json()).data.navbarLinks as Array<{ label: string }>).map((l) => l.label);
    const texts = (await items.allInnerTexts()).map((t) => t.trim());
    expect(texts.slice(0, 3)).toEqual(["JADWAL UJI KOMPETENSI", "DOKUMEN PERSYARATAN", expect.stringMatching(/^BUKU PANDUAN/)]);
    expect(texts.slice(3, -2)).toEqual(extra);
    expect(texts.slice(-2)).toEqual(["FAQ", "KELUAR"]);
  }).toPass({ timeout: 10_000 });
}

/** A form field by its exact label. */
export function field(page: Page, label: string): Locator {
  return page.getByLabel(label, { exact: true });
}

/**
 * A date field (app/components/DateField.tsx): its three boxes under the legend `label`, in the spec's order
 * (bulan, tanggal, tahun). `fillDate(page, "Tanggal Lahir", "1990-03-12")` types 03, 12, 1990.
 */
export function dateBoxes(page: Page, label: string) {
  const group = page.getByRole("group", { name: label, exact: true });
  return {
    group,
    month: group.getByLabel("Bulan", { exact: true }),
    day: group.getByLabel("Tanggal", { exact: true }),
    year: group.getByLabel("Tahun", { exact: true }),
  };
}

/** Fills a date field's three boxes with an ISO date, or with the three texts given (a wrong entry). */
export async function fillDate(page: Page, label: string, date: string | readonly [month: string, day: string, year: string]) {
  const [month, day, year] = typeof date === "string" ? [date.slice(5, 7), date.slice(8, 10), date.slice(0, 4)] : date;
  const boxes = dateBoxes(page, label);
  await boxes.month.fill(month);
  await boxes.day.fill(day);
  await boxes.year.fill(year);
}

/** Each refused field carries its message (as its description) and the summary above the form repeats it. */
export async function expectFieldErrors(page: Page, errors: ReadonlyArray<readonly [label: string, message: string]>) {
  const summary = page.getByRole("alert");
  for (const [label, message] of errors) {
    await expect(field(page, label)).toHaveAccessibleDescription(new RegExp(message));
    await expect(summary).toContainText(message);
  }
}

/** The Yes/No panel a final or destructive action shows before it acts (spec §9 "Confirm labels: Yes/No"). */
export function confirmPanel(page: Page): Locator {
  return page.getByRole("alertdialog", { name: "Konfirmasi" });
}

/** Answers that panel with Yes. */
export async function confirmYes(page: Page) {
  await expect(confirmPanel(page)).toBeVisible();
  await confirmPanel(page).getByRole("button", { name: "Yes", exact: true }).click();
}

/** Spec §4's labels in its words, by rule (Playwright's loader takes no JSON module: read as a file, from the repository's root). */
export const LABEL_WORDS = (JSON.parse(readFileSync(path.resolve("locales/id/common.json"), "utf8")) as { statusLabel: Record<string, string> }).statusLabel;
