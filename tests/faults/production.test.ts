import { rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiClient,
  DEMO_PASSWORD,
  ensureBuild,
  INTERNALS,
  portalLogin,
  PRODUCTION_MAIL,
  spawnServer,
  startServer,
  stopServer,
  strongSecret,
  strongSecrets,
  tempDir,
  type Running,
} from "./server";

// Production start and request security on the real production process: weak or missing
// secrets stop it with one line; demo data is never seeded; errors show no internals; every HTML
// response carries the CSP with its nonce, HSTS and nosniff; session cookies are HttpOnly, SameSite
// and Secure; cross-origin POSTs are refused; logout ends every session of the account.

const dirs: string[] = [];
const dir = (name: string) => {
  const d = tempDir(name);
  dirs.push(d);
  return d;
};
let running: Running | undefined;

beforeAll(async () => {
  await ensureBuild();
}, 240_000);

afterAll(async () => {
  await stopServer(running, "SIGKILL");
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("production start", () => {
  const good = strongSecrets();
  const cases: Array<[string, Record<string, string | undefined>, RegExp]> = [
    ["API_KEY missing", { ...good, API_KEY: undefined }, /API_KEY/],
    ["SESSION_SECRET short", { ...good, SESSION_SECRET: "s3cr3t-but-much-too-short" }, /SESSION_SECRET/],
    ["SESSION_SECRET a known demo value", { ...good, SESSION_SECRET: "test-jwt-secret-at-least-32-characters" }, /SESSION_SECRET/],
    ["JWT_SECRET of one repeated character", { ...good, JWT_SECRET: "a".repeat(64) }, /JWT_SECRET/],
    ["every secret missing", {}, /API_KEY, SESSION_SECRET, JWT_SECRET are missing or weak/],
  ];

  it.each(cases)(
    "stops with one clear line when %s",
    async (_label, secrets, names) => {
      const p = spawnServer({ NODE_ENV: "production", PORT: "3374", DATA_DIR: dir("weak"), ...PRODUCTION_MAIL, ...secrets });
      const code = await p.exited;
      expect(code).not.toBe(0);
      const lines = p.stderr().trim().split("\n");
      expect(lines, p.stderr()).toHaveLength(1);
      expect(lines[0]).toMatch(/^adaptasi: .*missing or weak/);
      expect(lines[0]).toMatch(names);
      expect(lines[0]).not.toContain(String(secrets.SESSION_SECRET ?? "\u0000")); // never echoes the value
    },
    60_000,
  );

  // Without a mail server the activation and reset links would only be written to the outbox.
  it.each([
    ["SMTP_URL and PUBLIC_URL are missing", {}, /^adaptasi: SMTP_URL, PUBLIC_URL are missing: /],
    ["SMTP_URL is missing", { PUBLIC_URL: PRODUCTION_MAIL.PUBLIC_URL }, /^adaptasi: SMTP_URL is missing: /],
    ["PUBLIC_URL is missing", { SMTP_URL: PRODUCTION_MAIL.SMTP_URL }, /^adaptasi: PUBLIC_URL is missing: /],
  ])(
    "stops with one clear line when %s",
    async (_label, mail, line) => {
      const p = spawnServer({ NODE_ENV: "production", PORT: "3374", DATA_DIR: dir("mail"), ...strongSecrets(), ...mail });
      expect(await p.exited).not.toBe(0);
      const lines = p.stderr().trim().split("\n");
      expect(lines, p.stderr()).toHaveLength(1);
      expect(lines[0]).toMatch(line);
    },
    60_000,
  );

  // A demo setting in production is a mistake to say at once, like a weak secret, not to ignore.
  it("stops with one clear line when asked for demo data", async () => {
    const p = spawnServer({ NODE_ENV: "production", PORT: "3374", DATA_DIR: dir("demo"), SEED_DEMO: "true", ...strongSecrets(), ...PRODUCTION_MAIL });
    expect(await p.exited).not.toBe(0);
    const lines = p.stderr().trim().split("\n");
    expect(lines, p.stderr()).toHaveLength(1);
    expect(lines[0]).toMatch(/^adaptasi: SEED_DEMO=true is a demo setting and NODE_ENV=production never seeds demo data: /);
  }, 60_000);

  it("seeds no demo data and no invented content, and shows no internals in errors", async () => {
    const dataDir = dir("empty");
    running = await startServer({ NODE_ENV: "production", PORT: "3375", DATA_DIR: dataDir, ...strongSecrets(), ...PRODUCTION_MAIL });
    const res = await fetch(`${running.base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: running.base },
      body: new URLSearchParams({ email: "admin@adaptasi.test", password: DEMO_PASSWORD, redirectTo: "" }),
    });
    expect(res.status).not.toBe(302);
    expect((await apiClient(running)("/login", { json: { email: "superadmin@adaptasi.test", password: DEMO_PASSWORD } })).status).toBe(401);

    // Errors: an unknown page, a malformed URL, broken JSON, an unknown API route, a bad file id.
    const api = apiClient(running);
    const answers = [
      await fetch(`${running.base}/tidak-ada`),
      await fetch(`${running.base}/application/%E0%A4%A`),
      await fetch(`${running.base}/api/v1/login`, {
        method: "POST",
        headers: { "x-adaptasiapikey": running.env.API_KEY, "content-type": "application/json" },
        body: "{",
      }),
      await api("/tidak-ada"),
      await api("/files/not-a-uuid"),
    ];
    for (const a of answers) {
      expect(a.status, a.url).toBeLessThan(500);
      expect(await a.text(), a.url).not.toMatch(INTERNALS);
    }
    await stopServer(running);
    running = undefined;

    const db = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
    try {
      const demo = await db.query<{ n: number }>(`select count(*)::int as n from users where email like '%@adaptasi.test'`);
      expect(demo.rows[0].n).toBe(0);
      for (const table of ["users", "applications", "test_schedules", "announcements"]) {
        const rows = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
        expect(rows.rows[0].n, table).toBe(0);
      }
      const requirements = await db.query<{ n: number }>(`select count(*)::int as n from document_requirements`);
      expect(requirements.rows[0].n).toBe(22);
    } finally {
      await db.close();
    }
  }, 120_000);
});

describe("request security in production", () => {
  it("CSP with nonce, HSTS, nosniff, cookie flags, cross-origin refusal, logout ends every session", async () => {
    const dataDir = dir("security");
    const secrets = { ...strongSecrets(), API_KEY: strongSecret() };
    const env = { PORT: "3376", DATA_DIR: dataDir, ...secrets, RATE_LIMIT_LOGIN_PER_ACCOUNT: "100" };
    const seeding = await startServer({ ...env, NODE_ENV: "test" }); // the demo accounts, as `npm start` does
    await stopServer(seeding);
    running = await startServer({ ...env, NODE_ENV: "production", ...PRODUCTION_MAIL });
    const base = running.base;

    // Every HTML response: public, error, logged-in.
    const cookieA = await portalLogin(running, "pemohon@adaptasi.test");
    const html = [
      await fetch(`${base}/login`),
      await fetch(`${base}/tidak-ada`),
      await fetch(`${base}/error`),
      await fetch(`${base}/`, { headers: { cookie: cookieA } }),
      await fetch(`${base}/application-status`, { headers: { cookie: cookieA } }),
    ];
    for (const res of html) {
      const body = await res.text();
      expect(res.headers.get("content-type"), res.url).toMatch(/^text\/html/);
      const csp = res.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, res.url).toBeTruthy();
      for (const d of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"]) expect(csp).toContain(d);
      expect(csp).not.toContain("unsafe-inline");
      // Every script of the page carries this response's nonce.
      const scripts = [...body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const s of scripts) expect(s, res.url).toContain(`nonce="${nonce}"`);
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
    // Two requests get two nonces.
    const n1 = (await fetch(`${base}/login`)).headers.get("content-security-policy");
    const n2 = (await fetch(`${base}/login`)).headers.get("content-security-policy");
    expect(n1).not.toBe(n2);

    // The session cookie: HttpOnly, SameSite=Lax, Secure in production, whole site.
    const login = await fetch(`${base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
      body: new URLSearchParams({ email: "pemohon@adaptasi.test", password: DEMO_PASSWORD, redirectTo: "" }),
    });
    expect(login.status).toBe(302);
    const setCookies = login.headers.getSetCookie();
    expect(setCookies.length).toBeGreaterThan(0);
    for (const c of setCookies) {
      expect(c).toMatch(/;\s*HttpOnly/i);
      expect(c).toMatch(/;\s*SameSite=Lax/i);
      expect(c).toMatch(/;\s*Secure/i);
      expect(c).toMatch(/;\s*Path=\//i);
    }
    const cookieB = setCookies.map((c) => c.split(";")[0]).join("; ");
    // The language cookie a first visit gets is Secure too.
    const lng = (await fetch(`${base}/login`)).headers.getSetCookie().find((c) => c.startsWith("lng="));
    expect(lng, "a first visit sets the language cookie").toBeTruthy();
    expect(lng).toMatch(/;\s*Secure/i);
    expect(lng).toMatch(/;\s*HttpOnly/i);

    // Cross-origin POSTs are refused on every action, logged in or not.
    for (const [p, cookie] of [
      ["/login", ""],
      ["/logout", cookieA],
      ["/profile", cookieA],
      ["/sign-up", ""],
    ] as const) {
      for (const origin of ["https://evil.example", "null"]) {
        const res = await fetch(`${base}${p}`, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded", origin, ...(cookie ? { cookie } : {}) },
          body: "email=x",
        });
        expect(res.status, `${p} from ${origin}`).toBe(403);
      }
    }
    // Without an Origin, a browser's cross-site Sec-Fetch-Site is refused too.
    const sfs = await fetch(`${base}/logout`, { method: "POST", redirect: "manual", headers: { "sec-fetch-site": "cross-site", cookie: cookieA } });
    expect(sfs.status).toBe(403);
    expect((await fetch(`${base}/`, { headers: { cookie: cookieA }, redirect: "manual" })).status).toBe(200); // still logged in

    // Logout in one browser ends every session of the account.
    expect((await fetch(`${base}/`, { headers: { cookie: cookieB }, redirect: "manual" })).status).toBe(200);
    const out = await fetch(`${base}/logout`, { method: "POST", redirect: "manual", headers: { origin: base, cookie: cookieB } });
    expect(out.status).toBe(302);
    const afterA = await fetch(`${base}/application-status`, { headers: { cookie: cookieA }, redirect: "manual" });
    expect(afterA.status, "the other browser's session is over").toBe(302);
    expect(afterA.headers.get("location")).toMatch(/^\/login/);
  }, 150_000);
});
