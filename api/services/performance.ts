import { sql, type SQL } from "drizzle-orm";
import type { Performance } from "#contracts/performance";
import { JALUR_IDS, type JalurId } from "#domain/documents";
import { monthStart, performanceWindows, weekEnd, weekStart } from "#domain/performance";
import { TIME_ZONE } from "#domain/time-zone";
import { STAGES, stageById } from "#domain/workflow";
import type { Database } from "../db/client";
import { slaSettingsList } from "./admin/sla";
import { clockRows, stageOpenedBy } from "./stage-clock";

// The queue at a glance (/kinerja, docs/decisions/034-performance-dashboard.md). Every number is counted in
// SQL (counts, percentile_cont / percentile_disc over the waits); Node only picks the stages asked for and
// fills empty weeks and months with zeros. A wait is measured as api/services/processing-times.ts measures
// it (decision 021): from the row before a decision in its file's history, when that row opened the decided
// stage (the submission, a reupload, or the pass of the stage before), to the decision. A decision stores
// that start as it is written (api/services/stage-clock.ts), so a month's waits are one range of an index;
// a decision written before it did (migration 0024) has it looked up, the row before it read per decision.
//
// The past does not change: a decision, a submission, is written at the moment it happens, never into an
// earlier month. So the numbers of a month or week that has ended are counted once per process (and once
// more after an SLA change, which moves "within the SLA") and kept; each request counts only the running
// month and week, through audit_log_decision_waits_idx, and the queue.

/** Rows of db.execute: an array on PGlite's driver, a pg result on node-postgres. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const oneDecimal = (n: number | string | null) => (n === null ? null : Math.round(Number(n) * 10) / 10);

/** Stages whose pass closes the file. */
const FINAL_STAGES = STAGES.filter((s) => s.onPassed === "final").map((s) => s.id);

/** `case stage_id when <stage> then <SLA days> … end` of the SLA as it is now. */
function slaOf(column: SQL, sla: ReadonlyMap<number, number>): SQL {
  const arms = [...sla].map(([stage, days]) => sql`when ${stage}::int then ${days}::float8`);
  return sql`case ${column} ${sql.join(arms, sql` `)} end`;
}

const list = (ids: readonly number[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  )})`;

/** One month's waits: per stage the count and percentiles, per stage and deciding role the count within the SLA. */
interface MonthWaits {
  stages: Map<number, { decided: number; median: number | null; p90: number | null }>;
  bodies: Array<{ stage_id: number; role_id: number; decided: number; within: number }>;
}

/** One week's flow: first submissions per pathway, closing decisions per stage. */
interface WeekFlow {
  received: Map<JalurId, number>;
  decided: Map<number, number>;
}

/** What a process keeps of ended months and weeks, per database; months under the SLA they were counted with. */
interface Kept {
  slaKey: string;
  months: Map<string, MonthWaits>;
  weeks: Map<string, WeekFlow>;
}
const kept = new WeakMap<Database, Kept>();

/** The waits of the decisions in [from, until), by month (WIB). */
async function waitsBetween(db: Database, from: Date, until: Date, sla: ReadonlyMap<number, number>): Promise<Map<string, MonthWaits>> {
  const tz = TIME_ZONE;
  const rows = await db.transaction(async (tx) => {
    // The percentiles sort every wait of the span: in memory, not on disk.
    await tx.execute(sql`set local work_mem = '32MB'`);
    return rowsOf<{
      stage_id: number;
      month: string;
      role_id: number | null;
      decided: number;
      within: number;
      median: number | string | null;
      p90: number | string | null;
    }>(
      await tx.execute(sql`
        with waits as (
          -- A decision written with the start of its clock (workflow/audit.ts): a range of audit_log_decision_waits_idx alone.
          select d.to_stage as stage_id, d.actor_role as role_id, to_char(d.created_at at time zone ${tz}, 'YYYY-MM') as month,
                 extract(epoch from d.created_at - d.stage_started_at) / 86400.0 as days
          from audit_log d
          where d.action = 'DECISION' and d.created_at >= ${from} and d.created_at < ${until} and d.stage_started_at is not null
          union all
          -- One written before that column (or not measured): the row before it, looked up.
          select d.to_stage, d.actor_role, to_char(d.created_at at time zone ${tz}, 'YYYY-MM'),
                 extract(epoch from d.created_at - prev.created_at) / 86400.0
          from audit_log d
          cross join lateral (
            select o.action, o.to_stage, o.to_status, o.created_at
            from audit_log o
            where o.application_id = d.application_id and ${clockRows("o")}
              and (o.created_at < d.created_at or (o.created_at = d.created_at and o.id < d.id))
            order by o.created_at desc, o.id desc
            limit 1
          ) prev
          where d.action = 'DECISION' and d.created_at >= ${from} and d.created_at < ${until} and d.stage_started_at is null
            and d.to_stage = ${stageOpenedBy("prev")}
        )
        select stage_id, month, null::int as role_id, count(*)::int as decided, 0 as within,
               percentile_cont(0.5) within group (order by days) as median,
               percentile_disc(0.9) within group (order by days) as p90
        from waits group by stage_id, month
        union all
        select stage_id, month, role_id, count(*)::int, count(*) filter (where days <= ${slaOf(sql`stage_id`, sla)})::int, null, null
        from waits group by stage_id, month, role_id`),
    );
  });
  const months = new Map<string, MonthWaits>();
  const of = (month: string) => months.get(month) ?? months.set(month, { stages: new Map(), bodies: [] }).get(month)!;
  for (const r of rows) {
    if (r.role_id === null) of(r.month).stages.set(r.stage_id, { decided: r.decided, median: oneDecimal(r.median), p90: oneDecimal(r.p90) });
    else of(r.month).bodies.push({ stage_id: r.stage_id, role_id: r.role_id, decided: r.decided, within: r.within });
  }
  return months;
}

/** First submissions and closing decisions in [from, until), by week (Monday, WIB). */
async function flowBetween(db: Database, from: Date, until: Date): Promise<Map<string, WeekFlow>> {
  const tz = TIME_ZONE;
  const week = (column: SQL) => sql`to_char(date_trunc('week', ${column} at time zone ${tz}), 'YYYY-MM-DD')`;
  const received = rowsOf<{ jalur_id: JalurId; week: string; n: number }>(
    await db.execute(sql`
      select jalur_id, ${week(sql`submitted_at`)} as week, count(*)::int as n
      from applications where submitted_at >= ${from} and submitted_at < ${until}
      group by 1, 2`),
  );
  // A file is decided when a decision closes it: a FAILED at any stage, or a pass of its pathway's last stage.
  const decided = rowsOf<{ stage_id: number; week: string; n: number }>(
    await db.execute(sql`
      select to_stage as stage_id, ${week(sql`created_at`)} as week, count(*)::int as n
      from audit_log
      where action = 'DECISION' and created_at >= ${from} and created_at < ${until}
        and (to_status = 'FAILED' or (to_status = 'PASSED' and to_stage in ${list(FINAL_STAGES)}))
      group by 1, 2`),
  );
  const weeks = new Map<string, WeekFlow>();
  const of = (w: string) => weeks.get(w) ?? weeks.set(w, { received: new Map(), decided: new Map() }).get(w)!;
  for (const r of received) of(r.week).received.set(r.jalur_id, r.n);
  for (const d of decided) of(d.week).decided.set(d.stage_id, d.n);
  return weeks;
}

/**
 * The value of each key: kept ones from `store`, the others counted in one span (from the first missing to
 * the last) by `count`; those that have ended are kept.
 */
async function keptOrCounted<V>(
  keys: readonly string[],
  store: Map<string, V>,
  span: (key: string) => { from: Date; until: Date; ended: boolean },
  count: (from: Date, until: Date) => Promise<Map<string, V>>,
  empty: () => V,
): Promise<Map<string, V>> {
  const missing = keys.filter((k) => !store.has(k));
  const fresh = missing.length ? await count(span(missing[0]!).from, span(missing.at(-1)!).until) : new Map<string, V>();
  const out = new Map<string, V>();
  for (const k of keys) {
    const value = store.get(k) ?? fresh.get(k) ?? empty();
    if (!store.has(k) && span(k).ended) store.set(k, value);
    out.set(k, value);
  }
  return out;
}

/** The queue, the weekly flow, the days per stage and month, and each body's share within the SLA. */
export async function performance(db: Database, opts: { jalur?: JalurId; period: string; now: Date }): Promise<Performance> {
  const { jalur, period, now } = opts;
  const w = performanceWindows(period, now);
  const shownStages = STAGES.filter((s) => !jalur || s.jalur === jalur);
  const shown = new Set<number>(shownStages.map((s) => s.id));
  const sla = new Map((await slaSettingsList(db)).map((s) => [s.stage_id, s.days]));
  const slaKey = JSON.stringify([...sla]);
  let store = kept.get(db);
  if (!store || store.slaKey !== slaKey) {
    // An SLA change moves "within the SLA" of every month; the weeks do not depend on it.
    store = { slaKey, months: new Map(), weeks: store?.weeks ?? new Map() };
    kept.set(db, store);
  }

  // Files waiting at a stage now, and those past the deadline of it (applications.deadline_at follows the SLA).
  const queue = rowsOf<{ stage_id: number; waiting: number; overdue: number }>(
    await db.execute(sql`
      select open_stage_id as stage_id, count(*)::int as waiting, count(*) filter (where deadline_at < ${now})::int as overdue
      from applications
      where open_stage_id in ${list([...shown])}
      group by open_stage_id`),
  );
  const span = (from: Date, end: Date) => ({ from, until: end.getTime() < now.getTime() ? end : now, ended: end.getTime() <= now.getTime() });
  const weeks = await keptOrCounted(
    w.weeks,
    store.weeks,
    (monday) => span(weekStart(monday), weekEnd(monday)),
    (from, until) => flowBetween(db, from, until),
    () => ({ received: new Map(), decided: new Map() }),
  );
  const months = await keptOrCounted(
    w.months,
    store.months,
    (month) => span(monthStart(month), monthStart(month, 1)),
    (from, until) => waitsBetween(db, from, until, sla),
    () => ({ stages: new Map(), bodies: [] }),
  );

  const queueOf = new Map(queue.map((q) => [q.stage_id, q]));
  const byBody = new Map<number, { decided: number; within: number }>();
  for (const m of months.values()) {
    for (const b of m.bodies.filter((b) => shown.has(b.stage_id))) {
      const sum = byBody.get(b.role_id) ?? { decided: 0, within: 0 };
      byBody.set(b.role_id, { decided: sum.decided + b.decided, within: sum.within + b.within });
    }
  }
  // Every body that decides a shown stage, with what it decided (a role outside the table, should one appear, too).
  const bodies = [...new Set([...shownStages.flatMap((s) => s.deciders), ...byBody.keys()])].sort((a, b) => a - b);
  const jalurs = JALUR_IDS.filter((j) => !jalur || j === jalur);
  return {
    computed_at: now.toISOString(),
    jalur_id: jalur ?? null,
    period,
    weeks_from: w.weeksFrom.toISOString(),
    weeks_until: w.weeksUntil.toISOString(),
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
    weeks: w.weeks.flatMap((week) => {
      const flow = weeks.get(week)!;
      return jalurs.map((j) => ({
        week,
        jalur_id: j,
        received: flow.received.get(j) ?? 0,
        decided: [...flow.decided].filter(([stage]) => stageById(stage)?.jalur === j).reduce((sum, [, n]) => sum + n, 0),
      }));
    }),
    stage_months: shownStages.flatMap((s) =>
      w.months.map((month) => {
        const r = months.get(month)!.stages.get(s.id);
        return { stage_id: s.id, month, decided: r?.decided ?? 0, median_days: r?.median ?? null, p90_days: r?.p90 ?? null };
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
