import { sql, type SQL } from "drizzle-orm";
import type { Performance } from "#contracts/performance";
import { JALUR_IDS, type JalurId } from "#domain/documents";
import { performanceWindows } from "#domain/performance";
import { TIME_ZONE } from "#domain/time-zone";
import { STAGES, stageById } from "#domain/workflow";
import type { Database } from "../db/client";
import { slaSettingsList } from "./admin-sla";

// The queue at a glance (/kinerja, docs/decisions/033-performance-dashboard.md). Every number is counted in
// SQL (counts, percentile_cont / percentile_disc over the waits); Node only fills the weeks and months that
// had nothing with zeros. A wait is measured as api/services/processing-times.ts measures it (decision 021):
// from the stage's start (the submission, the pass of the stage before, or a reupload) to its next decision.

/** Rows of db.execute: an array on PGlite's driver, a pg result on node-postgres. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const oneDecimal = (n: number | string | null) => (n === null ? null : Math.round(Number(n) * 10) / 10);

/** Stages whose pass closes the file. */
const FINAL_STAGES = STAGES.filter((s) => s.onPassed === "final").map((s) => s.id);

/** `case <column> when <stage> then <the stage a pass opens> … end`, from the workflow table. */
function nextStageOf(column: SQL): SQL {
  const arms = STAGES.filter((s) => s.onPassed !== "final").map((s) => sql`when ${s.id}::int then ${s.onPassed}::int`);
  return sql`case ${column} ${sql.join(arms, sql` `)} end`;
}

/** `case stage_id when <stage> then <SLA days> … end` of the SLA as it is now. */
function slaOf(column: SQL, sla: ReadonlyMap<number, number>): SQL {
  const arms = [...sla].map(([stage, days]) => sql`when ${stage}::int then ${days}::float8`);
  return sql`case ${column} ${sql.join(arms, sql` `)} end`;
}

/** The queue, the weekly flow, the days per stage and month, and each body's share within the SLA. */
export async function performance(db: Database, opts: { jalur?: JalurId; period: string; now: Date }): Promise<Performance> {
  const { jalur, period, now } = opts;
  const w = performanceWindows(period, now);
  const stages = STAGES.filter((s) => !jalur || s.jalur === jalur).map((s) => s.id);
  const stageList = sql`(${sql.join(
    stages.map((id) => sql`${id}::int`),
    sql`, `,
  )})`;
  const sla = new Map((await slaSettingsList(db)).map((s) => [s.stage_id, s.days]));
  const tz = TIME_ZONE;

  // Files waiting at a stage now, and those past the deadline of it (applications.deadline_at follows the SLA).
  const queue = rowsOf<{ stage_id: number; waiting: number; overdue: number }>(
    await db.execute(sql`
      select open_stage_id as stage_id, count(*)::int as waiting, count(*) filter (where deadline_at < ${now})::int as overdue
      from applications
      where open_stage_id in ${stageList}
      group by open_stage_id`),
  );

  const received = rowsOf<{ jalur_id: JalurId; week: string; n: number }>(
    await db.execute(sql`
      select jalur_id, to_char(date_trunc('week', submitted_at at time zone ${tz}), 'YYYY-MM-DD') as week, count(*)::int as n
      from applications
      where submitted_at >= ${w.weeksFrom} and submitted_at < ${w.until} ${jalur ? sql`and jalur_id = ${jalur}` : sql``}
      group by 1, 2`),
  );

  // A file is decided when a decision closes it: a FAILED at any stage, or a pass of its pathway's last stage.
  const decided = rowsOf<{ stage_id: number; week: string; n: number }>(
    await db.execute(sql`
      select to_stage as stage_id, to_char(date_trunc('week', created_at at time zone ${tz}), 'YYYY-MM-DD') as week, count(*)::int as n
      from audit_log
      where action = 'DECISION' and created_at >= ${w.weeksFrom} and created_at < ${w.until} and to_stage in ${stageList}
        and (to_status = 'FAILED' or (to_status = 'PASSED' and to_stage in (${sql.join(
          FINAL_STAGES.map((id) => sql`${id}::int`),
          sql`, `,
        )})))
      group by 1, 2`),
  );

  // Each decision of the months window with what opened its stage: the latest submission or reupload to it,
  // or the pass of the stage before (once per file), found by a hash join rather than by ordering the
  // whole history. The stage × month percentiles and the per-body counts read the same waits.
  const waits = await db.transaction(async (tx) => {
    // The percentiles sort every wait of the window: in memory, not on disk.
    await tx.execute(sql`set local work_mem = '32MB'`);
    return rowsOf<{
      stage_id: number | null;
      month: string | null;
      role_id: number | null;
      decided: number;
      within: number;
      median: number | string | null;
      p90: number | string | null;
    }>(
      await tx.execute(sql`
        with decided as (
          select application_id, to_stage, actor_role, created_at
          from audit_log
          where action = 'DECISION' and created_at >= ${w.monthsFrom} and created_at < ${w.until} and to_stage in ${stageList}
        ),
        starts as (
          select application_id, created_at,
                 case when action = 'DECISION' then ${nextStageOf(sql`to_stage`)} else to_stage end as opens
          from audit_log
          where (action in ('SUBMIT', 'REUPLOAD') or (action = 'DECISION' and to_status = 'PASSED')) and created_at < ${w.until}
        ),
        waits as (
          select d.to_stage as stage_id, d.actor_role as role_id, to_char(d.created_at at time zone ${tz}, 'YYYY-MM') as month,
                 extract(epoch from d.created_at - max(s.created_at)) / 86400.0 as days
          from decided d join starts s on s.application_id = d.application_id and s.opens = d.to_stage and s.created_at <= d.created_at
          group by d.application_id, d.to_stage, d.actor_role, d.created_at
        )
        select stage_id, month, null::int as role_id, count(*)::int as decided, 0 as within,
               percentile_cont(0.5) within group (order by days) as median,
               percentile_disc(0.9) within group (order by days) as p90
        from waits group by stage_id, month
        union all
        select null, null, role_id, count(*)::int, count(*) filter (where days <= ${slaOf(sql`stage_id`, sla)})::int, null, null
        from waits group by role_id`),
    );
  });

  const shownStages = STAGES.filter((s) => stages.includes(s.id));
  const queueOf = new Map(queue.map((q) => [q.stage_id, q]));
  const receivedOf = new Map(received.map((r) => [`${r.jalur_id} ${r.week}`, r.n]));
  const decidedOf = new Map<string, number>();
  for (const d of decided) {
    const key = `${stageById(d.stage_id)!.jalur} ${d.week}`;
    decidedOf.set(key, (decidedOf.get(key) ?? 0) + d.n);
  }
  const stageMonth = new Map(waits.filter((r) => r.role_id === null).map((r) => [`${r.stage_id} ${r.month}`, r]));
  // Every body that decides a shown stage, with what it decided (a role outside the table, should one appear, too).
  const byBody = new Map(waits.filter((r) => r.role_id !== null).map((r) => [r.role_id!, r]));
  const bodies = [...new Set([...shownStages.flatMap((s) => s.deciders), ...byBody.keys()])].sort((a, b) => a - b);
  const jalurs = JALUR_IDS.filter((j) => !jalur || j === jalur);
  return {
    computed_at: now.toISOString(),
    jalur_id: jalur ?? null,
    period,
    weeks_from: w.weeksFrom.toISOString(),
    months_from: w.monthsFrom.toISOString(),
    until: w.until.toISOString(),
    sla: shownStages.map((s) => ({ stage_id: s.id, days: sla.get(s.id) ?? s.slaDays })),
    queue: shownStages.map((s) => ({
      stage_id: s.id,
      jalur_id: s.jalur,
      sla_days: sla.get(s.id) ?? s.slaDays,
      waiting: queueOf.get(s.id)?.waiting ?? 0,
      overdue: queueOf.get(s.id)?.overdue ?? 0,
    })),
    weeks: w.weeks.flatMap((week) =>
      jalurs.map((j) => ({ week, jalur_id: j, received: receivedOf.get(`${j} ${week}`) ?? 0, decided: decidedOf.get(`${j} ${week}`) ?? 0 })),
    ),
    stage_months: shownStages.flatMap((s) =>
      w.months.map((month) => {
        const r = stageMonth.get(`${s.id} ${month}`);
        return { stage_id: s.id, month, decided: r?.decided ?? 0, median_days: oneDecimal(r?.median ?? null), p90_days: oneDecimal(r?.p90 ?? null) };
      }),
    ),
    bodies: bodies.map((role) => {
      const r = byBody.get(role);
      const n = r?.decided ?? 0;
      const within = r?.within ?? 0;
      return { role_id: role, decided: n, within_sla: within, within_sla_percent: n > 0 ? oneDecimal((100 * within) / n) : null };
    }),
  };
}
