// The portal beside a same-framework baseline, in one interleaved run.
//   node bench/compare.mjs [--rows=100000] [--duration=10] [--connections=10] [--rounds=2] [--port=3351]
//                          [--pages=list,search,deep,home,login] [--deep=1800] [--database-url=… --term=…]
// On a throwaway PostgreSQL database (BENCH_DATABASE_URL, default the local server) with --rows
// applications (bench/review-list.mjs --prepare makes them), or on --database-url (one made before by
// `bench/review-list.mjs --prepare`, kept; --term is the search term it printed), it starts:
// - the portal's production build (server.ts, NODE_ENV=production);
// - the baseline, a plain Remix app written for this project (bench/baseline/server.mjs) that checks the
//   same cookie session and role, runs the portal's own SQL statements through a pg pool and renders the
//   same rows in the same columns (its README section says how it differs from a bare Remix page);
// - a node:http server sending each page's portal HTML as static bytes.
// For each page and round, the three are loaded one after the other (static, baseline, portal) with
// autocannon; before and after each load it reads the server process's CPU time and every PostgreSQL
// process's from /proc, so it prints req/s, p50, p95, Node CPU ms and PostgreSQL CPU ms per request,
// and the portal's req/s as a ratio of the baseline's and of the static server's.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { cannon, fetchPage, machine, options, portalLogin, printTable, ROOT, startServer, throwawayDatabase } from "./lib.mjs";

const opt = options();
const ROWS = Number(opt("rows", 100_000));
const duration = Number(opt("duration", 10));
const connections = Number(opt("connections", 10));
const rounds = Number(opt("rounds", 2));
const port = Number(opt("port", 3351));
const pages = String(opt("pages", "list,search,deep,home,login")).split(",");
const deepPage = Number(opt("deep", 1800));
const APPLICANT = "nakes000001@bench.test";
const TICK_MS = 10; // /proc times are in clock ticks of 1/100 s

/** utime + stime of a process, in ms. */
function cpuOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) * TICK_MS;
}
/** utime + stime of the process's ended children it has waited for (cutime + cstime), in ms. */
function childrenCpuOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[13]) + Number(f[14])) * TICK_MS;
}
/**
 * Every PostgreSQL process's CPU time together (the backends serving the pools, the writers, …), in ms,
 * with the backends that ended meanwhile (a pool closing an idle connection): the postmaster, their
 * parent, holds their time once it has reaped them.
 */
function postgresCpu() {
  let total = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres") total += cpuOf(pid) + childrenCpuOf(pid);
    } catch {
      // the process ended between the listing and the read
    }
  }
  return total;
}

function run(cmd, args, env = {}) {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit", "ipc"] });
    let out = "";
    let message;
    p.stdout.on("data", (d) => (out += d));
    p.on("message", (m) => (message = m));
    p.on("exit", (code) => (code === 0 ? resolve({ out, message }) : reject(new Error(`${args.join(" ")} exited ${code}`))));
  });
}

async function startBaseline(env) {
  const p = spawn(process.execPath, ["bench/baseline/server.mjs"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise((resolve) => p.once("exit", resolve));
  await new Promise((resolve, reject) => {
    p.once("message", resolve);
    p.once("exit", (code) => reject(new Error(`baseline exited ${code}`)));
  });
  return { p, exited };
}

async function main() {
  const { ensureBuild } = await import("../scripts/build-if-needed.mjs");
  process.chdir(ROOT);
  await ensureBuild();
  const given = opt("database-url", undefined);
  const { url: databaseUrl, drop } = given ? { url: given, drop: async () => {} } : await throwawayDatabase("adaptasi_bench_compare");
  const work = mkdtempSync(path.join(tmpdir(), "adaptasi-bench-compare-"));
  const servers = [];
  try {
    let prepared;
    if (given) {
      const term = String(opt("term", ""));
      const { default: pg } = await import("pg");
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const { rows } = await client.query("select count(*)::int as n from applications where search_text like $1", [`%${term.toLowerCase()}%`]);
      await client.end();
      prepared = { term, termRows: rows[0].n };
    } else {
      console.log(`generating ${ROWS.toLocaleString("en")} applications…`);
      ({ message: prepared } = await run(process.execPath, [
        "--import",
        "tsx",
        "bench/review-list.mjs",
        "--prepare",
        `--rows=${ROWS}`,
        `--database-url=${databaseUrl}`,
      ]));
    }
    const { out } = await run(process.execPath, ["--import", "tsx", "bench/baseline/capture.ts", databaseUrl, prepared.term, APPLICANT, String(deepPage)]);
    const queries = JSON.parse(out);
    writeFileSync(path.join(work, "queries.json"), JSON.stringify(queries));

    const portal = await startServer({ port, dataDir: work, databaseUrl });
    servers.push(portal);
    const baseline = await startBaseline({
      PORT: String(port + 1),
      DATABASE_URL: databaseUrl,
      BASELINE_QUERIES: path.join(work, "queries.json"),
      SESSION_SECRET: "bench-baseline-secret",
    });
    servers.push(baseline);
    const portalBase = `http://127.0.0.1:${port}`;
    const baseBase = `http://127.0.0.1:${port + 1}`;
    const cookies = { admin: await portalLogin(portalBase, "admin@adaptasi.test"), applicant: await portalLogin(portalBase, APPLICANT) };
    // The baseline's session names the user and the login the portal's form just made (bench/baseline/server.mjs).
    const baseCookie = async (email) => {
      const res = await fetch(`${baseBase}/login-as?email=${encodeURIComponent(email)}`, { redirect: "manual" });
      return res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    };
    const baseCookies = { admin: await baseCookie("admin@adaptasi.test"), applicant: await baseCookie(APPLICANT) };
    const search = `/application-list?q=${encodeURIComponent(prepared.term)}`;
    const PAGES = {
      list: { path: "/application-list", who: "admin", label: "/application-list" },
      search: { path: search, who: "admin", label: `/application-list?q=… (${prepared.termRows} rows)` },
      deep: { path: `/application-list?tab=all&page=${deepPage}`, who: "admin", label: `/application-list?tab=all&page=${deepPage}` },
      home: { path: "/", who: "applicant", label: "/ (applicant)" },
      login: { path: "/login", who: null, label: "/login" },
    };

    const results = [];
    for (const name of pages) {
      const page = PAGES[name];
      const html = await fetchPage(portalBase, page.path, page.who && cookies[page.who]);
      await fetchPage(baseBase, page.path, page.who && baseCookies[page.who]);
      const staticServer = createServer((_req, res) => {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": html.length });
        res.end(html);
      });
      await new Promise((resolve) => staticServer.listen(port + 2, "127.0.0.1", resolve));
      const targets = [
        { name: "static", url: `http://127.0.0.1:${port + 2}/`, headers: {}, pid: process.pid },
        { name: "baseline", url: baseBase + page.path, headers: page.who ? { cookie: baseCookies[page.who] } : {}, pid: baseline.p.pid },
        { name: "portal", url: portalBase + page.path, headers: page.who ? { cookie: cookies[page.who] } : {}, pid: portal.p.pid },
      ];
      // Warm-up, untimed: the first seconds of a page are JIT and pool start-up.
      for (const t of targets.slice(1)) await cannon(t.url, { connections, duration: 3, headers: t.headers });
      for (let round = 1; round <= rounds; round++) {
        const row = { page: page.label, round };
        for (const t of targets) {
          const load = loadavg()[0];
          const node0 = t.name === "static" ? 0 : cpuOf(t.pid);
          const pg0 = postgresCpu();
          const r = await cannon(t.url, { connections, duration, headers: t.headers });
          const requests = r.rps * duration;
          row[t.name] = { ...r, load, nodeMs: t.name === "static" ? NaN : (cpuOf(t.pid) - node0) / requests, pgMs: (postgresCpu() - pg0) / requests };
          console.log(`  ${page.label} round ${round} ${t.name}: ${r.rps.toFixed(0)} req/s, p95 ${r.p95.toFixed(1)} ms`);
        }
        results.push(row);
      }
      staticServer.close();
    }

    console.log(
      `\nportal vs baseline — ${ROWS.toLocaleString("en")} applications on PostgreSQL, ${connections} connections × ${duration} s, ${rounds} rounds, interleaved; ${machine()}`,
    );
    const head = ["page", "rnd", "server", "req/s", "p50 ms", "p95 ms", "Node CPU ms/req", "PG CPU ms/req", "load"];
    const rows = [];
    for (const r of results) {
      for (const t of ["static", "baseline", "portal"]) {
        const m = r[t];
        rows.push([
          r.page,
          r.round,
          t,
          m.rps.toFixed(0),
          m.p50.toFixed(1),
          m.p95.toFixed(1),
          Number.isNaN(m.nodeMs) ? "—" : m.nodeMs.toFixed(2),
          m.pgMs.toFixed(2),
          m.load.toFixed(2),
        ]);
      }
    }
    printTable(head, rows, 3);
    console.log("\nratios (portal req/s ÷ baseline req/s, portal ÷ static; Node CPU per request, portal ÷ baseline):");
    printTable(
      ["page", "rnd", "vs baseline", "vs static", "portal p95 ms", "Node CPU vs baseline", "load"],
      results.map((r) => [
        r.page,
        r.round,
        `${(r.portal.rps / r.baseline.rps).toFixed(2)}×`,
        `${((r.portal.rps / r.static.rps) * 100).toFixed(1)} %`,
        r.portal.p95.toFixed(1),
        `${(r.portal.nodeMs / r.baseline.nodeMs).toFixed(2)}×`,
        r.portal.load.toFixed(2),
      ]),
      2,
    );
  } finally {
    await new Promise((r) => setTimeout(r, 2000));
    for (const s of servers.reverse()) {
      if (s.p.exitCode === null) s.p.kill("SIGTERM");
      await s.exited;
    }
    await drop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
