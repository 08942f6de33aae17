import type { APIRequestContext, Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { NO_LABEL_RULE } from "#domain/status-label";
import { endsFile, stagesDecidedBy } from "#domain/workflow";
import { pdf, png } from "../fixtures/files";
import { expect, linkFromMail, newCitizen, newForeigner, type Citizen, type Foreigner } from "./accounts-fixtures";
import { ACCOUNTS, apiKey, apiTokens, confirmYes, LABEL_WORDS, landAs, startSession, type AccountKey } from "./fixtures";

// Shared by the review specs: a fresh applicant with a submitted application made entirely
// through /api/v1 (the journey itself is proven by the applicant specs), reviewers logged in by the real
// form in their own browser contexts, and API shortcuts that move a file on to the stage under test.

export { expect, test } from "./accounts-fixtures";

export type Jalur = "REG" | "SPE" | "OTH";

export interface Submitted {
  id: string;
  registrationNumber: string;
  jalur: Jalur;
  person: Citizen | Foreigner;
  /** The applicant's access token. */
  token: string;
}

const headers = (token?: string) => ({ "x-adaptasiapikey": apiKey(), ...(token ? { authorization: `Bearer ${token}` } : {}) });

async function ok<T>(res: Awaited<ReturnType<APIRequestContext["get"]>>, status = 200): Promise<T> {
  expect(res.status(), `${res.url()} → ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

/** Signs up (citizen for REG/SPE, foreign national for OTH), activates from the mail and logs in at the API. */
export async function activeApplicant(
  request: APIRequestContext,
  testInfo: TestInfo,
  jalur: Jalur,
  fullName?: string,
): Promise<{ person: Citizen | Foreigner; token: string }> {
  const foreign = jalur === "OTH";
  const person = foreign ? newForeigner(testInfo, fullName ?? "Dr. Aisyah Rahman") : newCitizen(testInfo, fullName ?? "dr. Sari Wulandari");
  const base = {
    full_name: person.fullName,
    email: person.email,
    phone: person.phone,
    password: person.password,
    password_confirmation: person.password,
    consent: "on",
  };
  const data = foreign
    ? { ...base, foreign_id: (person as Foreigner).foreignId, nationality: "MY", is_kek: "tidak", jalur_id: "OTH" }
    : { ...base, nik: (person as Citizen).nik };
  await ok(await request.post(`/api/v1/register/${foreign ? "foreign" : "citizen"}`, { headers: headers(), data }), 201);
  const link = await linkFromMail(person.email, "activation");
  const token = new URL(link, "http://portal").searchParams.get("token")!;
  await ok(await request.post("/api/v1/account/activate", { headers: headers(), data: { token } }));
  const login = await ok<{ token: { token: string } }>(
    await request.post("/api/v1/login", { headers: headers(), data: { email: person.email, password: person.password } }),
  );
  return { person, token: login.token.token };
}

/** A draft of `jalur` for a fresh applicant (no profile, no documents): enough for role 1's list. */
export async function draftApplication(
  request: APIRequestContext,
  testInfo: TestInfo,
  jalur: Jalur,
  fullName: string,
): Promise<{ id: string; registrationNumber: string }> {
  const { token } = await activeApplicant(request, testInfo, jalur, fullName);
  const draft = await ok<{ data: { id: string; registration_number: string } }>(
    await request.post("/api/v1/applications", { headers: headers(token), data: { jalur_id: jalur } }),
    201,
  );
  return { id: draft.data.id, registrationNumber: draft.data.registration_number };
}

/** A fresh applicant with a complete profile and a submitted application of `jalur`, every step through the API. */
export async function submittedApplication(request: APIRequestContext, testInfo: TestInfo, jalur: Jalur, fullName?: string): Promise<Submitted> {
  const { person, token } = await activeApplicant(request, testInfo, jalur, fullName);
  const foreign = jalur === "OTH";
  const institutions = await ok<{ data: Array<{ id: number }> }>(await request.get("/api/v1/institutions", { headers: headers(token) }));
  const specializations =
    jalur === "SPE" ? await ok<{ data: Array<{ id: number }> }>(await request.get("/api/v1/specializations", { headers: headers(token) })) : null;
  await ok(
    await request.put("/api/v1/me/profile", {
      headers: headers(token),
      data: {
        full_name: person.fullName,
        identity_type: foreign ? "PASPOR" : "NIK",
        identity_number: foreign ? (person as Foreigner).foreignId : (person as Citizen).nik,
        nationality: foreign ? "MY" : "ID",
        birth_place: foreign ? "Kuala Lumpur" : "Bandung",
        birth_date: "1990-03-12",
        gender: foreign ? "P" : "L",
        address: "Jl. Asia Afrika No. 8, Bandung",
        phone: person.phone,
        profession: "DOKTER",
        institution_id: institutions.data[0].id,
        graduation_country: "PH",
        graduation_year: "2015",
        ...(specializations ? { specialization_id: specializations.data[0].id } : {}),
      },
    }),
  );
  const draft = await ok<{ data: { id: string; registration_number: string } }>(
    await request.post("/api/v1/applications", { headers: headers(token), data: { jalur_id: jalur } }),
    201,
  );
  const id = draft.data.id;
  const requirements = await ok<{ data: Array<{ id: number; allowed_extnames: string; is_active: boolean }> }>(
    await request.get("/api/v1/document-requirements", { headers: headers(token), params: { jalur } }),
  );
  const pdfBuffer = await pdf("dokumen.pdf");
  const multipart: Record<string, { name: string; mimeType: string; buffer: Buffer }> = {};
  for (const r of requirements.data.filter((x) => x.is_active)) {
    multipart[`doc_${r.id}`] = r.allowed_extnames.split(",").includes("pdf")
      ? { name: `dokumen-${r.id}.pdf`, mimeType: "application/pdf", buffer: pdfBuffer }
      : { name: `dokumen-${r.id}.png`, mimeType: "image/png", buffer: png() };
  }
  const upload = await ok<{ data: { saved: number[]; errors: unknown[] } }>(
    await request.post(`/api/v1/applications/${id}/documents`, { headers: headers(token), multipart }),
  );
  expect(upload.data.errors).toEqual([]);
  await ok(await request.post(`/api/v1/applications/${id}/submit`, { headers: headers(token), data: { idempotency_key: crypto.randomUUID() } }));
  return { id, registrationNumber: draft.data.registration_number, jalur, person, token };
}

const staffTokens = new Map<AccountKey, string>();

/** A staff account's access token straight from the API (cached per worker). */
export async function staffToken(request: APIRequestContext, key: AccountKey): Promise<string> {
  if (!staffTokens.has(key)) staffTokens.set(key, (await apiTokens(request, ACCOUNTS[key])).token);
  return staffTokens.get(key)!;
}

/** POST /review/applications/:id/decisions with `key`'s token: a shortcut to the stage under test, or a probe of the API's answer. */
export async function decideByApi(request: APIRequestContext, key: AccountKey, id: string, body: { stage_id: number; decision: string; note?: string }) {
  const post = () => request.post(`/api/v1/review/applications/${id}/decisions`, { headers: headers(staffTokens.get(key)), data: body });
  await staffToken(request, key);
  let res = await post();
  if (res.status() === 401) {
    // The cached token may have ended with its session (e.g. another test logged the account out): log in again.
    staffTokens.delete(key);
    await staffToken(request, key);
    res = await post();
  }
  return res;
}

/** A browser context of its own, with the project's JavaScript setting (nojs/js), for a second person. */
export async function newPersonContext(browser: Browser, testInfo: TestInfo): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    locale: testInfo.project.use.locale,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled ?? true,
  });
}

/** A reviewer with a session of their own, on their home page (landAs), in a context of their own. */
export async function reviewerPage(browser: Browser, testInfo: TestInfo, key: AccountKey): Promise<Page> {
  const page = await (await newPersonContext(browser, testInfo)).newPage();
  await landAs(page, ACCOUNTS[key]);
  return page;
}

/** The applicant of `app` with a session (startSession), in a context of their own. */
export async function applicantPage(browser: Browser, testInfo: TestInfo, app: Submitted): Promise<Page> {
  const page = await (await newPersonContext(browser, testInfo)).newPage();
  await startSession(page, app.person, app.person.password);
  return page;
}

/** The detail URL of `app` in the list of `key`'s role. */
export function detailPath(key: AccountKey, app: Pick<Submitted, "id">): string {
  const base = ACCOUNTS[key].roleId === 2 || ACCOUNTS[key].roleId === 4 ? "/application-list" : "/application";
  return `${base}/${app.id}`;
}

/** Takes a decision on the detail page by its form, as a reviewer does, and waits for the toast. */
export async function decide(
  page: Page,
  key: AccountKey,
  app: Pick<Submitted, "id">,
  decision: "Lulus" | "Tidak Lulus" | "Perbaikan Berkas",
  opts: { note?: string; internalNote?: string; documents?: Array<{ name: string; reason: string }>; expectLabel: string },
) {
  await page.goto(detailPath(key, app));
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "SIMPAN KEPUTUSAN" }) });
  await form.getByRole("radio", { name: decision, exact: true }).check();
  if (opts.note) await form.getByLabel("Catatan untuk pemohon").fill(opts.note);
  if (opts.internalNote) await form.getByLabel(/^Catatan internal/).fill(opts.internalNote);
  for (const d of opts.documents ?? []) {
    await form.getByRole("checkbox", { name: d.name, exact: true }).check();
    await form.getByLabel(`Alasan — ${d.name}`, { exact: true }).fill(d.reason);
  }
  await form.getByRole("button", { name: "SIMPAN KEPUTUSAN" }).click();
  // A decision that closes the file is final: the portal asks Yes/No first (spec §9). The bodies that
  // decide only a pathway's last stage (Pembekalan, KKI) close it with a "Lulus" too.
  const closes = decision === "Tidak Lulus" || (decision === "Lulus" && stagesDecidedBy(ACCOUNTS[key].roleId).every((s) => endsFile(s, "PASSED")));
  if (closes) await confirmYes(page);
  await expect(page.getByText(`Keputusan tersimpan. Status permohonan: ${opts.expectLabel}.`)).toBeVisible();
}

/** The label the applicant reads on /application-status. */
export async function expectApplicantLabel(page: Page, label: string) {
  await page.goto("/application-status");
  await expect(page.getByRole("heading", { name: `Status: ${label}` })).toBeVisible();
}

/**
 * The label the applicant's own API view gives (GET /applications/:id), in the spec's words: a quick check between
 * the steps under test. The API answers the rule; its words are spec §4's.
 */
export async function applicantLabel(request: APIRequestContext, app: Submitted): Promise<string | null> {
  const body = await ok<{ data: { label: { rule: number } } }>(await request.get(`/api/v1/applications/${app.id}`, { headers: headers(app.token) }));
  return body.data.label.rule === NO_LABEL_RULE ? null : LABEL_WORDS[String(body.data.label.rule)]!;
}
