import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../api/db/client";
import { monthStart, periodOf } from "../../domain/performance";
import { STAGES } from "../../domain/workflow";
import { nextStageOf } from "../../api/services/stage-clock";
import { figure } from "../../tests/figures";
// @ts-expect-error -- plain JavaScript helpers of the load benchmarks
import { apiToken, portalLogin, ROOT, startServer, stopServer, throwawayDatabase } from "../lib.mjs";

// /kinerja on 100,000 applications (docs/decisions/034-performance-dashboard.md): the built portal, the Admin
// logged in through the form, the page (and the API behind it alone) asked one request at a time, on
// PostgreSQL and on PGlite. The applications come from bench/review-list.mjs --prepare; their history (a
// submission, then a decision of every stage each file has left, spread between its submission and the
// start of its current stage) is added here in SQL. Figures: the median of 15 requests after 3 warm-ups, and
// the Admin's /application-list at the same moment for scale (a shared machine's load moves both).
//   npm run bench -- kinerja            (BENCH_KINERJA_ROWS=… for another size, BENCH_KINERJA_DB=pg|pglite for one,
//                                        BENCH_KINERJA_LOOKUP=1 for decisions written before migration 0024)

const ROWS = Number(process.env.BENCH_KINERJA_ROWS ?? 100_000);
const DATABASES = (process.env.BENCH_KINERJA_DB ?? "pg,pglite").split(",");
/** The history as decisions wrote it before migration 0024: no clock start on the row, so /kinerja looks it up. */
const LOOKUP = process.env.BENCH_KINERJA_LOOKUP === "1";
const ADMIN = { email: "admin@adaptasi.test", password: "Adaptasi#2026" };
const TIMES = 15;

function prepare(target: string[]): Promise<{ rows: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ["--import", "tsx", "bench/review-list.mjs", "--prepare", `--rows=${ROWS}`, ...target], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      cwd: ROOT,
    });
    let message: { rows: number; seconds: number } | undefined;
    p.on("message", (m) => (message = m as typeof message));
    p.on("exit", (code) => (code === 0 && message ? resolve(message) : reject(new Error(`prepare exited ${code}`))));
  });
}

/** Each file's history in the audit log, from its review-state columns (as the workflow would have written it). */
async function addHistory(target: { databaseUrl?: string; dataDir?: string }) {
  const handle = await openDatabase(target);
  const decider = sql.join(
    STAGES.map((s) => sql`when ${s.id}::int then ${s.deciders[s.deciders.length > 1 ? 1 : 0]}::int`),
    sql` `,
  );
  await handle.db.execute(sql`
    insert into audit_log (application_id, actor_role, action, to_stage, to_status, created_at)
    select id, 3, 'SUBMIT', reached_stages[1], 'IN-PROGRESS', submitted_at
    from applications where is_submitted and cardinality(reached_stages) > 0`);
  // Decided stages: all reached but the open one; the last of a closed file (or one sent back) carries its status.
  // Each carries the start of its clock as a decision now writes it (api/services/stage-clock.ts): the
  // submission for the first, the pass before it for the others, when that pass opened this stage.
  await handle.db.execute(sql`
    with a as (
      select id, reached_stages, submitted_at as t0, stage_started_at as tk, status,
             cardinality(reached_stages) - (case when open_stage_id is null then 0 else 1 end) as n
      from applications where is_submitted and cardinality(reached_stages) > 0)
    insert into audit_log (application_id, actor_role, action, to_stage, to_status, created_at, stage_started_at)
    select a.id, case when s.stage in (1, 11, 21) and hashint4(s.i::int + length(a.id::text)) % 2 = 0 then 2 else case s.stage ${decider} end end,
           'DECISION', s.stage, case when s.i < a.n then 'PASSED' else a.status end,
           a.t0 + (a.tk - a.t0) * (s.i::float8 / a.n),
           ${LOOKUP ? sql`null` : sql`case when s.i = 1 then a.t0 when ${nextStageOf(sql`a.reached_stages[s.i - 1]`)} = s.stage then a.t0 + (a.tk - a.t0) * ((s.i - 1)::float8 / a.n) end`}
    from a cross join lateral unnest(a.reached_stages) with ordinality as s(stage, i)
    where s.i <= a.n`);
  await handle.db.execute(sql`vacuum analyze audit_log`);
  const counted = (await handle.db.execute(sql`select count(*)::int as n from audit_log`)) as unknown as Array<{ n: number }> | { rows: Array<{ n: number }> };
  const [{ n }] = Array.isArray(counted) ? counted : counted.rows;
  await handle.close();
  return n;
}

async function timed(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(url, { headers, redirect: "manual" });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - started;
}

async function medianOf(url: string, headers: Record<string, string>) {
  for (let i = 0; i < 3; i++) await timed(url, headers);
  const times: number[] = [];
  for (let i = 0; i < TIMES; i++) times.push(await timed(url, headers));
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(TIMES / 2)]!, p90: times[Math.ceil(0.9 * TIMES) - 1]! };
}

describe(`/kinerja on ${ROWS.toLocaleString("en")} applications`, () => {
  for (const kind of DATABASES) {
    it(`answers on ${kind === "pg" ? "PostgreSQL" : "PGlite"}`, async () => {
      // @ts-expect-error -- plain JavaScript, as bench/lib.mjs
      const { ensureBuild } = await import("../../scripts/build-if-needed.mjs");
      await ensureBuild();
      const dataDir = mkdtempSync(path.join(tmpdir(), "adaptasi-bench-kinerja-"));
      let databaseUrl: string | undefined;
      let drop = async () => {};
      if (kind === "pg") ({ url: databaseUrl, drop } = await throwawayDatabase("adaptasi_bench_kinerja"));
      let server: { apiKey: string } | undefined;
      let running: { apiKey: string };
      try {
        const prepared = await prepare(databaseUrl ? [`--database-url=${databaseUrl}`] : [`--data-dir=${dataDir}`]);
        const audit = await addHistory(databaseUrl ? { databaseUrl } : { dataDir });
        const port = 3551 + DATABASES.indexOf(kind) * 2;
        server = running = await startServer({ port, dataDir, databaseUrl });
        const base = `http://127.0.0.1:${port}`;
        const cookie = await portalLogin(base, ADMIN.email, ADMIN.password);
        const api = { "x-adaptasiapikey": running.apiKey, authorization: `Bearer ${await apiToken(base, running.apiKey, ADMIN)}` };
        const load = loadavg()[0]!;
        // The first request counts the 12 months and 26 weeks; the ended ones are kept, so each later one counts the running month and week.
        const cold = await timed(`${base}/kinerja`, { cookie });
        const page = await medianOf(`${base}/kinerja`, { cookie });
        const filtered = await medianOf(`${base}/kinerja?jalur=REG`, { cookie });
        // Last month: every month and week of its windows has ended, so after its first request nothing but the queue is counted.
        const past = await medianOf(`${base}/kinerja?period=${periodOf(monthStart(periodOf(new Date()), -1))}`, { cookie });
        const alone = await medianOf(`${base}/api/v1/admin/performance`, api);
        // For scale, at the same moment on the same server: the Admin's application list (bench/review-list.mjs).
        const list = await medianOf(`${base}/application-list`, { cookie });
        console.log(
          `[kinerja ${kind}${LOOKUP ? " lookup" : ""}] ${prepared.rows.toLocaleString("en")} applications, ${audit.toLocaleString("en")} audit rows, load ${load.toFixed(1)}: ` +
            `GET /kinerja first ${cold.toFixed(0)} ms, then median ${page.median.toFixed(0)} ms (p90 ${page.p90.toFixed(0)}), ?jalur=REG ${filtered.median.toFixed(0)} ms, last month ${past.median.toFixed(0)} ms, ` +
            `API alone ${alone.median.toFixed(0)} ms (p90 ${alone.p90.toFixed(0)}); /application-list at the same moment ${list.median.toFixed(0)} ms`,
        );
        figure(`kinerja.page-${kind}-ms`, page.median);
        figure(`kinerja.first-${kind}-ms`, cold);
        figure(`kinerja.page-reg-${kind}-ms`, filtered.median);
        figure(`kinerja.page-past-${kind}-ms`, past.median);
        figure(`kinerja.api-${kind}-ms`, alone.median);
        figure(`kinerja.list-${kind}-ms`, list.median);
        expect(prepared.rows).toBeGreaterThanOrEqual(ROWS);
      } finally {
        if (server) await stopServer(server);
        await drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});
