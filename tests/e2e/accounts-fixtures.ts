import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { expectPath, fillLoginForm } from "./fixtures";

// Shared by the account specs: fresh people for every test and project, the sign-up forms
// filled as a person fills them, the mail read back from the outbox, and two checks on every test —
// no response of 500 or more, no dialog (a sign of script run from user input), no error in the page.

export const OUTBOX = path.join(E2E_DATA_DIR, "outbox");
export const NEW_PASSWORD = "Pulih#Sandi2026";

export const test = base.extend<{ guards: { dialogs: string[]; serverErrors: string[]; pageErrors: string[] } }>({
  guards: [
    async ({ page }, use) => {
      const guards = { dialogs: [] as string[], serverErrors: [] as string[], pageErrors: [] as string[] };
      page.on("pageerror", (e) => guards.pageErrors.push(e.message));
      page.on("console", (m) => {
        // A refused form answers 4xx on purpose; the browser logs each one, which is no fault.
        // Anything else (a CSP violation, a script error) is.
        const text = m.text();
        if (m.type() === "error" && !text.startsWith("Failed to load resource")) guards.pageErrors.push(text);
      });
      page.on("response", (r) => {
        if (r.status() >= 500) guards.serverErrors.push(`${r.status()} ${r.request().method()} ${r.url()}`);
      });
      page.on("dialog", (d) => {
        // The browser's own question before leaving a page mid-upload is no script's: a reload goes on.
        if (d.type() === "beforeunload") return void d.accept();
        guards.dialogs.push(`${d.type()}: ${d.message()}`);
        void d.dismiss();
      });
      await use(guards);
      expect(guards.serverErrors, "no response of 500 or more").toEqual([]);
      expect(guards.dialogs, "no dialog opened").toEqual([]);
      expect(guards.pageErrors, "no error in the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export interface Person {
  fullName: string;
  email: string;
  phone: string;
  password: string;
}

export interface Citizen extends Person {
  nik: string;
}

export interface Foreigner extends Person {
  foreignId: string;
  /** The country's name as the list shows it. */
  nationality: string;
}

let counter = 0;

/** A short token unique to this test run, project and call. */
function unique(testInfo: TestInfo): string {
  counter += 1;
  return `${Date.now().toString(36)}${testInfo.workerIndex}${counter}`;
}

export function newCitizen(testInfo: TestInfo, fullName = "dr. Budi Santoso"): Citizen {
  const id = unique(testInfo);
  return {
    fullName,
    email: `wni.${testInfo.project.name}.${id}@contoh.test`,
    // 16 digits: milliseconds, the worker and a counter keep parallel tests apart.
    nik: `${Date.now()}${testInfo.workerIndex % 10}${String(counter % 100).padStart(2, "0")}`.slice(-16).padStart(16, "3"),
    phone: "081234567890",
    password: "Awal#Sandi2026",
  };
}

export function newForeigner(testInfo: TestInfo, fullName = "Dr. Maria Santos"): Foreigner {
  const id = unique(testInfo);
  return {
    fullName,
    email: `wna.${testInfo.project.name}.${id}@contoh.test`,
    foreignId: `P${id}`.toUpperCase().slice(0, 20),
    nationality: "Malaysia",
    // As a Malaysian writes it: the international "+" and groups of digits (spec §1: foreign nationals).
    phone: "+60 12 345 6789",
    password: "Awal#Sandi2026",
  };
}

/** Fills the fields both sign-up forms share and ticks the consent. */
async function fillPerson(page: Page, person: Person) {
  await page.getByLabel("Nama Lengkap", { exact: true }).fill(person.fullName);
  await page.getByLabel("Alamat Surel", { exact: true }).fill(person.email);
  await page.getByLabel("Nomor Telepon", { exact: true }).fill(person.phone);
  await page.getByLabel("Kata Sandi", { exact: true }).fill(person.password);
  await page.getByLabel("Konfirmasi Kata Sandi", { exact: true }).fill(person.password);
  await page.getByRole("checkbox", { name: /menyetujui penggunaannya/ }).check();
}

export async function fillCitizenForm(page: Page, citizen: Citizen) {
  await fillPerson(page, citizen);
  await page.getByLabel("NIK", { exact: true }).fill(citizen.nik);
}

export async function fillForeignForm(page: Page, foreigner: Foreigner) {
  await page.getByLabel("Nomor Paspor / Identitas Asing", { exact: true }).fill(foreigner.foreignId);
  await page.getByLabel("Kewarganegaraan", { exact: true }).selectOption({ label: foreigner.nationality });
  await fillPerson(page, foreigner);
}

export function submitSignUp(page: Page) {
  return page.getByRole("button", { name: "DAFTAR", exact: true }).click();
}

/** Signs a citizen up through /sign-up and waits for the result page. */
export async function signUpCitizen(page: Page, citizen: Citizen) {
  await page.goto("/sign-up");
  await fillCitizenForm(page, citizen);
  await submitSignUp(page);
  await expectPath(page, "/sign-up/result");
  await expect(page.getByRole("heading", { name: "Periksa surel Anda" })).toBeVisible();
}

/** Logs in through the real form at `loginPath` with any password, without waiting to leave the page. */
export async function submitLogin(page: Page, loginPath: string, email: string, password: string) {
  if (new URL(page.url()).pathname !== loginPath) await page.goto(loginPath);
  await fillLoginForm(page, email, password);
}

/** Logs in and expects the applicant's home, greeted by name. */
export async function loginAsApplicant(page: Page, loginPath: string, person: Pick<Person, "email" | "fullName">, password: string) {
  await submitLogin(page, loginPath, person.email, password);
  await expectPath(page, "/");
  await expect(page.getByRole("heading", { name: `Halo, ${person.fullName}` })).toBeVisible();
}

export async function logout(page: Page) {
  await page.getByRole("navigation", { name: "Navigasi utama" }).getByRole("button", { name: "KELUAR" }).click();
  await expectPath(page, "/welcome");
}

// --- Mail ---------------------------------------------------------------------------------------

function decodeQuotedPrintable(input: string): string {
  const soft = input.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(soft.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The decoded text of every MIME part of a raw message (quoted-printable and base64 alike). */
export function mailBodies(raw: string): string[] {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]);
  let parts = [raw];
  for (const b of boundaries) parts = parts.flatMap((p) => p.split(`--${b}`));
  return parts.map((part) => {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) return part;
    const headers = part.slice(0, split);
    const body = part.slice(split).trim();
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
    return body;
  });
}

export type MailKind = "activation" | "recovery";
const LINK_PATH: Record<MailKind, string> = { activation: "/account-activation", recovery: "/forgot-password" };

/** The messages to `email` in the outbox, newest first. */
function outboxFor(email: string): Array<{ file: string; raw: string }> {
  let names: string[];
  try {
    names = readdirSync(OUTBOX).filter((n) => n.endsWith(".eml"));
  } catch {
    return [];
  }
  return names
    .map((n) => path.join(OUTBOX, n))
    .map((file) => ({ file, mtime: statSync(file).mtimeMs, raw: readFileSync(file, "utf8") }))
    .filter(({ raw }) => {
      const headers = raw.slice(0, raw.search(/\r?\n\r?\n/));
      return headers.toLowerCase().includes(`<${email.toLowerCase()}>`) || new RegExp(`^to:\\s*${email.replace(/[.+]/g, "\\$&")}`, "im").test(headers);
    })
    .sort((a, b) => b.mtime - a.mtime || b.file.localeCompare(a.file));
}

/**
 * Waits for the newest mail of that kind to `email` and returns its link as a path on this portal
 * (the mail carries PUBLIC_URL's host, the tests run on their own port).
 */
export async function linkFromMail(email: string, kind: MailKind): Promise<string> {
  const pattern = new RegExp(`${LINK_PATH[kind].replace("/", "\\/")}\\?token=[A-Za-z0-9_%.~-]+`);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        for (const { raw } of outboxFor(email)) {
          for (const body of mailBodies(raw)) {
            const found = pattern.exec(body)?.[0];
            if (found) return (link = found);
          }
        }
        return undefined;
      },
      { message: `a ${kind} mail to ${email} in ${OUTBOX}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/** The decoded texts of every mail to `email`, newest first. */
export function mailTexts(email: string): string[] {
  return outboxFor(email).map(({ raw }) => mailBodies(raw).join("\n"));
}

/** How many mails `email` has received so far. */
export function mailCount(email: string): number {
  return outboxFor(email).length;
}

/** Waits until `email` has more than `before` mails, then returns the newest link of that kind. */
export async function newLinkFromMail(email: string, kind: MailKind, before: number): Promise<string> {
  await expect.poll(() => mailCount(email), { message: `a new mail to ${email}`, timeout: 15_000 }).toBeGreaterThan(before);
  return linkFromMail(email, kind);
}

/** The same link with one character of its token changed. */
export function tamper(link: string): string {
  const url = new URL(link, "http://portal");
  const token = url.searchParams.get("token")!;
  const last = token.at(-1) === "A" ? "B" : "A";
  url.searchParams.set("token", token.slice(0, -1) + last);
  return url.pathname + url.search;
}
