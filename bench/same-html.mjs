// The same pages from two portals on one database: one with every framework patch on, one with the named
// ones off (FRAMEWORK_PATCHES_OFF), compared byte for byte once each page's CSP nonce is set aside.
//   node bench/same-html.mjs --database-url=… --term=… [--off=lazy-handoff-stream,static-handler-match] [--port=3371]
// The database is one made by `bench/review-list.mjs --prepare` (its demo accounts and bench applicants).
// The pages: both review lists for each reviewing role (page 1, the other tab, a search, filters, a sort, a
// deep page, a refused query), a list's detail page (which hydrates), the single-fetch data of a list, the
// applicant's `/`, `/login`, and an address no route has. Exits 1 if any page differs.
import { options, portalLogin, startServer, stopServer } from "./lib.mjs";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const opt = options();
const databaseUrl = opt("database-url", undefined);
const term = String(opt("term", ""));
const off = String(opt("off", "lazy-handoff-stream,static-handler-match"));
const port = Number(opt("port", 3371));
if (!databaseUrl || !term) throw new Error("--database-url and --term are needed (bench/review-list.mjs --prepare makes the database)");

const dataDir = mkdtempSync(path.join(tmpdir(), "same-html-"));
// One set of secrets: a page's signed values (cookies, cursors) are the same on both.
const secret = () => randomBytes(32).toString("hex");
const secrets = { API_KEY: secret(), SESSION_SECRET: secret(), JWT_SECRET: secret() };
const on = await startServer({ port, dataDir, databaseUrl, secrets });
const without = await startServer({ port: port + 1, dataDir, databaseUrl, secrets, env: { FRAMEWORK_PATCHES_OFF: off } });
const bases = [`http://127.0.0.1:${port}`, `http://127.0.0.1:${port + 1}`];

/** The page's text with its nonce set aside, and its status and content type. */
async function fetchBoth(p, cookie) {
  return Promise.all(
    bases.map(async (base) => {
      const res = await fetch(base + p, { headers: cookie ? { cookie } : {}, redirect: "manual" });
      const text = await res.text();
      const csp = res.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      return {
        status: res.status,
        type: res.headers.get("content-type"),
        location: res.headers.get("location"),
        body: nonce ? text.replaceAll(nonce, "NONCE") : text,
      };
    }),
  );
}

const failures = [];
let compared = 0;
async function same(label, p, cookie) {
  const [a, b] = await fetchBoth(p, cookie);
  compared++;
  const differs = a.status !== b.status || a.type !== b.type || a.location !== b.location || a.body !== b.body;
  let at = 0;
  while (at < a.body.length && a.body[at] === b.body[at]) at++;
  console.log(
    `${differs ? "DIFFERS" : "same   "} ${String(a.status).padEnd(3)} ${String(a.body.length).padStart(7)} B  ${label}: ${p.length > 90 ? `${p.slice(0, 90)}…` : p}`,
  );
  if (differs) failures.push({ label, p, at, a: a.body.slice(Math.max(0, at - 80), at + 120), b: b.body.slice(Math.max(0, at - 80), at + 120) });
}

try {
  const quoted = encodeURIComponent(term);
  const reviewers = {
    "admin@adaptasi.test": "/application-list",
    "subkomite@adaptasi.test": "/application-list",
    "superadmin@adaptasi.test": "/application",
    "kolegium@adaptasi.test": "/application",
  };
  for (const [email, base] of Object.entries(reviewers)) {
    // A login on the first server: the session is the database's and the cookie signed with the shared secret.
    const cookie = await portalLogin(bases[0], email);
    const who = email.split("@")[0];
    await same(`${who}, page 1`, base, cookie);
    await same(`${who}, tab all`, `${base}?tab=all`, cookie);
    await same(`${who}, search`, `${base}?q=${quoted}`, cookie);
    await same(`${who}, filters`, `${base}?tab=all&jalur=REG&label=terlambat&sort=deadline&dir=asc`, cookie);
    await same(`${who}, deep page`, `${base}?tab=all&page=1800`, cookie);
    await same(`${who}, refused query`, `${base}?page=abc&sort=nothing&q=${"x".repeat(300)}`, cookie);
    await same(`${who}, data request`, `${base}.data?tab=all`, cookie);
    const list = (await fetchBoth(`${base}?tab=all`, cookie))[0].body;
    const detail = new RegExp(`href="(${base.replace("/", "\\/")}\\/[0-9a-f-]{36})"`).exec(list)?.[1];
    if (detail) await same(`${who}, a detail page (hydrates)`, detail, cookie);
  }
  const applicant = await portalLogin(bases[0], "nakes000001@bench.test");
  await same("applicant, workspace", "/", applicant);
  await same("anonymous, login", "/login");
  await same("anonymous, a list (redirect to login)", "/application-list");
  await same("anonymous, no such page", "/no/such/page");
} finally {
  await Promise.all([stopServer(on), stopServer(without)]);
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\n${compared} pages compared with FRAMEWORK_PATCHES_OFF=${off} against every patch on: ${failures.length} differ`);
for (const f of failures) console.log(`\n${f.label} (${f.p}) from character ${f.at}:\n  on:  ${JSON.stringify(f.a)}\n  off: ${JSON.stringify(f.b)}`);
process.exitCode = failures.length ? 1 : 0;
