// Server speed of the pages the speed budget names, on the built portal with the demo data (DESIGN §7):
//   node bench/pages.mjs [--db=pglite|pg|both] [--duration=10] [--connections=10] [--warmup=3] [--port=3341]
// For each database: a first start on an empty store (migrations + demo seed, NODE_ENV=test, as
// `npm start` does), then the production start on the same data — "cold start" is spawn → first
// 200 of /login. autocannon (loopback) then loads /login, the applicant's / and /application-status,
// and the Admin's /application-list, each beside a plain node:http server sending the same bytes.
// Each page is first loaded, untimed, for --warmup seconds, so the figures are those of a running
// server whose code is compiled (a start's first seconds are what "cold start" measures).
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { cannon, fetchPage, machine, options, portalLogin, printTable, ROOT, startServer, stopServer, throwawayDatabase } from "./lib.mjs";

const opt = options();
const DBS = { pg: ["pg"], pglite: ["pglite"], both: ["pglite", "pg"] }[opt("db", "both")];
if (!DBS) throw new Error("--db must be pglite, pg or both");
const duration = Number(opt("duration", 10));
const connections = Number(opt("connections", 10));
const warmup = Number(opt("warmup", 3));
let port = Number(opt("port", 3341));

/**
 * The pages and who looks at them (demo accounts, password Adaptasi#2026). The demo applications
 * exist on the embedded store only; on PostgreSQL the applicant without an application stands in.
 */
const PAGES = [
  { path: "/login", who: [] },
  { path: "/", who: ["pemohon.demo01@adaptasi.test", "pemohon@adaptasi.test"] },
  { path: "/application-status", who: ["pemohon.demo03@adaptasi.test", "pemohon@adaptasi.test"] },
  { path: "/application-list", who: ["admin@adaptasi.test"] },
];

/** The first of the accounts that can log in: its e-mail and session cookie. */
async function firstLogin(base, emails) {
  for (const email of emails) {
    const cookie = await portalLogin(base, email).catch(() => null);
    if (cookie) return { email, cookie };
  }
  throw new Error(`none of ${emails.join(", ")} could log in`);
}
const TARGET = { p95: 50, ratio: 0.3 };

process.chdir(ROOT);
const { ensureBuild } = await import("../scripts/build-if-needed.mjs");
await ensureBuild();

const rows = [];
const starts = [];
for (const kind of DBS) {
  const label = kind === "pg" ? "PostgreSQL" : "PGlite";
  const dataDir = mkdtempSync(path.join(tmpdir(), "adaptasi-bench-pages-"));
  const db = kind === "pg" ? await throwawayDatabase("adaptasi_bench_pages") : null;
  let server;
  try {
    const first = await startServer({ port, dataDir, databaseUrl: db?.url, nodeEnv: "test", seedDemo: true, readyPath: "/login" });
    await stopServer(first);
    server = await startServer({ port, dataDir, databaseUrl: db?.url, secrets: first.secrets, readyPath: "/login" });
    starts.push([label, first.startMs.toFixed(0), server.startMs.toFixed(0)]);
    const base = `http://127.0.0.1:${port}`;
    for (const page of PAGES) {
      const { email, cookie } = page.who.length > 0 ? await firstLogin(base, page.who) : { email: "tamu", cookie: undefined };
      const headers = { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) };
      const html = await fetchPage(base, page.path, cookie);
      // The same bytes from a server that does nothing else: the ceiling this machine allows.
      const plain = createServer((_req, res) => {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": html.length });
        res.end(html);
      });
      await new Promise((resolve) => plain.listen(port + 1, "127.0.0.1", resolve));
      try {
        if (warmup > 0) await cannon(base + page.path, { connections, duration: warmup, headers });
        const load = loadavg()[0];
        const still = await cannon(`http://127.0.0.1:${port + 1}/`, { connections, duration, headers: {} });
        const real = await cannon(base + page.path, { connections, duration, headers });
        rows.push({ label, page, email, real, still, load });
        console.log(
          `[${label}] ${page.path}: p50 ${real.p50.toFixed(1)} ms, p95 ${real.p95.toFixed(1)} ms, ${real.rps.toFixed(0)} req/s (static ${still.rps.toFixed(0)} req/s)`,
        );
      } finally {
        plain.close();
      }
    }
  } finally {
    await new Promise((r) => setTimeout(r, 2000));
    if (server) await stopServer(server);
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  port += 2;
}

console.log(`\npages — autocannon ${connections} connections × ${duration} s on loopback, after ${warmup} s of warm-up per page; ${machine()}`);
printTable(
  ["database", "page", "as", "p50 ms", "p95 ms", "req/s", "static req/s", "ratio", "load", "targets"],
  rows.map(({ label, page, email, real, still, load }) => {
    const ratio = real.rps / still.rps;
    return [
      label,
      page.path,
      email,
      real.p50.toFixed(1),
      real.p95.toFixed(1),
      real.rps.toFixed(0),
      still.rps.toFixed(0),
      ratio.toFixed(2),
      load.toFixed(1),
      real.p95 <= TARGET.p95 && ratio >= TARGET.ratio ? "met" : "NOT met",
    ];
  }),
  3,
);
console.log("\ncold start, spawn → first 200 of /login (ms)");
printTable(["database", "first start (migrate + demo seed)", "production start"], starts, 1);
