// The reviewer's application list under load: 100,000 applications, the built portal, a real login.
//   npm run bench:review -- [--db=pg|pglite|both] [--duration=20] [--rows=100000] [--connections=10] [--port=3331] [--keep]
// Each database is fresh: PostgreSQL gets a throwaway database on BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), dropped after; PGlite a temporary DATA_DIR, removed
// after (--keep leaves both for EXPLAIN ANALYZE). The rows are made with INSERT … SELECT
// generate_series; their review-state columns come from domain/workflow.ts. The server is the
// production build (BUILD_DIR respected, built if missing) started as `node --import tsx server.ts`.
// autocannon runs on loopback against /application-list (admin, default tab), a search, the API
// behind them alone, and a plain node:http server sending the same HTML bytes, for scale.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { apiToken, cannon, fetchPage as page, options, portalLogin, ROOT, startServer, stopServer, throwawayDatabase } from "./lib.mjs";

const args = process.argv.slice(2);
const opt = options(args);
const ROWS = Number(opt("rows", 100_000));
const ADMIN = { email: "admin@adaptasi.test", password: "Adaptasi#2026" };

if (args.includes("--prepare")) {
  await prepare(opt("database-url", undefined), opt("data-dir", undefined));
} else {
  await main();
}

// ---------------------------------------------------------------------------------------------
// Child process (under tsx): migrate, demo accounts, then the bulk rows in SQL.

async function prepare(databaseUrl, dataDir) {
  const { sql } = await import("drizzle-orm");
  const { openDatabase } = await import("../api/db/client.ts");
  const { seedIfEmpty } = await import("../api/seed/index.ts");
  const { isClosed, openStage, stagesBefore, stagesOf } = await import("../domain/workflow.ts");

  const started = performance.now();
  const handle = await openDatabase({ databaseUrl, dataDir });
  await handle.migrate();
  await seedIfEmpty(handle.db, { demo: true }); // the accounts only: the demo applications need file storage
  const db = handle.db;
  const run = (query) => db.execute(typeof query === "string" ? sql.raw(query) : query);

  // Every (pathway, stage, status) a file can be in, with its denormalised columns from the workflow
  // rules, and a weight: most files are open somewhere, fewer closed, some still drafts.
  const states = [];
  const jalurWeight = { REG: 5, SPE: 3, OTH: 2 };
  for (const jalur of ["REG", "SPE", "OTH"]) {
    states.push({ jalur, stage: null, status: null, submitted: false, final: false, open: null, reached: [], weight: 8 * jalurWeight[jalur] });
    for (const [i, stage] of stagesOf(jalur).entries()) {
      const statuses = ["IN-PROGRESS", "PASSED", "FAILED", ...(stage.allowsReupload ? ["REUPLOAD"] : [])];
      for (const status of statuses) {
        const state = { is_submitted: true, status, stage_id: stage.id };
        const open = openStage(state);
        const reached = [...stagesBefore(stage.id), stage.id, ...(open !== null && open !== stage.id ? [open] : [])];
        const weight = { "IN-PROGRESS": i === 0 ? 14 : 8, PASSED: open === null ? 10 : 8, FAILED: 3, REUPLOAD: 4 }[status];
        states.push({ jalur, stage: stage.id, status, submitted: true, final: isClosed(state), open, reached, weight: weight * jalurWeight[jalur] });
      }
    }
  }
  const total = states.reduce((s, x) => s + x.weight, 0);
  let lo = 0;
  const lit = (v) => (v === null ? "null" : typeof v === "string" ? `'${v}'` : String(v));
  const values = states
    .map((s) => {
      const hi = s === states.at(-1) ? 10_000 : lo + Math.round((s.weight / total) * 10_000);
      const row = `(${lit(s.jalur)}, ${lit(s.stage)}::int, ${lit(s.status)}::text, ${s.submitted}, ${s.final}, ${lit(s.open)}::int, '{${s.reached.join(",")}}'::int[], ${s.submitted && s.status === "IN-PROGRESS" && s.reached.length === 1}, ${lo}, ${hi})`;
      lo = hi;
      return row;
    })
    .join(",\n");

  const FIRST = [
    "Andi",
    "Budi",
    "Citra",
    "Dewi",
    "Eko",
    "Fitri",
    "Gilang",
    "Hana",
    "Indra",
    "Joko",
    "Kartika",
    "Lestari",
    "Made",
    "Nur",
    "Oki",
    "Putri",
    "Rizky",
    "Sari",
    "Teguh",
    "Umi",
    "Wahyu",
    "Yuni",
    "Agus",
    "Bayu",
    "Dian",
    "Fajar",
    "Galih",
    "Intan",
    "Nadia",
    "Rina",
    "Ahmed",
    "Maria",
    "Rajesh",
    "Nguyen",
    "Kenji",
    "Li",
    "Olga",
    "Jana",
    "Kim",
    "Sofia",
  ];
  const LAST = [
    "Pratama",
    "Saputra",
    "Wijaya",
    "Santoso",
    "Hidayat",
    "Siregar",
    "Nasution",
    "Lubis",
    "Simanjuntak",
    "Wibowo",
    "Kusuma",
    "Setiawan",
    "Gunawan",
    "Rahmawati",
    "Anggraini",
    "Nugroho",
    "Susanto",
    "Harahap",
    "Sinaga",
    "Purba",
    "Hassan",
    "Santos",
    "Kumar",
    "Thi Lan",
    "Watanabe",
    "Wei",
    "Petrova",
    "Novakova",
    "Min-jun",
    "Rossi",
    "Halim",
    "Tanjung",
    "Utomo",
    "Firmansyah",
    "Ramadhan",
    "Putra",
    "Syahputra",
    "Maharani",
    "Permata",
    "Hakim",
  ];
  const arr = (xs) => `(array[${xs.map((x) => `'${x}'`).join(",")}])`;
  const [{ password_hash: hash }] = rowsOf(await run(sql`select password_hash from users where email = ${ADMIN.email}`));

  await run(sql`
    insert into users (email, password_hash, full_name, role_id, is_foreign, nik, foreign_id, nationality, activated_at, created_at)
    select format('nakes%s@bench.test', lpad(i::text, 6, '0')), ${hash},
           ${sql.raw(arr(FIRST))}[1 + abs(hashint4(i)) % ${sql.raw(String(FIRST.length))}] || ' ' || ${sql.raw(arr(LAST))}[1 + abs(hashint4(i + 7919)) % ${sql.raw(String(LAST.length))}],
           3, i % 3 = 0,
           case when i % 3 <> 0 then '31' || lpad(i::text, 14, '0') end,
           case when i % 3 = 0 then 'B' || lpad(i::text, 8, '0') end,
           case when i % 3 = 0 then (array['PH','MY','IN','EG','JP','CN','VN','RU'])[1 + i % 8] end,
           now(), now() - interval '400 days'
    from generate_series(1, ${ROWS}) as i`);
  await run(`
    insert into applicant_profiles (user_id, full_name, identity_type, identity_number, nationality, gender, profession, graduation_year)
    select id, full_name, case when is_foreign then 'PASPOR' else 'NIK' end, coalesce(nik, foreign_id), coalesce(nationality, 'ID'),
           case when length(full_name) % 2 = 0 then 'L' else 'P' end, 'DOKTER', 2005 + length(full_name) % 15
    from users where email like 'nakes%@bench.test'`);
  // submitted up to a year ago; the stage clock of a file that moved on started within the last 45 days.
  await run(`
    with states (jalur, stage_id, status, is_submitted, is_final, open_stage_id, reached, at_submit, lo, hi) as (values
${values}),
    u as (select id, email, full_name, substring(email from 6 for 6)::int as i from users where email like 'nakes%@bench.test'),
    t as (select u.*, abs(hashint4(i * 31 + 7)) % 10000 as r,
                 (abs(hashint4(i + 104729)) % 365) as days_ago,
                 (abs(hashint4(i + 15485863)) % 45) as stage_days_ago
          from u)
    insert into applications (applicant_user_id, submitted_by_user_id, jalur_id, status, stage_id, is_submitted, is_final,
                              submitted_at, stage_started_at, open_stage_id, reached_stages, deadline_at, applicant_name, applicant_email,
                              created_at, updated_at)
    select t.id, t.id, s.jalur, s.status, s.stage_id, s.is_submitted, s.is_final,
           case when s.is_submitted then now() - (case when s.at_submit then least(t.days_ago, t.stage_days_ago) else t.days_ago end) * interval '1 day' end,
           case when s.is_submitted then now() - least(t.days_ago, t.stage_days_ago) * interval '1 day' end,
           s.open_stage_id, s.reached,
           case when s.open_stage_id is not null then now() - least(t.days_ago, t.stage_days_ago) * interval '1 day' + sla.days * interval '1 day' end,
           t.full_name, t.email,
           now() - (t.days_ago + 3) * interval '1 day', now() - least(t.days_ago, t.stage_days_ago) * interval '1 day'
    from t join states s on t.r >= s.lo and t.r < s.hi
    left join sla_settings sla on sla.stage_id = s.open_stage_id`);
  await run("vacuum analyze users");
  await run("vacuum analyze applicant_profiles");
  await run("vacuum analyze applications");
  // A search term that matches a few rows: the full name of one file.
  const pick = `nakes${String(Math.max(1, Math.floor(ROWS * 0.424242))).padStart(6, "0")}@bench.test`;
  const [{ name }] = rowsOf(await run(sql`select applicant_name as name from applications where applicant_email = ${pick}`));
  const [{ n }] = rowsOf(await run(sql`select count(*)::int as n from applications where search_text like ${`%${name.toLowerCase()}%`}`));
  const [{ total: rows }] = rowsOf(await run("select count(*)::int as total from applications"));
  await handle.close();
  process.send?.({ term: name, termRows: n, rows, seconds: (performance.now() - started) / 1000 });
}

/** drizzle's execute returns rows directly on PGlite's driver and a pg result on node-postgres. */
function rowsOf(result) {
  return Array.isArray(result) ? result : result.rows;
}

// ---------------------------------------------------------------------------------------------
// Parent: for each database, prepare, start the server, log in, measure, clean up.

async function main() {
  const dbs = { pg: ["pg"], pglite: ["pglite"], both: ["pg", "pglite"] }[opt("db", "both")];
  if (!dbs) throw new Error("--db must be pg, pglite or both");
  const duration = Number(opt("duration", 20));
  const connections = Number(opt("connections", 10));
  let port = Number(opt("port", 3331));
  const keep = opt("keep", false) === true;
  const { ensureBuild } = await import("../scripts/build-if-needed.mjs");
  process.chdir(ROOT);
  await ensureBuild();
  const results = [];
  for (const kind of dbs) {
    results.push(...(await benchOne(kind, { duration, connections, port, keep })));
    port += 2;
  }
  printTable(results, { duration, connections });
}

async function benchOne(kind, { duration, connections, port, keep }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "adaptasi-bench-review-"));
  let databaseUrl;
  let dropDatabase = async () => {};
  if (kind === "pg") ({ url: databaseUrl, drop: dropDatabase } = await throwawayDatabase("adaptasi_bench_review"));
  const label = kind === "pg" ? "PostgreSQL" : "PGlite";
  let server;
  let staticServer;
  try {
    console.log(`[${label}] generating ${ROWS.toLocaleString("en")} applications…`);
    const prepared = await child(["--prepare", `--rows=${ROWS}`, ...(databaseUrl ? [`--database-url=${databaseUrl}`] : [`--data-dir=${dataDir}`])]);
    console.log(
      `[${label}] ${prepared.rows.toLocaleString("en")} applications in ${prepared.seconds.toFixed(1)} s; search term "${prepared.term}" matches ${prepared.termRows}`,
    );

    server = await startServer({ port, dataDir, databaseUrl });
    const base = `http://127.0.0.1:${port}`;
    const cookie = await portalLogin(base, ADMIN.email, ADMIN.password);
    const listPath = "/application-list";
    const searchPath = `/application-list?q=${encodeURIComponent(prepared.term)}`;
    const html = await page(base, listPath, cookie);
    await page(base, searchPath, cookie);

    staticServer = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": html.length });
      res.end(html);
    });
    await new Promise((resolve) => staticServer.listen(port + 1, "127.0.0.1", resolve));

    const measure = async (name, url, headers) => {
      console.log(`[${label}] ${name}: ${connections} connections × ${duration} s…`);
      const load = loadavg()[0];
      return { db: label, name, load, ...(await cannon(url, { connections, duration, headers })) };
    };
    const plain = await measure("static server (same HTML)", `http://127.0.0.1:${port + 1}/`, {});
    const list = await measure(`GET ${listPath}`, base + listPath, { cookie });
    const search = await measure(`GET /application-list?q=… (${prepared.termRows} rows)`, base + searchPath, { cookie });
    // The API the page calls, alone: what the database and the API cost without the page around them.
    const api = { "x-adaptasiapikey": server.apiKey, authorization: `Bearer ${await apiToken(base, server.apiKey, ADMIN)}` };
    const apiList = await measure("API GET /review/applications", `${base}/api/v1/review/applications`, api);
    const apiSearch = await measure("API GET /review/applications?q=…", `${base}/api/v1/review/applications?q=${encodeURIComponent(prepared.term)}`, api);
    const all = [plain, list, search, apiList, apiSearch];
    for (const r of all) r.ratio = r.rps / plain.rps;
    return all;
  } finally {
    staticServer?.close();
    // autocannon leaves requests in flight when its time is up; let the server finish them first.
    await new Promise((r) => setTimeout(r, 3000));
    if (server) await stopServer(server);
    if (keep) {
      console.log(`[${label}] kept: ${databaseUrl ?? `DATA_DIR=${dataDir}`}`);
    } else {
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

function child(extra) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), ...extra], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      cwd: ROOT,
    });
    let message;
    p.on("message", (m) => (message = m));
    p.on("exit", (code) => (code === 0 && message ? resolve(message) : reject(new Error(`prepare exited ${code}`))));
  });
}

function printTable(results, { duration, connections }) {
  const cpu = cpus();
  console.log(
    `\nreview list — ${ROWS.toLocaleString("en")} applications, autocannon ${connections} connections × ${duration} s on loopback; ` +
      `Node ${process.versions.node}, ${cpu.length} cores (${cpu[0]?.model.trim()})`,
  );
  // The load average before each run: on a shared machine, other work skews the numbers.
  const head = ["database", "request", "p50 ms", "p95 ms", "req/s", "vs static", "load"];
  const rows = results.map((r) => [r.db, r.name, r.p50.toFixed(1), r.p95.toFixed(1), r.rps.toFixed(0), `${(r.ratio * 100).toFixed(1)} %`, r.load.toFixed(1)]);
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i >= 2 ? c.padStart(width[i]) : c.padEnd(width[i]))).join("  ");
  console.log(line(head));
  console.log(width.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
  const pg = results.find((r) => r.db === "PostgreSQL" && r.name.startsWith("GET /application-list") && !r.name.includes("?"));
  if (pg)
    console.log(
      `\np95 target on PostgreSQL ≤ 50 ms (pages): ${results.filter((r) => r.db === "PostgreSQL" && r.name.startsWith("GET")).every((r) => r.p95 <= 50) ? "met" : "NOT met"}`,
    );
}
