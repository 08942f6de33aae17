import { holderRoles, openStage, type WorkflowState } from "#domain/workflow";

// Where a file stands and how its deadline runs: the review lists, and the applicant's and facility's status pages.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days from `now` to `deadline`, rounded away from zero as the API counts them (2.1 days left is 3,
 * a deadline passed by an hour is -1); null without a deadline.
 */
export function daysLeft(deadline: string | null | undefined, now: Date = new Date()): number | null {
  if (!deadline) return null;
  const ms = new Date(deadline).getTime() - now.getTime();
  if (Number.isNaN(ms)) return null;
  return ms >= 0 ? Math.ceil(ms / DAY_MS) : -Math.ceil(-ms / DAY_MS);
}

export interface StageProgress {
  /** The stage awaiting a decision: the stored one while in progress, the next one after a pass (a page words it). */
  open: { id: number } | null;
  /** Who holds the file now, their role ids (the applicant while a reupload is awaited); a page words them. */
  holder: number[] | null;
  deadline: string | null;
  daysLeft: number | null;
  overdue: boolean;
}

/**
 * Where the applicant's file stands (decision 008): a pass keeps its label ("Selesai" after the document
 * check) and opens the next stage at once, with its holder and its own SLA clock from the moment of the pass.
 */
export function stageProgress(
  app: {
    is_submitted: boolean;
    status: WorkflowState["status"];
    tahap: { id: number } | null;
    stage_started_at: string | null;
    stage_deadline: string | null;
    holder_roles?: number[] | null;
    deadline_at?: string | null;
  },
  now: Date = new Date(),
): StageProgress {
  const openId = openStage({ is_submitted: app.is_submitted, status: app.status, stage_id: app.tahap?.id ?? null });
  const passedOn = app.status === "PASSED" && openId !== null;
  // The API keeps the open stage's deadline (set from /sla-setting's days when the stage opened).
  const deadline = app.deadline_at ?? app.stage_deadline;
  const left = daysLeft(deadline, now);
  return {
    open: openId === null ? null : { id: openId },
    holder: passedOn ? holderRoles({ status: null, openStageId: openId }) : (app.holder_roles ?? null),
    deadline,
    daysLeft: left,
    overdue: left !== null && left < 0,
  };
}
