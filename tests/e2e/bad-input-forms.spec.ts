import fc from "fast-check";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { ACCOUNTS, apiTokens, apiKey, startSession, type AccountKey } from "./fixtures";
import { choosePathway, expect, freshApplicant, test } from "./applicant-fixtures";
import { detailPath, submittedApplication } from "./review-fixtures";

// The portal half of the bad-input corpus: every form action (the pages of app/routes.ts that
// export `action`) gets generated bad form bodies from a role that may post there. Each answer is below
// 500, shows no stack trace or raw markup, and refuses with an Indonesian message (or a 4xx). The fields
// come from the page's own <form>s, so a new field gets cases without anyone remembering to add them.
// JavaScript plays no part (request fixture), so this runs in the nojs project only.

test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "form posts without a browser: once is enough");

const SEED = 20260808;
const HONEYPOT_FIELD = "website";
/** Every generated value carries it; afterwards the API is searched for it to prove nothing was stored. */
const MARKER = "KORPUSH6";
const HOSTILE = `${MARKER}<script>alert(1)</script>"><img src=x onerror=alert(2)>' OR 1=1 --\u0000\u202Eevil`;
/** A return path the browser would follow off the site (tab) or that cannot be a header (newline). */
const BROKEN_PATHS = ["/\n/x", "/\t/127.0.0.1:4999/"];
/** Appended to a form's address: CR LF and U+2028, percent-encoded as a browser would send them. */
const ADDRESS_SUFFIX = "%0D%0A%E2%80%A8x";
/** Field names nested past any form of the portal: 5,000 levels overflowed the form parser. */
const ABSURD_DEPTH = 5_000;

interface FormShape {
  action: string;
  multipart: boolean;
  /** name → value of hidden inputs and the submit buttons (the intent), kept so field validation is reached */
  kept: [string, string][];
  /** the fields a person fills in */
  fields: string[];
}

const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
const attr = (tag: string, name: string) => {
  const m = tag.match(new RegExp(`\\s${name}="([^"]*)"`, "i"));
  return m ? decode(m[1]) : undefined;
};

/** The POST forms of a page, read from its HTML. */
function formsOf(html: string, pageUrl: string): FormShape[] {
  const forms: FormShape[] = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const [, open, inner] = m;
    if ((attr(open, "method") ?? "get").toLowerCase() !== "post") continue;
    const action = attr(open, "action") || pageUrl;
    if (/\/logout|\/session\/refresh/.test(action)) continue;
    const kept: [string, string][] = [];
    const fields = new Set<string>();
    for (const t of inner.matchAll(/<(input|select|textarea|button)\b[^>]*>/gi)) {
      const tag = t[0];
      const name = attr(tag, "name");
      if (!name) continue;
      const type = (attr(tag, "type") ?? (t[1].toLowerCase() === "button" ? "submit" : "text")).toLowerCase();
      if (name === HONEYPOT_FIELD) continue; // filled, it answers a fake success by design (nothing is stored)
      if (type === "hidden" || type === "submit") kept.push([name, attr(tag, "value") ?? ""]);
      else fields.add(name);
    }
    forms.push({ action, multipart: /multipart\/form-data/i.test(attr(open, "enctype") ?? ""), kept, fields: [...fields] });
  }
  return forms;
}

interface Body {
  kind: string;
  contentType?: string;
  data?: string | Buffer;
  form?: [string, string][];
  multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;
}

let drawCount = 0;
/** Generated unicode (fixed seed), padded past every field's length limit. */
function generatedText(length: number): string {
  const [chunk] = fc.sample(fc.string({ unit: "grapheme", minLength: 20, maxLength: 60 }), { seed: SEED + drawCount++, numRuns: 1 });
  return `${MARKER}${chunk.repeat(Math.ceil(length / Math.max(chunk.length, 1)))}`.slice(0, length);
}

/** The bad bodies for one form (or, without a form, for the bare action URL). */
function badBodies(form: FormShape | null): Body[] {
  const kept = form?.kept.filter(([name]) => /intent|_action/i.test(name)) ?? [];
  const fields = form?.fields ?? ["email", "name", "id"];
  const every = (value: (name: string) => string): [string, string][] => [...kept, ...fields.map((f): [string, string] => [f, value(f)])];
  const bodies: Body[] = [
    { kind: "empty body", form: [] },
    { kind: "wrong content type (JSON)", contentType: "application/json", data: JSON.stringify({ intent: HOSTILE, email: HOSTILE }) },
    { kind: "wrong content type (text)", contentType: "text/plain", data: `${MARKER}\u0000\u0001` },
    { kind: "unknown intent", form: [["intent", HOSTILE], ["_action", HOSTILE], ...fields.map((f): [string, string] => [f, ""])] },
    {
      kind: "broken multipart",
      contentType: "multipart/form-data; boundary=korpus",
      data: `--korpus\r\nContent-Disposition: form-data; name="${fields[0]}"\r\n\r\n${MARKER}`,
    },
  ];
  const hidden = form?.kept.filter(([name]) => !/intent|_action/i.test(name)).map(([name]) => name) ?? [];
  // Hidden fields come back as they were sent: one that names a page (a return path) must not become
  // a Location header that breaks (newline) or leads off the site (tab).
  if (hidden.length > 0) {
    for (const path of BROKEN_PATHS)
      bodies.push({ kind: `hidden fields ${JSON.stringify(path)}`, form: [...kept, ...hidden.map((f): [string, string] => [f, path])] });
  }
  const nestedName = fields[0] ?? hidden[0] ?? "x";
  bodies.push({
    kind: `field names nested ${ABSURD_DEPTH} levels`,
    form: [...kept, [`${nestedName}${".a".repeat(ABSURD_DEPTH)}`, MARKER], [`${nestedName}${"[0]".repeat(ABSURD_DEPTH)}`, MARKER]],
  });
  if (form && form.fields.length > 0) {
    bodies.push(
      { kind: "required fields missing, intent only", form: kept },
      { kind: "every field huge (20k generated unicode)", form: every(() => generatedText(20_000)) },
      { kind: "every field hostile (markup, SQL, NUL, bidi)", form: every(() => HOSTILE + "x".repeat(6000)) },
      { kind: "every field twice", form: [...every(() => HOSTILE), ...every(() => "")] },
      { kind: "control characters", form: every(() => `${MARKER}\u0000\u0007\u001b[31m\r\n\t\b${generatedText(40)}`) },
    );
    if (form.multipart) {
      bodies.push({
        kind: "HTML file posing as a PDF, hostile name",
        multipart: {
          ...Object.fromEntries(kept),
          ...Object.fromEntries(
            form.fields.map((f) => [
              f,
              { name: `../${MARKER}<script>.pdf`, mimeType: "application/pdf", buffer: Buffer.from("<html><script>alert(1)</script></html>") },
            ]),
          ),
        },
      });
    }
  }
  return bodies;
}

/** Where a refusal must not leak: stack frames, error names, markup we sent coming back unescaped. */
const LEAK = /\bat [\w.$<>]+ \([^)]*:\d+:\d+\)|node_modules|\bError:|<script>alert\(1\)<\/script>|<img src=x onerror/;
const STACK = /\bat [\w.$<>]+ \([^)]*:\d+:\d+\)|node_modules/;
/** An Indonesian refusal on the re-rendered page: the error summary or a field marked invalid. */
const REFUSED = /role="alert"|aria-invalid="true"/;

interface Outcome {
  label: string;
  problems: string[];
}

async function post(request: APIRequestContext, baseURL: string, url: string, body: Body) {
  const headers: Record<string, string> = { Origin: baseURL };
  if (body.contentType) headers["content-type"] = body.contentType;
  if (body.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    return request.post(url, { headers, data: new URLSearchParams(body.form).toString(), maxRedirects: 0 });
  }
  if (body.multipart) return request.post(url, { headers, multipart: body.multipart, maxRedirects: 0 });
  return request.post(url, { headers, data: body.data, maxRedirects: 0 });
}

/** Sends every bad body to every form of `pageUrl` (or to the bare URL when it shows none). */
async function corpus(request: APIRequestContext, baseURL: string, pageUrl: string): Promise<{ outcomes: Outcome[]; forms: number }> {
  const page = await request.get(pageUrl, { maxRedirects: 0 });
  const html = page.status() === 200 ? await page.text() : "";
  const forms = formsOf(html, pageUrl);
  const targets: (FormShape | null)[] = forms.length ? forms : [null];
  const outcomes: Outcome[] = [];
  for (const form of targets) {
    const url = form?.action ?? pageUrl;
    for (const body of badBodies(form)) {
      const res = await post(request, baseURL, url, body);
      const text = await res.text();
      const problems: string[] = [];
      if (res.status() >= 500) problems.push(`status ${res.status()}`);
      const leak = text.match(LEAK);
      if (leak) problems.push(`leak: ${leak[0]}`);
      const status = res.status();
      const location = res.headers()["location"] ?? "";
      if (status === 200 && !REFUSED.test(text)) problems.push("200 without an error message");
      // Turned away elsewhere (a guard, a step not reached yet) is fine; nothing stored is checked after the
      // run. Back to the same page after every field was filled with bad values means it was saved.
      const samePage = location && new URL(location, baseURL).pathname === new URL(url, baseURL).pathname;
      if (status >= 300 && status < 400 && samePage && /every field|control/.test(body.kind)) problems.push(`accepted: redirect to ${location}`);
      outcomes.push({ label: `POST ${url} [${body.kind}] -> ${status}`, problems });
    }
    // The address itself: a line break and a line separator in the last path segment (an id) must not
    // reach a Location header that cannot carry them.
    const address = new URL(url, baseURL);
    address.pathname += ADDRESS_SUFFIX;
    const res = await post(request, baseURL, address.pathname + address.search, {
      kind: "control characters in the address",
      form: form?.kept.filter(([n]) => /intent|_action/i.test(n)) ?? [],
    });
    const text = await res.text();
    const problems: string[] = [];
    if (res.status() >= 500) problems.push(`status ${res.status()}`);
    // A line break matches no route pattern ("*" included): Remix's own 404 names the address it was sent,
    // "Error: No route matches URL …", in the page's data. Only stack traces count as a leak here.
    const leak = text.match(STACK);
    if (leak) problems.push(`leak: ${leak[0]}`);
    outcomes.push({ label: `POST ${address.pathname}${address.search} [control characters in the address] -> ${res.status()}`, problems });
  }
  return { outcomes, forms: forms.length };
}

async function run(request: APIRequestContext, baseURL: string, pages: string[], testInfo: TestInfo) {
  const all: Outcome[] = [];
  let forms = 0;
  for (const url of pages) {
    const result = await corpus(request, baseURL, url);
    all.push(...result.outcomes);
    forms += result.forms;
  }
  // The fields come from the pages: if none showed a form, the session or the parser is broken.
  expect(forms, `forms found on ${pages.join(", ")}`).toBeGreaterThan(0);
  const failures = all.filter((o) => o.problems.length).map((o) => `${o.label}: ${o.problems.join(", ")}`);
  testInfo.annotations.push({ type: "bad-input cases", description: String(all.length) });
  console.log(`bad-input forms (${testInfo.title}): ${all.length} cases, ${forms} forms`);
  expect(failures).toEqual([]);
  return all.length;
}

const keyHeaders = (token?: string) => ({ "x-adaptasiapikey": apiKey(), ...(token ? { authorization: `Bearer ${token}` } : {}) });

/** Nothing with the marker was stored in the lists the admin forms write to. */
async function expectNoMarker(request: APIRequestContext, key: AccountKey, paths: string[]) {
  const { token } = await apiTokens(request, ACCOUNTS[key]);
  for (const p of paths) {
    const res = await request.get(`/api/v1${p}${p.includes("?") ? "&" : "?"}q=${MARKER}`, { headers: keyHeaders(token) });
    expect(res.status(), p).toBe(200);
    expect(await res.text(), p).not.toContain(MARKER);
  }
}

async function loggedIn(page: Page, key: AccountKey): Promise<APIRequestContext> {
  await startSession(page, ACCOUNTS[key]);
  return page.request;
}

test("anonymous forms: login, sign-up, WNA sign-up, facility sign-up, activation, password recovery and the letter check", async ({
  request,
  baseURL,
}, testInfo) => {
  await run(
    request,
    baseURL!,
    [
      "/login",
      "/wna/login",
      "/sign-up",
      "/sign-up/fasyankes",
      "/wna/sign-up/welcome",
      "/wna/sign-up",
      "/forgot-password",
      "/forgot-password/email?token=korpus-token-palsu",
      "/account-activation?token=korpus-token-palsu",
      "/verifikasi",
    ],
    testInfo,
  );
  const { token } = await apiTokens(request, ACCOUNTS.superadmin);
  const users = await request.get(`/api/v1/admin/users?q=${MARKER}`, { headers: keyHeaders(token) });
  expect(await users.text()).not.toContain(MARKER);
});

test("applicant forms: profile, personal data, pathway, documents, reupload, portfolio and achievements", async ({ page, request, baseURL }, testInfo) => {
  const applicant = await freshApplicant(page, request, testInfo);
  await choosePathway(page, "Reguler");
  const login = await request.post("/api/v1/login", { headers: keyHeaders(), data: { email: applicant.email, password: applicant.password } });
  const token = ((await login.json()) as { token: { token: string } }).token.token;
  const snapshot = async () =>
    JSON.stringify(
      await Promise.all(["/me/profile", "/applications/current"].map(async (p) => (await request.get(`/api/v1${p}`, { headers: keyHeaders(token) })).text())),
    );
  const start = await snapshot();
  await run(
    page.request,
    baseURL!,
    [
      "/profile",
      "/personal-data",
      "/personal-data/upload-file",
      "/registration-path",
      "/registration-path/confirmation",
      "/submission-form/adaptation-form",
      "/submission-form/reupload-form",
      "/application-status/application-status-detail",
      "/portfolio",
      "/portfolio/form",
      "/portfolio/additional-requirements",
      "/performance-achievement",
    ],
    testInfo,
  );
  expect(await snapshot(), "the applicant's profile and application are unchanged").toBe(start);
});

test("Super Admin forms: users, SLA, specialisations, institutions and deletion requests", async ({ page, request, baseURL }, testInfo) => {
  const req = await loggedIn(page, "superadmin");
  const { token } = await apiTokens(request, ACCOUNTS.superadmin);
  const first = async (p: string) => {
    const res = await request.get(`/api/v1${p}`, { headers: keyHeaders(token) });
    return ((await res.json()) as { data: { id: number | string }[] }).data[0]?.id ?? 999999;
  };
  const sla = await (await request.get("/api/v1/admin/sla", { headers: keyHeaders(token) })).text();
  await run(
    req,
    baseURL!,
    [
      "/user-list/new",
      `/user-list/${await first("/admin/users?role=7")}`,
      "/sla-setting",
      "/specialization-list",
      `/specialization-list/${await first("/admin/specializations")}`,
      "/institution-list",
      `/institution-list/${await first("/admin/institutions")}`,
      "/deletion-requests",
    ],
    testInfo,
  );
  await expectNoMarker(request, "superadmin", ["/admin/users", "/admin/specializations", "/admin/institutions"]);
  expect(await (await request.get("/api/v1/admin/sla", { headers: keyHeaders(token) })).text(), "SLA unchanged").toBe(sla);
});

test("Admin forms: positions, CMS, announcements, test schedules, guidebook and facility admins", async ({ page, request, baseURL }, testInfo) => {
  const req = await loggedIn(page, "admin");
  const { token } = await apiTokens(request, ACCOUNTS.admin);
  const cms = async () => JSON.parse(await (await request.get("/api/v1/admin/cms", { headers: keyHeaders(token) })).text());
  const before = await cms();
  const firstOf = (list: unknown) => (Array.isArray(list) && list[0] && (list[0] as { id: unknown }).id) || 999999;
  const position = await (await request.get("/api/v1/admin/positions", { headers: keyHeaders(token) })).json();
  const facility = await (await request.get("/api/v1/admin/facilities", { headers: keyHeaders(token) })).json();
  await run(
    req,
    baseURL!,
    [
      "/master-position",
      `/master-position/${firstOf(position.data)}`,
      "/master-cms",
      `/master-cms/announcements/${firstOf(before.data?.announcements)}`,
      `/master-cms/test-schedules/${firstOf(before.data?.test_schedules)}`,
      "/master-cms/guidebook",
      "/admin-fasyankes-list/new",
      `/admin-fasyankes-list/${firstOf(facility.data)}`,
    ],
    testInfo,
  );
  await expectNoMarker(request, "admin", ["/admin/positions", "/admin/facilities"]);
  expect(JSON.stringify(await cms())).not.toContain(MARKER);
});

test("reviewer and facility forms: review decision, additional documents, facility data and registrations", async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const app = await submittedApplication(request, testInfo, "SPE");
  const req = await loggedIn(page, "subkomite");
  const detail = detailPath("subkomite", app);
  const { token: reviewer } = await apiTokens(request, ACCOUNTS.subkomite);
  const review = async () => (await request.get(`/api/v1/review/applications/${app.id}`, { headers: keyHeaders(reviewer) })).text();
  const reviewBefore = await review();
  let total = await run(req, baseURL!, [detail, `${detail}/additional-requirements`], testInfo);
  expect(await review(), "the application's review is unchanged").toBe(reviewBefore);

  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const facilityPage = await context.newPage();
  const facilityReq = await loggedIn(facilityPage, "fasyankes");
  total += await run(
    facilityReq,
    baseURL!,
    [
      "/personal-data",
      "/register-competency-evaluation/registration-path",
      "/register-competency-evaluation/path/regular",
      "/register-competency-evaluation/path/exception",
      "/register-competency-evaluation/path/regular/upload-file",
    ],
    testInfo,
  );
  const { token } = await apiTokens(request, ACCOUNTS.fasyankes);
  expect(await (await request.get(`/api/v1/registrations?q=${MARKER}`, { headers: keyHeaders(token) })).text()).not.toContain(MARKER);
  expect(await (await request.get("/api/v1/me/facility", { headers: keyHeaders(token) })).text()).not.toContain(MARKER);
  await context.close();
  expect(total).toBeGreaterThan(0);
});
