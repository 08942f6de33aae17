import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import type { RouteConfigEntry } from "@remix-run/route-config";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LOCALE } from "#domain/constants";
import { createTestApi, TEST_API_KEY, type TestApi } from "../api/test/helpers";
import { FOREIGN_DOCTOR } from "../tests/fixtures/people";
import { CATALOGUE, type PageSpec } from "../tests/reach/catalogue";
import routes from "./routes";
import { createApiClient } from "./utils/api.server";
import { saveRegisterWnaDraft } from "./routes/accounts/__register-wna.server";
import { commitAuthSession, resolveAuth, sessionFromTokens } from "./utils/auth.server";
import { loadEnv, setEnv } from "./utils/env.server";
import { i18next } from "./utils/i18n.server";

// app/visible-text.test.ts reads the sources; it cannot see a text that reaches a page through a
// variable: a loader's data, a server module's string, an API answer. Here every page's loaders (the
// root's, its layout's and its own) run in English on the demo data, as each demo role sees them, and
// every string of their data is read: a string with Indonesian interface words in it is a text that
// does not come from the locale files in the request's language.

const ENGLISH = LOCALE.SUPPORTED[1];

// ---------------------------------------------------------------------------------------------------
// Indonesian interface words: the words of locales/id/*.json that no English text uses.

type Texts = Record<string, unknown>;
const LOCALES = path.join(__dirname, "../locales");

function texts(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (value && typeof value === "object") for (const v of Object.values(value as Texts)) texts(v, out);
  return out;
}

function localeTexts(lng: "id" | "en"): string[] {
  const dir = path.join(LOCALES, lng);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) => texts(JSON.parse(readFileSync(path.join(dir, f), "utf8"))));
}

/** A text without its {{variables}}, $t(nesting) and <1>markup</1> tags. */
const bare = (text: string) =>
  text
    .replace(/\{\{[^}]*\}\}/g, " ")
    .replace(/\$t\([^)]*\)/g, " ")
    .replace(/<\/?\d+>|<\/?[a-z]+\s*\/?>/gi, " ");
const wordsOf = (text: string) =>
  (
    bare(text)
      .toLowerCase()
      .match(/\p{L}+/gu) ?? []
  ).filter((w) => w.length >= 3);

const ID_TEXTS = localeTexts("id");
const EN_TEXTS = localeTexts("en");
const EN_WORDS = new Set(EN_TEXTS.flatMap(wordsOf));
/** Words an Indonesian text of the interface uses and no English one does. */
export const INDONESIAN_WORDS = new Set(ID_TEXTS.flatMap(wordsOf).filter((w) => !EN_WORDS.has(w)));
/** Whole Indonesian texts (a label of one word: "Ditolak"), those not the same in English. */
const EN_WHOLE = new Set(EN_TEXTS.map((t) => bare(t).trim()));
const INDONESIAN_TEXTS = new Set(ID_TEXTS.map((t) => bare(t).trim()).filter((t) => /\p{L}{3}/u.test(t) && !EN_WHOLE.has(t)));

/** The Indonesian interface words of a string: two or more of them, or the whole string an Indonesian text. */
export function indonesianIn(text: string): string[] {
  const found = [...new Set(wordsOf(text).filter((w) => INDONESIAN_WORDS.has(w)))];
  if (found.length >= 2) return found;
  if (INDONESIAN_TEXTS.has(text.trim())) return [text.trim()];
  return [];
}

/** Every string of a value, by its path: `rows[].name` (array indices folded, so a skip names a field once). */
export function stringsOf(value: unknown, at = "", out: Array<[string, string]> = []): Array<[string, string]> {
  if (typeof value === "string") out.push([at, value]);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, `${at}[]`, out);
  else if (value && typeof value === "object" && !(value instanceof Date)) {
    for (const [k, v] of Object.entries(value)) stringsOf(v, at ? `${at}.${k}` : k, out);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// What is allowed to be Indonesian: data, not interface. By route module and field path.

// A key is a field's path in a page's data, matched at its end ("documents[].name" is also
// "detail.application.documents[].name"), on every page; or "module › path" for one page's field.

/**
 * People's and the demo's own data: free text someone typed, file names, the Admin's CMS content and the
 * database's reference lists (Indonesian data in any interface language). Each with its reason.
 */
const DATA: Record<string, string> = {
  "announcements[].title": "an announcement the Admin writes on /master-cms",
  "announcements[].body": "an announcement the Admin writes on /master-cms",
  "welcome.title": "the welcome text the Admin writes on /master-cms",
  "welcome.lead": "the welcome text the Admin writes on /master-cms",
  "test_schedules[].title": "a test schedule the Admin enters on /master-cms",
  "test_schedules[].notes": "a test schedule the Admin enters on /master-cms",
  "test_schedules[].location": "a test schedule the Admin enters on /master-cms",
  "resources/test-schedule.tsx › entries[].title": "a test schedule the Admin enters on /master-cms",
  "resources/test-schedule.tsx › entries[].notes": "a test schedule the Admin enters on /master-cms",
  "resources/test-schedule.tsx › entries[].location": "a test schedule the Admin enters on /master-cms",
  "faq.signUp": "the address of a FAQ article the Admin sets (its slug is Indonesian)",
  "documents[].original_name": "the name the uploader gave their file",
  "versions[].original_name": "the name the uploader gave their file",
  "shown.original_name": "the name the uploader gave their file",
  "reupload[].reason": "a reviewer's reason, typed with the decision to ask for a document again",
  "items[].reason": "a reviewer's reason, typed with the decision to ask for a document again",
  "reuploadItems[].reason": "a reviewer's reason, typed with the decision to ask for a document again",
  "timeline[].note": "a reviewer's note, typed with a decision",
  "audit[].note": "a reviewer's note, typed with a decision",
  "audit[].internal_note": "a reviewer's internal note, typed with a decision",
  "applicant/application-status.tsx › note": "a reviewer's note, typed with the decision to ask for documents again",
  "applicant/submission-form.reupload-form.tsx › note": "a reviewer's note, typed with the decision to ask for documents again",
  "review/application.$id.tsx › detail.applicant.address": "the applicant's address as they typed it",
  "review/application.$id.tsx › shown[].value": "the applicant's personal data as they typed it (an address)",
  "accounts/session.switch.tsx › next.person": "the other account's name and e-mail address (a name may hold a word of the locale files: dr. Andi Pratama)",
  "specializations[].name": "the specializations: a reference list of the database, in Indonesian (the Super Admin edits it)",
  "admin/specialization-list.tsx › entries[].name": "the specializations: a reference list of the database, in Indonesian (the Super Admin edits it)",
  "admin/specialization-list.$id.tsx › entry.name": "the specializations: a reference list of the database, in Indonesian (the Super Admin edits it)",
  "kinds[].name": "the OTH pathway's activity kinds: a reference list of the database",
  "kinds[].description": "the OTH pathway's activity kinds: a reference list of the database",
  "kind.name": "the OTH pathway's activity kinds: a reference list of the database",
  "kind.description": "the OTH pathway's activity kinds: a reference list of the database",
  "types[].name": "the achievement types of /performance-achievement: a reference list of the database",
  facility_name: "a health facility's registered name, as its admin entered it",
  "admin/master-position.tsx › entries[].name": "the positions: a reference list the Admin edits on /master-position",
  "admin/master-position.$id.tsx › entry.name": "the positions: a reference list the Admin edits on /master-position",
  "positions[].label": "the positions: a reference list the Admin edits on /master-position",
  "position.name": "the positions: a reference list the Admin edits on /master-position",
  position_name: "the positions: a reference list the Admin edits on /master-position",
  facility_type: "a facility type's code (RUMAH_SAKIT, …): the page words it with facility:types.<code>",
};

/**
 * Indonesian a page still carries that is not data: known and open (docs/decisions/031, "Not yet"). The API
 * answers roles, stages and spec §4's labels by their ids alone; the pages word them.
 */
const NOT_YET: Record<string, string> = {
  "applicant/submission-form.adaptation-form.tsx › check.personal[].value":
    "a profession or gender answer named by domain/forms/profile.choices.ts, Indonesian in both languages (as the form's own options are)",
};

const ALLOWED = { ...DATA, ...NOT_YET };

/** The keys that allowed a flagged string: one that allows nothing any more is to be removed. */
const used = new Set<string>();

/** Whether a page's field may hold Indonesian: its key names it ("module › path", or the path's end). */
function allowed(module: string, at: string): boolean {
  const key = `${module} › ${at}` in ALLOWED ? `${module} › ${at}` : Object.keys(ALLOWED).find((k) => !k.includes(" › ") && (at === k || at.endsWith(`.${k}`)));
  if (key) used.add(key);
  return key !== undefined;
}

// ---------------------------------------------------------------------------------------------------
// The routes: app/routes.ts as a tree Remix's own matcher reads, with each module's loader.

type Loader = (args: { request: Request; params: Record<string, string | undefined>; context: AppLoadContext }) => unknown;
type RouteObject = AgnosticRouteObject & { file: string };

function tree(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((e) => {
    const id = e.id ?? e.file.replace(/\.tsx?$/, "");
    const base = { id, file: e.file, path: e.path, caseSensitive: false };
    return (e.index ? { ...base, index: true } : { ...base, children: tree(e.children ?? []) }) as RouteObject;
  });
}

const ROOT: RouteObject = { id: "root", file: "root.tsx", path: "", children: tree(routes) } as RouteObject;

function flatten(route: RouteObject): RouteObject[] {
  return [route, ...((route.children ?? []) as RouteObject[]).flatMap(flatten)];
}

const loaders = new Map<string, Loader | undefined>();
async function loaderOf(file: string): Promise<Loader | undefined> {
  if (!loaders.has(file)) loaders.set(file, ((await import(path.join(__dirname, file))) as { loader?: Loader }).loader);
  return loaders.get(file);
}

/**
 * Routes with a loader that are not pages: files, a ZIP, a CSV, resumable uploads and sessions. What they answer is
 * not a page's data (a CSV's column headers are spec §4's Indonesian labels, decision 031).
 */
const NOT_PAGES: Record<string, string> = {
  "routes/accounts/logout.ts": "ends the session and redirects",
  "routes/accounts/session.refresh.ts": "refreshes the session and redirects",
  "routes/resources/files.$id.ts": "a stored file's bytes",
  "routes/accounts/profile.unduh-data.zip.ts": "the data download's ZIP",
  "routes/applicant/submission-form.upload.tus.$.ts": "the tus protocol",
  "routes/facility/register-competency-evaluation.upload.tus.$.ts": "the tus protocol",
  "routes/review/application.export.ts": "the review list's CSV",
  "routes/verifikasi/adaptasi-keys.json.ts": "the decision letters' public keys (JSON)",
  "routes/applicant/application-status.surat.ts": "a decision letter's PDF",
  "routes/admin/kinerja.csv.ts": "a dashboard chart's CSV",
};

/** Page routes whose loader only ever redirects (it has no data of its own). */
const ONLY_REDIRECTS: Record<string, string> = {
  "routes/applicant/submission-form.tsx": "sends the applicant on to the form their application is at",
};

/** A page the catalogue (tests/reach/catalogue.ts) does not open: who opens it, where, with which cookie. */
interface Extra {
  email: string | null;
  path: () => Promise<string>;
  /** a cookie the page needs besides the session's (a sign-up draft, a waiting login) */
  cookie?: () => Promise<string>;
}

/** The pages of routes the catalogue leaves out, found on the demo data. */
function extras(): Extra[] {
  const at = (p: string) => async () => p;
  const superadmin = "superadmin@adaptasi.test";
  const facility = "fasyankes@adaptasi.test";
  const applicant = "pemohon.demo03@adaptasi.test";
  const spe = async () => {
    const { token } = await api.login(superadmin);
    const rows = (await (await api.request("/api/v1/review/applications?tab=all", { token })).json()).data as Array<{ id: string; jalur_id: string }>;
    return rows.find((r) => r.jalur_id === "SPE")!.id;
  };
  const registrations = async () => {
    const { token } = await api.login(facility);
    return (await (await api.request("/api/v1/registrations", { token })).json()).data as Array<{ id: string; is_submitted: boolean; status: string | null }>;
  };
  let draft: string | undefined;
  const facilityDraft = async () => {
    if (draft) return draft;
    const { token } = await api.login(facility);
    const institution = (await (await api.request("/api/v1/institutions?q=malaya", { token })).json()).data[0].id;
    const body = {
      ...FOREIGN_DOCTOR,
      full_name: "Maria Santos",
      email: "maria.santos@contoh.id",
      identity_number: "P1234567",
      institution_id: institution,
      jalur_id: "REG",
    };
    const res = await api.request("/api/v1/registrations", { token, json: body });
    if (res.status !== 201) throw new Error(`registering a professional: ${res.status} ${await res.text()}`);
    return (draft = (await res.json()).data.application.id as string);
  };
  return [
    // The foreign national's second step, with the first step's answer in the sign-up cookie.
    {
      email: null,
      path: at("/wna/sign-up"),
      cookie: async () => (await saveRegisterWnaDraft(new Request("http://localhost/"), { jalurId: "REG" })).split(";")[0],
    },
    // A link with another account's token while logged in: the question before switching.
    {
      email: superadmin,
      path: at("/session/switch"),
      cookie: async () => {
        const { token, refreshToken } = await api.login("pemohon@adaptasi.test");
        const loaded = await load(`/?token=${token}&refresh_token=${refreshToken}`, superadmin);
        return loaded.find((l) => l.outcome === "redirect /session/switch")!.setCookie!;
      },
    },
    // The foreign national applicant (the catalogue's applicants are citizens): their personal data.
    { email: "pemohon.wna@adaptasi.test", path: at("/") },
    { email: "pemohon.wna@adaptasi.test", path: at("/personal-data") },
    { email: applicant, path: at("/profile/akses-data") },
    { email: facility, path: at("/profile/akses-data") },
    { email: superadmin, path: at("/access-log") },
    { email: superadmin, path: async () => `/application/${await spe()}/additional-requirements` },
    { email: "admin@adaptasi.test", path: async () => `/application-list/${await spe()}/additional-requirements` },
    { email: "pemohon@adaptasi.test", path: at("/registration-path/confirmation?jalur=REG") },
    { email: "pemohon@adaptasi.test", path: at("/registration-path/confirmation?jalur=SPE") },
    { email: "pemohon.demo01@adaptasi.test", path: at("/submission-form") },
    { email: applicant, path: at("/submission-form/success") },
    { email: applicant, path: at("/submission-form/success-reupload") },
    { email: facility, path: async () => `/submission-form/success?id=${(await registrations()).find((r) => r.is_submitted)!.id}` },
    { email: facility, path: async () => `/submission-form/success-reupload?id=${(await registrations()).find((r) => r.is_submitted)!.id}` },
    // A registration the facility has not sent yet (the demo's are all sent): its upload form and its check.
    { email: facility, path: async () => `/register-competency-evaluation/path/regular/upload-file?id=${await facilityDraft()}` },
    { email: facility, path: async () => `/register-competency-evaluation/path/regular/upload-file?id=${await facilityDraft()}&intent=check` },
    { email: null, path: at("/no-such-page") },
  ];
}

// ---------------------------------------------------------------------------------------------------
// Running the loaders against the API in process, as server/app.ts's load context does.

let api: TestApi;
const log = pino({ level: "silent" });

beforeAll(async () => {
  setEnv(loadEnv({ NODE_ENV: "test", DATA_DIR: "/tmp/adaptasi-unit", API_KEY: TEST_API_KEY, SESSION_SECRET: "s".repeat(40), JWT_SECRET: "j".repeat(40) }));
  // The request asks for English: the language detection is forced to Indonesian (spec §9), so the
  // request's language is given here, where the pages' and the helpers' `t` come from.
  const fixedT = i18next.getFixedT.bind(i18next);
  vi.spyOn(i18next, "getLocale").mockResolvedValue(ENGLISH);
  vi.spyOn(i18next, "getFixedT").mockImplementation((requestOrLocale, namespace) =>
    fixedT(typeof requestOrLocale === "string" ? requestOrLocale : ENGLISH, namespace),
  );
  api = await createTestApi();
  await api.seedDemoApplications();
}, 60_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await api?.close();
});

function contextFor(cookie: string | null): AppLoadContext {
  const client = createApiClient({
    fetch: (r) => api.fetch(r),
    baseUrl: "http://api.internal",
    apiKey: TEST_API_KEY,
    inProcess: api.inProcess,
    language: ENGLISH,
  });
  let auth: ReturnType<AppLoadContext["auth"]> | undefined;
  const appendSetCookie = () => {};
  return {
    cspNonce: "n",
    requestId: "r",
    log,
    api: client,
    clientIp: "127.0.0.1",
    appendSetCookie,
    auth: (opts) => (auth ??= resolveAuth(cookie, client, appendSetCookie, opts)),
  };
}

const cookies = new Map<string | null, string | null>();
async function cookieOf(email: string | null): Promise<string | null> {
  if (!email) return null;
  if (!cookies.has(email)) {
    const pair = await api.login(email);
    const set = await commitAuthSession(sessionFromTokens(pair));
    cookies.set(email, set.split(";")[0]);
  }
  return cookies.get(email)!;
}

interface Loaded {
  route: RouteObject;
  /** the data a page gets: the loader's result, or a thrown `data()`/JSON response the error boundary shows */
  data?: unknown;
  /** a redirect's target, a thrown status */
  outcome: string;
  /** the cookies the answer sets, as a Cookie header sends them back */
  setCookie?: string;
}

async function unwrap(result: unknown): Promise<Omit<Loaded, "route">> {
  if (result instanceof Response) {
    if (result.status >= 300 && result.status < 400)
      return {
        outcome: `redirect ${result.headers.get("location")}`,
        setCookie: result.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; "),
      };
    const type = result.headers.get("content-type") ?? "";
    const body = type.includes("json") ? await result.json() : await result.text();
    return { data: body, outcome: String(result.status) };
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: unknown; init?: { status?: number } };
    return { data, outcome: String(init?.status ?? 200) };
  }
  return { data: result, outcome: "200" };
}

/** Every loader of the routes a URL matches, root first, as one page request runs them. */
async function load(url: string, email: string | null, extraCookie?: string): Promise<Loaded[]> {
  const href = new URL(url, "http://localhost");
  const matches = matchRoutes([ROOT], href.pathname) ?? [];
  const cookie = [await cookieOf(email), extraCookie].filter(Boolean).join("; ") || null;
  const context = contextFor(cookie);
  return Promise.all(
    matches.map(async (m) => {
      const route = m.route as RouteObject;
      const loader = await loaderOf(route.file);
      if (!loader) return { route, outcome: "no loader" };
      const request = new Request(href, { headers: cookie ? { cookie } : {} });
      try {
        return { route, ...(await unwrap(await loader({ request, params: m.params, context }))) };
      } catch (thrown) {
        if (thrown instanceof Response || (thrown && typeof thrown === "object" && "type" in thrown)) return { route, ...(await unwrap(thrown)) };
        throw thrown;
      }
    }),
  );
}

/** The literal runs of a pattern's path (its query left out), unescaped, in order. */
function literalRuns(pattern: RegExp): string[] {
  const source = pattern.source
    .replace(/^\^/, "")
    .replace(/\\\?.*$/, "")
    .replace(/\$$/, "");
  return source.split(/\\[dw][+*]?|\[[^\]]*\](?:\{\d+\}|[+*])?|\([^)]*\)[?*+]?/).map((run) => run.replace(/\\(.)/g, "$1"));
}

/**
 * The first links of a page's data that `pattern` matches, as the page would show them: a string of its
 * data, or an id of its data (an `id` or `…_id` field) after the pattern's fixed start, or after the page's own
 * address and the pattern's last fixed part (a document of a detail). A link's query (a document's
 * ?version=) may be left out: the page opens the latest.
 */
function linksIn(data: unknown, pattern: RegExp, from: string): string[] {
  // Without its query, only where the pattern ends ($): "…/documents/\\d+\\?version=\\d+$" → "…/documents/\\d+$".
  const pathOnly = pattern.source.endsWith("$") ? new RegExp(pattern.source.replace(/\\\?.*$/, "$")) : pattern;
  const runs = literalRuns(pattern).filter(Boolean);
  const start = pattern.source
    .replace(/^\^/, "")
    .split(/\\[dw]|\[|\(|\$/)[0]
    .replace(/\\(.)/g, "$1");
  const prefixes = [start, `${new URL(from, "http://localhost").pathname}${runs.at(-1) ?? ""}`];
  const values: Array<[string, string]> = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === "string" || typeof value === "number") values.push([key, String(value)]);
    else if (Array.isArray(value)) for (const v of value) walk(v, key);
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(data, "");
  const found: string[] = [];
  for (const [key, v] of values) {
    if (pattern.test(v)) found.push(v);
    else if (key === "id" || key.endsWith("_id"))
      for (const prefix of prefixes) if (pattern.test(prefix + v) || pathOnly.test(prefix + v)) found.push(prefix + v);
  }
  return [...new Set(found)];
}

interface Visited {
  url: string;
  who: string;
  loaded: Loaded[];
}

const answered = (loaded: Loaded[]) => loaded.every((l) => l.outcome === "200" || l.outcome === "no loader");

/** How many of a page's links are opened: which rows a list shows first varies with the demo's random ids. */
const LINKS_OPENED = 12;

/**
 * Opens a catalogue page, then the links of its data the page names (`follow`), each that answers, up
 * to LINKS_OPENED, and from each of those the links `then` names: every detail of a list, every document
 * of a detail, so what is read does not depend on which row comes first.
 */
async function visit(page: PageSpec, email: string | null): Promise<Visited[]> {
  const who = email ?? "anonymous";
  const patterns = [page.follow, page.then].filter((p): p is RegExp => p !== undefined);
  /** Pages opened at each depth of links: each pattern must open one at least. */
  const opened = patterns.map(() => 0);
  const open = async (url: string, depth: number): Promise<Visited[]> => {
    const loaded = await load(url, email);
    const out: Visited[] = [{ url, who, loaded }];
    const pattern = patterns[depth];
    if (!pattern || !answered(loaded)) return out;
    let here = 0;
    for (const link of linksIn(
      loaded.map((l) => l.data),
      pattern,
      url,
    )) {
      if (here >= LINKS_OPENED) break;
      const next = await open(link, depth + 1);
      if (!answered(next[0].loaded)) continue;
      out.push(...next);
      here += 1;
    }
    opened[depth] += here;
    return out;
  };
  const out = await open(page.path, 0);
  patterns.forEach((pattern, depth) => {
    if (opened[depth] === 0) throw new Error(`${page.path} as ${who}: no link to ${pattern} in its data answered`);
  });
  return out;
}

// ---------------------------------------------------------------------------------------------------

describe("the self-check", () => {
  it("knows Indonesian interface words and not English ones", () => {
    expect(INDONESIAN_WORDS.size).toBeGreaterThan(500);
    expect(INDONESIAN_WORDS.has("permohonan")).toBe(true);
    expect(INDONESIAN_WORDS.has("application")).toBe(false);
  });

  it("flags an Indonesian sentence and a one-word Indonesian label in a fake loader's data, not English or names", () => {
    const fake = {
      title: "Application status",
      rows: [{ name: "Budi Santoso", note: "Dokumen belum lengkap, silakan unggah ulang." }],
      status: "Ditolak",
      code: "REG",
    };
    const flagged = stringsOf(fake).filter(([, s]) => indonesianIn(s).length > 0);
    expect(flagged.map(([at]) => at)).toEqual(["rows[].note", "status"]);
  });
});

describe("every page's loader data in English", () => {
  it("has no Indonesian interface text", async () => {
    const visited: Visited[] = [];
    for (const v of CATALOGUE) for (const page of v.pages) visited.push(...(await visit(page, v.email)));
    for (const extra of extras()) {
      const url = await extra.path();
      visited.push({ url, who: extra.email ?? "anonymous", loaded: await load(url, extra.email, await extra.cookie?.()) });
    }

    // Every route with a loader is reached, and every page's loader answers data at least once.
    const reached = new Map<string, Set<string>>();
    for (const v of visited) for (const l of v.loaded) reached.set(l.route.file, (reached.get(l.route.file) ?? new Set()).add(l.outcome));
    const withLoader: string[] = [];
    for (const route of flatten(ROOT)) if (await loaderOf(route.file)) withLoader.push(route.file);
    expect
      .soft(
        Object.keys(NOT_PAGES).filter((f) => !withLoader.includes(f)),
        "NOT_PAGES rows that are no route with a loader",
      )
      .toEqual([]);
    const gave = (f: string) => [...(reached.get(f) ?? [])].some((o) => (f in ONLY_REDIRECTS ? o.startsWith("redirect") : o === "200" || o === "404"));
    expect
      .soft(
        [...new Set(withLoader)].filter((f) => !(f in NOT_PAGES) && !gave(f)),
        "page routes whose loader gave no data on any visit",
      )
      .toEqual([]);

    const found: Record<string, string[]> = {};
    for (const v of visited) {
      for (const l of v.loaded) {
        for (const [at, text] of stringsOf(l.data)) {
          const module = l.route.file.replace(/^routes\//, "");
          const key = `${module} › ${at}`;
          if (indonesianIn(text).length === 0 || allowed(module, at)) continue;
          (found[key] ??= []).includes(text) || found[key].length >= 3 || found[key].push(text);
        }
      }
    }
    expect.soft(found).toEqual({});
    expect(
      Object.keys(ALLOWED).filter((k) => !used.has(k)),
      "allowed fields that hold no Indonesian any more: remove them",
    ).toEqual([]);
  }, 120_000);
});
