import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import {
  actionMatrix,
  API_ROWS,
  apiMatrix,
  apiRoster,
  expectedLocation,
  portalMatrix,
  PRINCIPALS,
  type ApiObject,
  type PortalCell,
  type PortalObject,
  type Principal,
} from "../oracle/access";
import { linkFromMail } from "./accounts-fixtures";
import { ACCOUNTS, apiKey, DEMO_PASSWORD, type AccountKey } from "./fixtures";
import { activeApplicant, submittedApplication } from "./review-fixtures";
import { FACILITY_ADMIN, HOSPITAL } from "../fixtures/people";

// Access matrix: every cell of tests/oracle/access.ts — every portal route and every API endpoint × every
// principal — against the running portal and API, without following redirects. All differences are collected
// and reported at once. No browser: one request context (its own cookie jar) per principal.

const API = "/api/v1";
const SESSION_COOKIE = "__session";
/** An id that names nothing, for calls that would change data if they were allowed. */
const NO_UUID = "00000000-0000-4000-8000-000000000000";
const NO_NUMBER = "999999";

interface Credentials {
  email: string;
  password: string;
}

const DEMO: Partial<Record<Principal, AccountKey>> = {
  role1: "superadmin",
  role2: "admin",
  role4: "subkomite",
  role5: "pembekalan",
  role6: "kolegium",
  role7: "kki",
  role8: "fasyankes",
  role8u: "fasyankesBaru",
};

const keyHeaders = (token?: string) => ({ "x-adaptasiapikey": apiKey(), ...(token ? { authorization: `Bearer ${token}` } : {}) });

async function json<T>(res: APIResponse, status = 200): Promise<T> {
  expect(res.status(), `${res.url()} → ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

async function apiLogin(request: APIRequestContext, who: Credentials): Promise<string> {
  const body = await json<{ token: { token: string } }>(
    await request.post(`${API}/login`, { headers: keyHeaders(), data: { email: who.email, password: who.password } }),
  );
  return body.token.token;
}

/** A second, verified facility admin (signed up, activated, data sent, approved by the Admin), all through the API. */
async function otherFacility(request: APIRequestContext, adminToken: string): Promise<Credentials> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const who = { email: `faskes.matrix.${id}@contoh.test`, password: "Awal#Sandi2026" };
  await json(
    await request.post(`${API}/register/facility`, {
      headers: keyHeaders(),
      data: {
        facility_name: "RS Matriks Akses",
        ...HOSPITAL,
        contact_email: "",
        ...FACILITY_ADMIN,
        email: who.email,
        password: who.password,
        password_confirmation: who.password,
      },
    }),
    201,
  );
  const link = await linkFromMail(who.email, "activation");
  await json(
    await request.post(`${API}/account/activate`, { headers: keyHeaders(), data: { token: new URL(link, "http://portal").searchParams.get("token") } }),
  );
  const token = await apiLogin(request, who);
  const positions = await json<{ data: Array<{ id: number }> }>(await request.get(`${API}/me/facility/position-options`, { headers: keyHeaders(token) }));
  await json(
    await request.put(`${API}/me/facility`, {
      headers: keyHeaders(token),
      data: {
        facility_name: "RS Matriks Akses",
        ...HOSPITAL,
        contact_email: "sdm@matriks.test",
        admin_nik: "3175011203850001",
        admin_phone: "081298765432",
        position_id: positions.data[0].id,
      },
    }),
  );
  const me = await json<{ data: { id: string } }>(await request.get(`${API}/admin/get-me`, { headers: keyHeaders(token) }));
  await json(await request.post(`${API}/admin/facilities/${me.data.id}/verify`, { headers: keyHeaders(adminToken), data: { decision: "APPROVE" } }));
  return who;
}

/** The first document version of an application, as its reviewer detail lists it. */
async function firstFile(request: APIRequestContext, token: string, applicationId: string): Promise<string> {
  const detail = await json<{ data: { documents: Array<{ versions: Array<{ file_id: string }> }> } }>(
    await request.get(`${API}/review/applications/${applicationId}`, { headers: keyHeaders(token) }),
  );
  const file = detail.data.documents.flatMap((d) => d.versions)[0];
  expect(file, `a document of ${applicationId}`).toBeTruthy();
  return file.file_id;
}

const firstId = async (request: APIRequestContext, token: string, path: string, pick: (body: any) => unknown = (b) => b.data[0]?.id): Promise<string> => {
  const id = pick(await json(await request.get(`${API}${path}`, { headers: keyHeaders(token) })));
  expect(id, `an id from ${path}`).toBeTruthy();
  return String(id);
};

function sessionCookies(res: APIResponse): string[] {
  return res
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith(`${SESSION_COOKIE}=`))
    .map((h) => h.value);
}

const clearsSession = (res: APIResponse) => sessionCookies(res).some((c) => /^__session=;|max-age=0|expires=thu, 01 jan 1970/i.test(c));

/** Runs `jobs` with at most `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await run(items[next++]);
    }),
  );
}

test("access matrix: every route and endpoint × every principal", async ({ playwright, request, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== "nojs", "one walk is enough: no browser is involved");
  // About 40 s on a quiet machine (2 cores); generous for a machine busy with the rest of the suite
  test.setTimeout(360_000);
  const started = Date.now();

  // ── The principals and the objects they own ────────────────────────────────────────────────────────
  const creds: Partial<Record<Principal, Credentials>> = {};
  for (const [p, key] of Object.entries(DEMO) as [Principal, AccountKey][]) creds[p] = { email: ACCOUNTS[key].email, password: DEMO_PASSWORD };
  const superToken = await apiLogin(request, creds.role1!);
  const adminToken = await apiLogin(request, creds.role2!);
  const [owner, other, facility] = await Promise.all([
    submittedApplication(request, testInfo, "REG", "dr. Pemilik Berkas"),
    activeApplicant(request, testInfo, "REG", "dr. Pemohon Lain"),
    otherFacility(request, adminToken),
  ]);
  creds.role3 = { email: owner.person.email, password: owner.person.password };
  creds.otherApplicant = { email: other.person.email, password: other.person.password };
  creds.otherFacility = facility;

  const facilityApplication = await firstId(request, superToken, "/review/applications?tab=all&q=pemohon.demo14@adaptasi.test");
  const objects: Record<PortalObject, string> & Record<ApiObject, string> = {
    application: owner.id,
    applicantFile: await firstFile(request, superToken, owner.id),
    facilityFile: await firstFile(request, superToken, facilityApplication),
    user: await firstId(request, superToken, "/admin/users"),
    specialization: await firstId(request, superToken, "/admin/specializations"),
    institution: await firstId(request, superToken, "/admin/institutions"),
    position: await firstId(request, adminToken, "/admin/positions"),
    announcement: await firstId(request, adminToken, "/admin/cms", (b) => b.data.announcements[0]?.id),
    testSchedule: await firstId(request, adminToken, "/admin/cms", (b) => b.data.test_schedules[0]?.id),
    facilityAdmin: await firstId(request, adminToken, "/admin/facilities"),
    activityKind: await firstId(request, superToken, "/activity-kinds"),
    registration: facilityApplication,
    none: NO_NUMBER,
  };

  const mismatches: string[] = [];
  let checked = 0;

  // ── Portal: one cookie jar per principal, logged in through the real form ─────────────────────────────
  // Page loads, plus every refusal again as a POST to the page's action
  const portalCells = [...portalMatrix(), ...actionMatrix()];
  const byPrincipal = new Map<Principal, PortalCell[]>(PRINCIPALS.map((p) => [p, portalCells.filter((c) => c.principal === p)]));

  const walkPortal = async (principal: Principal) => {
    const ctx = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    const who = creds[principal];
    let loggedIn = false;
    const login = async () => {
      const res = await ctx.post("/login", { form: { email: who!.email, password: who!.password, redirectTo: "" }, maxRedirects: 0 });
      expect(res.status(), `${principal} logs in: ${await res.text()}`).toBe(302);
      expect(sessionCookies(res).length, `${principal} gets a session`).toBeGreaterThan(0);
      loggedIn = true;
    };
    try {
      for (const cell of byPrincipal.get(principal)!) {
        if (who && !loggedIn) await login();
        const id = cell.object ? encodeURIComponent(objects[cell.object]) : "";
        const url =
          cell.route === "/*" ? "/halaman-yang-tidak-ada" : cell.route.replace(/:\w+\??/, id).replace(":docId", "1") + (cell.search ?? "").replace(":id", id);
        const send = () => (cell.method === "POST" ? ctx.post(url, { form: {}, maxRedirects: 0 }) : ctx.get(url, { maxRedirects: 0 }));
        const wantLocation = expectedLocation(cell.expected, principal, url);
        let res = await send();
        if (who && cell.expected !== "login" && res.headers()["location"]?.startsWith("/login?")) {
          // Other specs share the demo accounts; a KELUAR there ends every session of the account. Log in again.
          await login();
          res = await send();
        }
        const status = res.status();
        const location = res.headers()["location"] ?? null;
        const wantStatus = wantLocation ? 302 : { allow: 200, invalid: 400, notFound: 404, forbidden: 403 }[cell.expected as "allow"];
        const cleared = clearsSession(res);
        // Only a refusal on a guarded page logs a user out; then the session must really be gone.
        const wantCleared = Boolean(who) && cell.expected === "welcome";
        checked++;
        if (status !== wantStatus || location !== wantLocation || (wantCleared && !cleared)) {
          mismatches.push(
            `portal ${cell.method} ${cell.route}${cell.search ?? ""}${cell.object ? ` [${cell.object}]` : ""} as ${principal}: expected ${cell.expected} (${wantStatus}${wantLocation ? ` → ${wantLocation}` : ""}${wantCleared ? ", logged out" : ""}), got ${status}${location ? ` → ${location}` : ""}${cleared ? ", logged out" : ""}`,
          );
        }
        if (cleared) loggedIn = false;
      }
    } finally {
      await ctx.dispose();
    }
  };

  // ── API: one token per principal ─────────────────────────────────────────────────────────────────────
  const openapi = await json<{ paths: Record<string, Record<string, unknown>> }>(await request.get(`${API}/openapi.json`));
  const documented = Object.entries(openapi.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.slice(API.length)}`))
    .sort();
  expect(apiRoster(), "every endpoint of openapi.json has a row in tests/oracle/access.ts API_ROWS, and no row is stale").toEqual(documented);

  const apiCells = apiMatrix();
  const walkApi = async (principal: Principal) => {
    const who = creds[principal];
    let token = who ? await apiLogin(request, who) : undefined;
    for (const cell of apiCells.filter((c) => c.principal === principal)) {
      const id = cell.object === "none" ? (cell.path.startsWith("/admin/users/") ? NO_UUID : NO_NUMBER) : cell.object ? objects[cell.object] : "";
      const path = cell.path.replace("{id}", encodeURIComponent(id)).replace("{requirementId}", "1").replace("{requestId}", NO_NUMBER);
      const write = cell.method !== "GET";
      const send = () =>
        request.fetch(`${API}${path}`, { method: cell.method, headers: keyHeaders(token), ...(write ? { data: cell.body ?? {} } : {}), maxRedirects: 0 });
      let res = await send();
      if (who && res.status() === 401 && cell.expected !== "unauthorized") {
        // The session may have been ended by another spec logging the same demo account out everywhere.
        token = await apiLogin(request, who);
        res = await send();
      }
      const status = res.status();
      const got = status === 401 ? "unauthorized" : status === 403 ? "forbidden" : status === 404 ? "notFound" : status >= 500 ? `error ${status}` : "allow";
      checked++;
      if (got !== cell.expected)
        mismatches.push(
          `api ${cell.method} ${cell.path}${cell.object ? ` [${cell.object}]` : ""} as ${principal}: expected ${cell.expected}, got ${status} (${got})`,
        );
    }
  };

  await pool(PRINCIPALS, PRINCIPALS.length, async (p) => {
    await walkApi(p);
    await walkPortal(p);
  });

  console.log(
    `access matrix: ${checked} cells checked (${portalCells.length} portal, ${apiCells.length} API over ${API_ROWS.length} endpoints) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  expect(mismatches, `${mismatches.length} of ${checked} cells differ from tests/oracle/access.ts`).toEqual([]);
});
