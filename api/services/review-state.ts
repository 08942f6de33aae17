import { eq, sql, type SQL } from "drizzle-orm";
import { DEFAULT_SLA_DAYS, openStage, stageDeadline, type WorkflowState } from "#domain/workflow";
import type { Database } from "../db/client";
import { applicantProfiles, applications, slaSettings, users } from "../db/schema";

// The review state kept beside (stage_id, status) on `applications` so the lists stay fast at 100k
// files (docs/decisions/018-review-api-rules.md, decision 008). Every change of (stage_id, status) spreads
// reviewColumns() into the same UPDATE; nothing else writes these columns.

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReviewColumns {
  openStageId: number | null;
  deadlineAt: Date | null;
  /** present when a stage opens: appends it to reached_stages once */
  reachedStages?: SQL;
}

/**
 * The denormalised columns for an application now in `state`: the open stage, its deadline
 * (`stageStartedAt` + `slaDays`, the SLA of the open stage; its default when not given) and, when a
 * stage is open, reached_stages with that stage added.
 */
export function reviewColumns(state: WorkflowState, { stageStartedAt, slaDays }: { stageStartedAt: Date; slaDays?: number | null }): ReviewColumns {
  const open = openStage(state);
  if (open === null) return { openStageId: null, deadlineAt: null };
  const days = slaDays ?? DEFAULT_SLA_DAYS[open];
  return {
    openStageId: open,
    deadlineAt: stageDeadline(stageStartedAt, days),
    reachedStages: sql`case when ${open}::integer = any(${applications.reachedStages}) then ${applications.reachedStages} else array_append(${applications.reachedStages}, ${open}::integer) end`,
  };
}

/** The SLA days of a stage as set on /sla-setting, or the workflow default. */
export async function slaDaysOf(db: Database, stageId: number | null): Promise<number | null> {
  if (stageId === null) return null;
  const [row] = await db.select({ days: slaSettings.days }).from(slaSettings).where(eq(slaSettings.stageId, stageId));
  return row?.days ?? DEFAULT_SLA_DAYS[stageId] ?? null;
}

/** reviewColumns() for `state` with the SLA of the stage it opens read from sla_settings. */
export async function reviewColumnsNow(db: Database, state: WorkflowState, stageStartedAt: Date): Promise<ReviewColumns> {
  return reviewColumns(state, { stageStartedAt, slaDays: await slaDaysOf(db, openStage(state)) });
}

/** applicant_name / applicant_email: the profile's name (or the account's) and the account's e-mail. */
export async function applicantColumns(db: Database, applicantUserId: string): Promise<{ applicantName: string; applicantEmail: string }> {
  const [row] = await db
    .select({ email: users.email, accountName: users.fullName, profileName: applicantProfiles.fullName })
    .from(users)
    .leftJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
    .where(eq(users.id, applicantUserId));
  return { applicantName: row?.profileName || row?.accountName || "", applicantEmail: row?.email ?? "" };
}

/**
 * Whole days from `now` to `deadline`, rounded up (contract: ceil): 2.1 days left is 3, a deadline
 * passed by less than a day is 0 (with `overdue` true), by 1.5 days -1; null without a deadline.
 */
export function daysLeft(deadline: Date | null, now: Date = new Date()): number | null {
  if (!deadline) return null;
  return Math.ceil((deadline.getTime() - now.getTime()) / DAY_MS) || 0; // no -0
}

export const isOverdue = (deadline: Date | null, now: Date = new Date()) => !!deadline && deadline.getTime() < now.getTime();
