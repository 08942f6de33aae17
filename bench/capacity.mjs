// Capacity on 100,000 applications: what a full CSV export costs the process, and what a deep page
// of the review list costs against the first.
//   node bench/capacity.mjs [--rows=100000] [--database-url=postgres://…/db] [--keep] [--port=3441]
//                           [--repeat=31] [--deep=3000] [--filter-deep=1600] [--slow-kbps=0] [--load-seconds=10]
//   node bench/capacity.mjs --db=pglite [--data-dir=…] [--keep] …
// On PostgreSQL by default: without --database-url it makes a throwaway database on BENCH_DATABASE_URL and
// fills it as bench/review-list.mjs --prepare does (dropped after unless --keep); with it, it reuses a
// database filled that way. --db=pglite fills a temporary DATA_DIR (or reuses --data-dir), so the embedded
// database's memory is the server's.
// The server is the production build (server.ts, NODE_ENV=production), the Admin (role 2) logged in
// through the portal's own form.
// - Export: the server process's resident memory (VmRSS from /proc, sampled every 5 ms, and VmHWM after
//   resetting it) during one full export of /application-list/export?tab=all, then two at once. Growth
//   is the peak above the RSS just before. Each export is read to its end and its rows counted.
// - Deep page: the median and p90 of --repeat sequential requests of page 1 and of page --deep, taken in
//   turns (a machine slowing down slows all alike), the portal's page and the API's JSON behind it, for
//   the default order of the "all" tab and for a filter (jalur=REG, sorted by name). The deep page is
//   taken twice: typed by hand (?page=N) and as the pager's own link from the page before it.
// - --slow-kbps=N reads each export no faster than N KiB/s, as a slow client would.
// - Then the peak RSS under page load (autocannon, 10 connections × --load-seconds of the list), without
//   and with an export running beside it: what an instance needs.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { apiToken, cannon, machine, options, portalLogin, printTable, ROOT, startServer, stopServer, throwawayDatabase } from "./lib.mjs";

const opt = options();
const ROWS = Number(opt("rows", 100_000));
const port = Number(opt("port", 3441));
const repeat = Number(opt("repeat", 31));
const deep = Number(opt("deep", 3000));
const filterDeep = Number(opt("filter-deep", 1600));
const slowKbps = Number(opt("slow-kbps", 0));
const loadSeconds = Number(opt("load-seconds", 10));
const keep = opt("keep", false) === true;
const ADMIN = { email: "admin@adaptasi.test", password: "Adaptasi#2026" };
const MiB = 1024 * 1024;

/** A field of /proc/<pid>/status in bytes (VmRSS, VmHWM). */
function statusBytes(pid, field) {
  const m = readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
  return m ? Number(m[1]) * 1024 : NaN;
}

/** Resets the process's peak RSS (VmHWM) to its current RSS; false when the kernel refuses. */
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** GET through node:http, the body read (and counted) as it comes; `kbps` > 0 reads no faster than that. */
function download(url, headers, kbps = 0) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(url, { headers }, (res) => {
      let bytes = 0;
      let lines = 0;
      res.on("data", (chunk) => {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        if (kbps > 0) {
          // Pause for as long as this chunk takes at the given speed: the server must hold what it has not sent.
          res.pause();
          setTimeout(() => res.resume(), (chunk.length / (kbps * 1024)) * 1000);
        }
      });
      res.on("end", () => resolve({ status: res.statusCode, bytes, lines, ms: performance.now() - started }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Runs `work` while sampling the server's RSS; returns its result with the RSS before and the peak. */
async function withMemory(pid, work) {
  await sleep(1500); // let the previous work's garbage be collected and the RSS settle
  const before = statusBytes(pid, "VmRSS");
  const hwm = resetPeak(pid);
  let peak = before;
  const timer = setInterval(() => {
    const rss = statusBytes(pid, "VmRSS");
    if (rss > peak) peak = rss;
  }, 5);
  try {
    const result = await work();
    return { result, before, peak: Math.max(peak, hwm ? statusBytes(pid, "VmHWM") : 0), after: statusBytes(pid, "VmRSS") };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Each request of `targets` timed `n` times, interleaved (one of each, then again), after 5 untimed rounds:
 * a machine whose speed drifts (other work on it) slows every target alike.
 */
async function timedTogether(targets, n) {
  const times = targets.map(() => []);
  for (let round = -5; round < n; round++) {
    for (const [i, t] of targets.entries()) {
      const t0 = performance.now();
      await fetchOk(t.url, t.headers);
      if (round >= 0) times[i].push(performance.now() - t0);
    }
  }
  return times.map((list) => {
    list.sort((a, b) => a - b);
    return { p50: list[Math.floor(n / 2)], p90: list[Math.min(n - 1, Math.floor(n * 0.9))] };
  });
}

async function fetchOk(url, headers) {
  const res = await fetch(url, { headers, redirect: "manual" });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 300)}`);
  return body;
}

/** The href of the pager's "next" link in a list page's HTML. */
function nextHref(html) {
  const m = html.match(/<a [^>]*href="([^"]+)"[^>]*rel="next"/) ?? html.match(/<a [^>]*rel="next"[^>]*href="([^"]+)"/);
  if (!m) throw new Error("no next link on the page");
  return m[1].replace(/&amp;/g, "&");
}

function run(args) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "inherit", "inherit", "ipc"] });
    let message;
    p.on("message", (m) => (message = m));
    p.on("exit", (code) => (code === 0 ? resolve(message) : reject(new Error(`${args.join(" ")} exited ${code}`))));
  });
}

async function main() {
  const { ensureBuild } = await import("../scripts/build-if-needed.mjs");
  process.chdir(ROOT);
  await ensureBuild();
  const pglite = opt("db", "pg") === "pglite";
  let databaseUrl = pglite ? undefined : opt("database-url", undefined);
  let drop = async () => {};
  // PGlite keeps its files in the server's DATA_DIR (--data-dir reuses one filled before).
  const dataDir = opt("data-dir", undefined) ?? mkdtempSync(path.join(tmpdir(), "adaptasi-bench-capacity-"));
  const fresh = pglite ? !opt("data-dir", undefined) : !databaseUrl;
  if (!pglite && !databaseUrl) ({ url: databaseUrl, drop } = await throwawayDatabase("adaptasi_bench_capacity"));
  if (fresh) {
    console.log(`generating ${ROWS.toLocaleString("en")} applications…`);
    await run([
      "--import",
      "tsx",
      "bench/review-list.mjs",
      "--prepare",
      `--rows=${ROWS}`,
      ...(pglite ? [`--data-dir=${dataDir}`] : [`--database-url=${databaseUrl}`]),
    ]);
  }
  if (!pglite) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const {
      rows: [counts],
    } = await client.query("select count(*)::int as total, count(submitted_at)::int as submitted from applications");
    await client.end();
    console.log(`database: ${counts.total.toLocaleString("en")} applications, ${counts.submitted.toLocaleString("en")} submitted`);
  }
  const dbName = pglite ? "PGlite (in the server's process)" : "PostgreSQL";

  let server;
  try {
    server = await startServer({ port, dataDir, databaseUrl });
    const pid = server.p.pid;
    const base = `http://127.0.0.1:${port}`;
    const cookie = await portalLogin(base, ADMIN.email, ADMIN.password);
    const api = { "x-adaptasiapikey": server.apiKey, authorization: `Bearer ${await apiToken(base, server.apiKey, ADMIN)}` };
    const page = { cookie };
    await sleep(1500);
    const rssStarted = statusBytes(pid, "VmRSS");

    // --- Deep pages ---------------------------------------------------------------------------
    const lists = [
      { name: "all, default order (newest submission first)", search: "tab=all", deep },
      { name: "all, jalur=REG sorted by name", search: "tab=all&jalur=REG&sort=name", deep: filterDeep },
    ];
    const latency = [];
    for (const list of lists) {
      const first = `${base}/application-list?${list.search}`;
      const typed = `${first}&page=${list.deep}`;
      const linked = base + nextHref(await fetchOk(`${first}&page=${list.deep - 1}`, page));
      if (new URL(linked).searchParams.get("page") !== String(list.deep)) throw new Error(`the next link is not page ${list.deep}: ${linked}`);
      const apiFirst = `${base}/api/v1/review/applications?${list.search}`;
      const apiTyped = `${apiFirst}&page=${list.deep}`;
      // The API's own cursor of the page before (none before this change: the page number alone).
      const before = JSON.parse(await fetchOk(`${apiFirst}&page=${list.deep - 1}`, api));
      const apiLinked = before.cursors?.after ? `${apiTyped}&cursor=${before.cursors.after}` : apiTyped;
      const rowsOf = async (url, headers) => {
        const html = await fetchOk(url, headers);
        return html.match(/Menampilkan [\d.,]+–[\d.,]+ dari [\d.,]+ permohonan/)?.[0] ?? "?";
      };
      console.log(
        `${list.name}: page 1 "${await rowsOf(first, page)}", page ${list.deep} typed "${await rowsOf(typed, page)}", linked "${await rowsOf(linked, page)}"`,
      );
      const load = loadavg()[0];
      const [page1, typedT, linkedT, api1, apiTypedT, apiLinkedT] = await timedTogether(
        [
          { url: first, headers: page },
          { url: typed, headers: page },
          { url: linked, headers: page },
          { url: apiFirst, headers: api },
          { url: apiTyped, headers: api },
          { url: apiLinked, headers: api },
        ],
        repeat,
      );
      latency.push({ list: list.name, deep: list.deep, load, page1, typed: typedT, linked: linkedT, api1, apiTyped: apiTypedT, apiLinked: apiLinkedT });
    }

    // --- Export memory ------------------------------------------------------------------------
    const exportUrl = `${base}/application-list/export?tab=all`;
    // Warm-up: a small export and a list page, so the code is loaded and compiled before measuring.
    await download(`${base}/application-list/export?tab=all&jalur=OTH&stage=31`, page);
    // What one full export leaves in the database: which files it held (access_log_exports).
    const exportsSize = async () => {
      if (pglite) return NaN;
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return Number((await client.query("select pg_total_relation_size('access_log_exports') as n")).rows[0].n);
      } finally {
        await client.end();
      }
    };
    const exportsBefore = await exportsSize();
    const one = await withMemory(pid, () => download(exportUrl, page, slowKbps));
    const exportStored = (await exportsSize()) - exportsBefore;
    const again = await withMemory(pid, () => download(exportUrl, page, slowKbps));
    const two = await withMemory(pid, () => Promise.all([download(exportUrl, page, slowKbps), download(exportUrl, page, slowKbps)]));
    // Pages under load, then pages under load with an export running: the peak an instance reaches.
    const loadUrl = `${base}/application-list`;
    const loaded = await withMemory(pid, () => cannon(loadUrl, { connections: 10, duration: loadSeconds, headers: page }));
    const loadedExport = await withMemory(pid, () =>
      Promise.all([cannon(loadUrl, { connections: 10, duration: loadSeconds, headers: page }), download(exportUrl, page, 1024)]),
    );
    // The same with an export read as fast as it comes (the export's own pace is all that holds it back),
    // then the pages alone again: the ratio is taken against the mean of the two runs alone around it.
    const loadedFastExport = await withMemory(pid, () =>
      Promise.all([cannon(loadUrl, { connections: 10, duration: loadSeconds, headers: page }), download(exportUrl, page)]),
    );
    const loadedAgain = await withMemory(pid, () => cannon(loadUrl, { connections: 10, duration: loadSeconds, headers: page }));
    const alone = (loaded.result.rps + loadedAgain.result.rps) / 2;

    console.log(`\ncapacity — ${ROWS.toLocaleString("en")} applications on ${dbName}; ${machine()}; load ${loadavg()[0].toFixed(2)}`);
    const mib = (b) => (b / MiB).toFixed(1);
    console.log(`\nserver RSS: ${mib(rssStarted)} MiB started (one login, no page yet); ${mib(one.before)} MiB after the list pages below`);
    console.log(`\nCSV export (/application-list/export?tab=all, Admin)${slowKbps ? `, read at ${slowKbps} KiB/s` : ""}:`);
    const exportRows = [
      ["one export", one, [one.result]],
      ["one export, again", again, [again.result]],
      ["two at once", two, two.result],
    ].map(([name, m, results]) => [
      name,
      results.map((r) => `${r.status} ${(r.lines - 1).toLocaleString("en")}`).join(", "),
      results.map((r) => (r.bytes / MiB).toFixed(1)).join(", "),
      results.map((r) => (r.ms / 1000).toFixed(1)).join(", "),
      mib(m.before),
      mib(m.peak),
      mib(m.peak - m.before),
      mib(m.after),
    ]);
    printTable(["export", "status, rows", "MiB sent", "seconds", "RSS before MiB", "peak MiB", "growth MiB", "after MiB"], exportRows, 2);
    console.log(
      `\nwhat one full export stored in access_log_exports (table, TOAST and indexes): ${Number.isNaN(exportStored) ? "n/a (PGlite)" : `${(exportStored / 1e6).toFixed(2)} MB`}`,
    );
    console.log(`\nUnder load (autocannon, 10 connections × ${loadSeconds} s of ${loadUrl.slice(base.length)}, Admin):`);
    const loadRow = (name, m, r, exportResult) => [
      name,
      r.rps.toFixed(1),
      (r.rps / alone).toFixed(2),
      r.p95.toFixed(1),
      exportResult ? `${(exportResult.ms / 1000).toFixed(1)} s` : "",
      mib(m.before),
      mib(m.peak),
      mib(m.peak - m.before),
    ];
    printTable(
      ["load", "req/s", "÷ pages alone", "p95 ms", "export took", "RSS before MiB", "peak MiB", "growth MiB"],
      [
        loadRow("pages", loaded, loaded.result),
        loadRow("pages and one export read at 1 MiB/s", loadedExport, loadedExport.result[0], loadedExport.result[1]),
        loadRow("pages and one export read at full speed", loadedFastExport, loadedFastExport.result[0], loadedFastExport.result[1]),
        loadRow("pages (again)", loadedAgain, loadedAgain.result),
      ],
      1,
    );

    console.log(
      `\nList pages (ms over ${repeat} sequential requests of each, interleaved, after 5 untimed rounds; the page is /application-list, the API GET /api/v1/review/applications):`,
    );
    printTable(
      ["list", "request", "p50 ms", "p90 ms", "÷ page 1 (p50)"],
      latency.flatMap((r) => [
        [r.list, "page 1", r.page1.p50.toFixed(1), r.page1.p90.toFixed(1), "1.00"],
        [r.list, `page ${r.deep}, typed (?page=${r.deep})`, r.typed.p50.toFixed(1), r.typed.p90.toFixed(1), (r.typed.p50 / r.page1.p50).toFixed(2)],
        [r.list, `page ${r.deep}, the pager's link`, r.linked.p50.toFixed(1), r.linked.p90.toFixed(1), (r.linked.p50 / r.page1.p50).toFixed(2)],
        [r.list, "API page 1", r.api1.p50.toFixed(1), r.api1.p90.toFixed(1), "1.00"],
        [r.list, `API page ${r.deep}, typed`, r.apiTyped.p50.toFixed(1), r.apiTyped.p90.toFixed(1), (r.apiTyped.p50 / r.api1.p50).toFixed(2)],
        [
          r.list,
          `API page ${r.deep}, with page ${r.deep - 1}'s cursor`,
          r.apiLinked.p50.toFixed(1),
          r.apiLinked.p90.toFixed(1),
          (r.apiLinked.p50 / r.api1.p50).toFixed(2),
        ],
      ]),
      2,
    );
    console.log(`(load average before each list: ${latency.map((r) => r.load.toFixed(2)).join(", ")})`);
  } finally {
    if (server) await stopServer(server);
    if (keep) console.log(`kept: ${pglite ? `--data-dir=${dataDir}` : databaseUrl}`);
    else {
      if (fresh || !pglite) rmSync(dataDir, { recursive: true, force: true });
      await drop();
    }
  }
}

await main();
