import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../api/test/helpers";
import { createDiskStorage } from "../../api/services/storage/storage";
import { runRetentionBatches } from "../../api/services/data-rights/retention";
import { RETENTION_DEFAULTS, type RetentionSettings } from "../../api/lib/settings";
import { figure } from "../../tests/figures";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// The Super Admin's /retention and the first retention pass on a database of 100,000 applications
// (BENCH_ROWS): PGlite in memory, or a throwaway database on BENCH_DATABASE_URL
// (postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards. The rows are made in SQL:
// every applicant has one application — 12% drafts (half of them a year and more untouched, with a
// document), 25% decided and closed (a DECISION in the audit trail) and the rest open — and 5% more
// accounts never started one. The page is asked for as the portal asks (GET /api/v1/admin/retention,
// first and last page); then the first retention pass runs, run after run (each one tick of the scheduler),
// until it is complete: its batches, and each run's time.

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const settings: RetentionSettings = {
  ...RETENTION_DEFAULTS,
  closedFileMonths: 60,
  ...(process.env.RETENTION_BATCH_SIZE ? { batchSize: Number(process.env.RETENTION_BATCH_SIZE) } : {}),
  ...(process.env.RETENTION_RUN_BUDGET_MS ? { runBudgetMs: Number(process.env.RETENTION_RUN_BUDGET_MS) } : {}),
};

let api: TestApi;
const dir = mkdtempSync(path.join(tmpdir(), "adaptasi-retention-bench-"));
beforeAll(async () => {
  api = await createTestApi({ retention: settings });
  const run = (q: string) => api.db.execute(sql.raw(q));
  const started = performance.now();
  await run(`
    insert into users (email, password_hash, full_name, role_id, activated_at, created_at, updated_at)
    select format('nakes%s@bench.test', lpad(i::text, 7, '0')), '!', 'Nakes ' || i, 3, now(),
           now() - (abs(hashint4(i)) % 900) * interval '1 day', now() - (abs(hashint4(i)) % 900) * interval '1 day'
    from generate_series(1, ${Math.round(ROWS * 1.05)}) as i`);
  // r: 0–11 draft (0–5 old), 12–36 closed, the rest open; the last 5% of accounts have no application
  await run(`
    with u as (select id, email, full_name, substring(email from 6 for 7)::int as i from users where email like 'nakes%@bench.test'),
         t as (select u.*, abs(hashint4(i * 31 + 7)) % 100 as r, abs(hashint4(i + 104729)) % 365 as days_ago from u where i <= ${ROWS})
    insert into applications (applicant_user_id, submitted_by_user_id, jalur_id, status, stage_id, is_submitted, is_final,
                              submitted_at, stage_started_at, open_stage_id, reached_stages, applicant_name, applicant_email, created_at, updated_at)
    select id, id, 'REG',
           case when r < 12 then null when r < 37 then 'PASSED' else 'IN-PROGRESS' end,
           case when r < 12 then null else 1 end,
           r >= 12, r between 12 and 36,
           case when r >= 12 then now() - (days_ago + 30) * interval '1 day' end,
           case when r >= 12 then now() - days_ago * interval '1 day' end,
           case when r >= 37 then 1 end,
           case when r >= 12 then '{1}'::int[] else '{}'::int[] end,
           full_name, email,
           now() - (days_ago + 40 + case when r < 6 then 400 else 0 end) * interval '1 day',
           now() - (days_ago + case when r < 6 then 400 else 0 end) * interval '1 day'
    from t`);
  await run(`
    insert into audit_log (application_id, actor_role, action, from_stage, to_stage, to_status, created_at)
    select id, 2, 'DECISION', 1, 1, 'PASSED', updated_at from applications where is_final`);
  await run(`
    insert into files (storage_key, size, sha256, detected_type, mime, original_name, owner_user_id)
    select 'bench/' || id, 20, repeat('0', 64), 'pdf', 'application/pdf', 'ijazah.pdf', applicant_user_id from applications where not is_submitted`);
  await run(`
    insert into application_documents (application_id, requirement_id, file_id, version, original_names, uploaded_at, replaceable)
    select a.id, 1, f.id, 1, array['ijazah.pdf'], a.updated_at, true from applications a join files f on f.storage_key = 'bench/' || a.id`);
  for (const t of ["users", "applications", "audit_log", "files", "application_documents"]) await run(`analyze ${t}`);
  console.log(`seeded ${ROWS} applications in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}, 600_000);
afterAll(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

it("/retention at 100,000 applications, then the first retention pass tick by tick", async () => {
  const { token } = await api.login("superadmin@adaptasi.test");
  const page = async (n: number) => {
    const started = performance.now();
    const res = await api.request(`/api/v1/admin/retention?page=${n}`, { token });
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    return { ms, body: (await res.json()) as { meta: { total: number; pages: number } } };
  };
  await page(1); // warm: the first statement of a kind is planned
  const first = await page(1);
  const last = await page(first.body.meta.pages);
  console.log(`/retention: ${first.body.meta.total} planned; page 1 ${first.ms.toFixed(0)} ms, page ${first.body.meta.pages} ${last.ms.toFixed(0)} ms`);
  figure("retention.page-ms", Math.max(first.ms, last.ms));

  if (process.env.BENCH_RETENTION_PASS === "skip") return; // the page only (PGlite's pass takes many minutes)
  // RETENTION_BATCH_SIZE / RETENTION_RUN_BUDGET_MS as set (the defaults: 200 and 30,000 ms).
  const deps = { db: api.db, mailer: api.mailer, storage: createDiskStorage(dir), logger: pino({ level: "silent" }), settings };
  const runs: number[] = [];
  let batches = 0;
  let changes = 0;
  for (;;) {
    const started = performance.now();
    const run = await runRetentionBatches(deps);
    runs.push(performance.now() - started);
    expect(run.ran).toBe(true);
    batches += run.batches;
    changes += run.changes;
    if (run.done || runs.length > 10_000) break;
  }
  const slowest = Math.max(...runs);
  console.log(
    `first retention pass (batch ${settings.batchSize}, budget ${settings.runBudgetMs} ms): ${changes} changes, ${batches} batches in ${runs.length} runs, ` +
      `${(runs.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s in all; runs ${runs.map((ms) => ms.toFixed(0)).join(", ")} ms`,
  );
  figure("retention.slowest-run-ms", slowest);
  figure("retention.first-pass-runs", runs.length);
  figure("retention.first-pass-batches", batches);
});
