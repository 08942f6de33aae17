import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { ProcessingTimes, StageTimes } from "#contracts/public";
import { JALUR_IDS } from "#domain/documents";
import { DEFAULT_SLA_DAYS, stageById, stagesOf } from "#domain/workflow";
import type { Database } from "../db/client";
import { auditLog, slaSettings, type AuditAction } from "../db/schema";

// The public processing times (/waktu-proses): how long a file waits in each stage, from the
// audit log alone. A stage's clock starts at the submission (first stage), at the PASSED decision of the
// stage before, or at the applicant's reupload (a fresh SLA clock, as the workflow gives it); it stops at
// the stage's decision (PASSED, FAILED or REUPLOAD). Each such decision is one measured wait.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Below this many decisions in the window, a stage shows no numbers (docs/decisions/021-processing-times.md):
 * the median and 90th percentile of a handful of waits come close to naming them (of three, the median is
 * one file's wait and the 90th percentile another's), so anyone who knows when a colleague's file was decided
 * could read its wait. From ten on, each figure is one of many.
 */
export const MIN_DECIDED = 10;

/** The audit rows the computation reads, oldest first within an application. */
export interface AuditRow {
  applicationId: string;
  action: AuditAction;
  toStage: number | null;
  toStatus: string | null;
  createdAt: Date;
}

/** One measured wait: a stage's clock from its start to its decision. */
export interface StageWait {
  stageId: number;
  days: number;
  decidedAt: Date;
}

/** The waits in `rows` (grouped by application, each group in time order), in no particular order. */
export function stageWaits(rows: readonly AuditRow[]): StageWait[] {
  const open = new Map<string, { stageId: number; since: Date } | null>();
  const waits: StageWait[] = [];
  for (const row of rows) {
    if (row.toStage === null) continue;
    if (row.action === "SUBMIT" || row.action === "REUPLOAD") {
      open.set(row.applicationId, { stageId: row.toStage, since: row.createdAt });
    } else if (row.action === "DECISION") {
      const started = open.get(row.applicationId);
      // A decision without its start in the rows read (a file older than the audit log) is not measured.
      if (started && started.stageId === row.toStage) {
        waits.push({ stageId: row.toStage, days: (row.createdAt.getTime() - started.since.getTime()) / DAY_MS, decidedAt: row.createdAt });
      }
      const next = row.toStatus === "PASSED" ? stageById(row.toStage)?.onPassed : undefined;
      open.set(row.applicationId, typeof next === "number" ? { stageId: next, since: row.createdAt } : null);
    }
  }
  return waits;
}

/** The median of sorted values: the middle one, or the mean of the two middle ones; null when empty. */
export function median(sorted: readonly number[]): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  return n % 2 === 1 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

/** The 90th percentile by nearest rank: the smallest value that at least 90% of the values do not exceed. */
export function percentile90(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.ceil(0.9 * sorted.length) - 1];
}

/** The start of the 12-month window ending at `now` (same day and time, one calendar year back). */
export function windowStart(now: Date): Date {
  const from = new Date(now);
  from.setUTCFullYear(from.getUTCFullYear() - 1);
  return from;
}

const oneDecimal = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

/**
 * The pure computation behind GET /public/processing-times: for every pathway and each of its stages,
 * over the decisions of the 12 months before `now`, the median and 90th-percentile wait in days, the
 * number of decisions and the share decided within the stage's SLA (`slaDays`, by stage id). A stage
 * with fewer than MIN_DECIDED decisions (but some) shows nulls only.
 */
export function computeProcessingTimes(rows: readonly AuditRow[], slaDays: Readonly<Record<number, number>>, now: Date): ProcessingTimes {
  const from = windowStart(now);
  const byStage = new Map<number, number[]>();
  for (const w of stageWaits(rows)) {
    if (w.decidedAt <= from || w.decidedAt > now) continue;
    byStage.set(w.stageId, [...(byStage.get(w.stageId) ?? []), w.days]);
  }
  const pathways = JALUR_IDS.map((jalur) => ({
    jalur,
    stages: stagesOf(jalur).map((stage): StageTimes => {
      const sla = slaDays[stage.id] ?? stage.slaDays;
      const days = [...(byStage.get(stage.id) ?? [])].sort((a, b) => a - b);
      const shown = days.length === 0 || days.length >= MIN_DECIDED;
      const within = days.filter((d) => d <= sla).length;
      return {
        stage_id: stage.id,
        sla_days: sla,
        decided: shown ? days.length : null,
        median_days: shown ? oneDecimal(median(days)) : null,
        p90_days: shown ? oneDecimal(percentile90(days)) : null,
        within_sla_percent: shown && days.length > 0 ? Math.round((100 * within) / days.length) : null,
      };
    }),
  }));
  return { computed_at: now.toISOString(), window_from: from.toISOString(), min_decided: MIN_DECIDED, pathways };
}

/** The audit rows of every application decided within the window, in order (the start of a wait may be older). */
async function auditRows(db: Database, from: Date): Promise<AuditRow[]> {
  const decided = db
    .selectDistinct({ id: auditLog.applicationId })
    .from(auditLog)
    .where(and(eq(auditLog.action, "DECISION"), gt(auditLog.createdAt, from)));
  return db
    .select({
      applicationId: auditLog.applicationId,
      action: auditLog.action,
      toStage: auditLog.toStage,
      toStatus: auditLog.toStatus,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(and(inArray(auditLog.action, ["SUBMIT", "REUPLOAD", "DECISION"]), inArray(auditLog.applicationId, decided)))
    .orderBy(asc(auditLog.applicationId), asc(auditLog.createdAt), asc(auditLog.id));
}

/** How long an answer is served before it is computed again. */
export const RECOMPUTE_AFTER_MS = 60 * 60 * 1000;

// In-process cache, one answer per database, recomputed at most hourly: the numbers move slowly, the page
// is public and the computation reads the audit log. Each process keeps its own copy (they may differ by
// up to an hour), and an SLA change on /sla-setting shows here within the hour.
const cache = new WeakMap<Database, ProcessingTimes>();

/** The processing times, from the cache when computed less than an hour before `now`. */
export async function processingTimes(db: Database, now = new Date()): Promise<ProcessingTimes> {
  const cached = cache.get(db);
  if (cached && now.getTime() - Date.parse(cached.computed_at) < RECOMPUTE_AFTER_MS) return cached;
  const rows = await auditRows(db, windowStart(now));
  const sla = { ...DEFAULT_SLA_DAYS, ...Object.fromEntries((await db.select().from(slaSettings)).map((s) => [s.stageId, s.days])) };
  const fresh = computeProcessingTimes(rows, sla, now);
  cache.set(db, fresh);
  return fresh;
}
