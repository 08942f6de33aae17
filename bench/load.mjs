// Load: many concurrent logged-in sessions browsing lists and status pages on loopback.
//   node bench/load.mjs [--sessions=500] [--duration=60] [--think=0] [--db=pglite|pg] [--port=3351]
// A first start on an empty store seeds the demo data (NODE_ENV=test, as `npm start` does); then the
// production start on the same data, with the login limits raised for the run. Every session is its own
// login through the portal's form (POST /login); the demo accounts are shared, many sessions each.
// Each virtual user loops over the pages of its role until the time is up:
//   applicant: /  →  /application-status
//   reviewer:  its list (/application-list for roles 2 and 4, /application for 5, 6, 7) → a detail page
// Prints requests served, errors (anything but 200, or a failed request: must be 0), p50/p95/p99.
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { machine, options, portalLogin, ROOT, startServer, stopServer, throwawayDatabase } from "./lib.mjs";

const opt = options();
const sessions = Number(opt("sessions", 500));
const duration = Number(opt("duration", 60));
const think = Number(opt("think", 0));
const port = Number(opt("port", 3351));
const dbKind = opt("db", "pglite");
if (!["pglite", "pg"].includes(dbKind)) throw new Error("--db must be pglite or pg");

const APPLICANTS = ["pemohon@adaptasi.test", ...Array.from({ length: 12 }, (_, i) => `pemohon.demo${String(i + 1).padStart(2, "0")}@adaptasi.test`)];
const REVIEWERS = [
  { email: "admin@adaptasi.test", list: "/application-list" },
  { email: "subkomite@adaptasi.test", list: "/application-list" },
  { email: "pembekalan@adaptasi.test", list: "/application" },
  { email: "kolegium@adaptasi.test", list: "/application" },
  { email: "kki@adaptasi.test", list: "/application" },
];

// One keep-alive connection per virtual user, as a browser tab would hold.
const agent = new http.Agent({ keepAlive: true, maxSockets: sessions + 10 });

/**
 * GET with the session cookie (uncompressed, so the end of the page can be checked); resolves with
 * the status, whether the page arrived whole (it ends with </html>, no part given up), the body if asked, the time taken.
 */
function get(base, p, cookie, keepBody = false) {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get(`${base}${p}`, { agent, headers: { cookie, accept: "text/html" } }, (res) => {
      const chunks = [];
      let tail = "";
      let aborted = false;
      res.setEncoding("utf8");
      res.on("data", (c) => {
        if (keepBody) chunks.push(c);
        // A part React gave up on (the render aborted, or a part failed) is <!--$!--> or a $RX(…) script.
        if (/<!--\$!-->|\$RX\(/.test(tail + c)) aborted = true;
        tail = (tail + c).slice(-64);
      });
      res.on("end", () =>
        resolve({ status: res.statusCode, whole: !aborted && tail.trimEnd().endsWith("</html>"), ms: performance.now() - started, body: chunks.join("") }),
      );
      res.on("error", (e) => resolve({ status: 0, ms: performance.now() - started, error: e.message }));
    });
    req.on("error", (e) => resolve({ status: 0, ms: performance.now() - started, error: e.message }));
  });
}

process.chdir(ROOT);
const { ensureBuild } = await import("../scripts/build-if-needed.mjs");
await ensureBuild();

const dataDir = mkdtempSync(path.join(tmpdir(), "adaptasi-bench-load-"));
const db = dbKind === "pg" ? await throwawayDatabase("adaptasi_bench_load") : null;
// The limits are per IP and per account; every session of this run comes from 127.0.0.1.
process.env.RATE_LIMIT_LOGIN_PER_IP = String(Math.max(1000, sessions * 4));
process.env.RATE_LIMIT_LOGIN_PER_ACCOUNT = String(Math.max(1000, sessions * 4));
let server;
try {
  const first = await startServer({ port, dataDir, databaseUrl: db?.url, nodeEnv: "test", seedDemo: true, readyPath: "/login" });
  await stopServer(first);
  server = await startServer({ port, dataDir, databaseUrl: db?.url, secrets: first.secrets, readyPath: "/login" });
  const base = `http://127.0.0.1:${port}`;

  // Which accounts can log in (the demo applications exist on the embedded store only).
  const applicants = [];
  for (const email of APPLICANTS)
    if (
      await portalLogin(base, email).then(
        () => true,
        () => false,
      )
    )
      applicants.push(email);
  if (applicants.length === 0) throw new Error("no applicant account could log in");
  // A detail page for each reviewer, from the first link of its list.
  const reviewers = [];
  for (const r of REVIEWERS) {
    const cookie = await portalLogin(base, r.email);
    const list = await get(base, `${r.list}?tab=all`, cookie, true);
    if (list.status !== 200) throw new Error(`${r.email} ${r.list}: ${list.status}`);
    const detail = new RegExp(`href="(${r.list}/[0-9a-f-]{36})"`).exec(list.body)?.[1];
    reviewers.push({ ...r, pages: detail ? [r.list, detail] : [r.list] });
  }

  // The sessions: three applicants for every two reviewers, each its own login.
  console.log(`logging in ${sessions} sessions…`);
  const loginStarted = performance.now();
  const users = Array.from({ length: sessions }, (_, i) =>
    i % 5 < 3
      ? { role: "applicant", email: applicants[i % applicants.length], pages: ["/", "/application-status"] }
      : (() => {
          const r = reviewers[(Math.floor(i / 5) * 2 + (i % 5) - 3) % reviewers.length];
          return { role: "reviewer", email: r.email, pages: r.pages };
        })(),
  );
  for (let i = 0; i < users.length; i += 8) {
    await Promise.all(users.slice(i, i + 8).map(async (u) => (u.cookie = await portalLogin(base, u.email))));
  }
  console.log(`  ${sessions} logins in ${((performance.now() - loginStarted) / 1000).toFixed(1)} s`);

  const latencies = [];
  const errors = [];
  const byPage = new Map();
  const load = loadavg()[0];
  const started = performance.now();
  const deadline = started + duration * 1000;
  await Promise.all(
    users.map(async (u, i) => {
      let n = i; // users start at different pages
      while (performance.now() < deadline) {
        const p = u.pages[n++ % u.pages.length];
        const r = await get(base, p, u.cookie);
        latencies.push(r.ms);
        const key = p.replace(/[0-9a-f-]{36}/, ":id");
        byPage.set(key, (byPage.get(key) ?? 0) + 1);
        if (r.status !== 200 || !r.whole) errors.push(`${u.email} ${p}: ${r.status !== 200 ? r.status || r.error : "page cut short"}`);
        if (think > 0) await new Promise((res) => setTimeout(res, think));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;

  console.log(
    `\nload: ${sessions} logged-in sessions (${users.filter((u) => u.role === "applicant").length} applicants, ${users.filter((u) => u.role === "reviewer").length} reviewers), ${duration} s, think ${think} ms, ${dbKind === "pg" ? "PostgreSQL" : "PGlite"}, production build on 127.0.0.1`,
  );
  console.log(`  ${machine()}, load average before ${load.toFixed(1)}`);
  console.log(`  requests served  ${latencies.length} (${(latencies.length / seconds).toFixed(1)} req/s)`);
  for (const [p, n] of [...byPage].sort()) console.log(`    ${p.padEnd(28)} ${n}`);
  console.log(`  errors           ${errors.length}`);
  console.log(`  latency ms       p50 ${pct(0.5).toFixed(0)}, p95 ${pct(0.95).toFixed(0)}, p99 ${pct(0.99).toFixed(0)}, max ${latencies.at(-1)?.toFixed(0)}`);
  for (const e of errors.slice(0, 10)) console.log(`    ${e}`);
  process.exitCode = errors.length === 0 ? 0 : 1;
} finally {
  agent.destroy();
  if (server) await stopServer(server);
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
