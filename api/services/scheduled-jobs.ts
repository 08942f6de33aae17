import { and, asc, eq, gt, inArray, isNotNull, lte } from "drizzle-orm";
import type { Logger } from "pino";
import { sweepDeletedFiles } from "./storage/file-deletions";
import { storageWritable } from "./storage/owner";
import { homePathFor } from "#domain/guards";
import { stagesDecidedBy, STAGES } from "#domain/workflow";
import type { Database } from "../db/client";
import * as metrics from "../lib/metrics";
import { applications, jobRuns, users } from "../db/schema";
import { ALWAYS_SENDING, type DeliveryGate } from "./live-service";
import type { Mailer } from "./mail";
import { runRetention, type RetentionRunHooks } from "./data-rights/retention";
import type { ResumableSettings, RetentionSettings } from "../lib/settings";
import type { FileStorage } from "./storage/storage";
import type { DataStore } from "@tus/server";
import { sweepAbandonedUploads } from "./resumable/tus";
import { addressee, reuploadReminderMail, reviewerListMail, type ReviewerFile } from "./notifications";
import { wibDate, wibHour } from "#domain/time-zone";

// Scheduled jobs, on the mechanism of the mail outbox (docs/decisions/020-mail-outbox.md):
// each run claims a row of `job_runs` for its slot — a day, or a file and its deadline — in the
// transaction that records its mails. Across any number of instances a slot runs once (the primary
// key decides; a second instance's insert waits for the first's commit, then finds the row); a run that
// fails rolls back its claim and its mails together, and the next tick tries again.

const DAY = 86_400_000;
/** Reviewers hear of a file this long before its SLA deadline. */
export const SLA_REMINDER_BEFORE_MS = 2 * DAY;
/** An applicant hears again of a "Perbaikan Berkas" that has waited this long. */
export const REUPLOAD_REMINDER_AFTER_MS = 7 * DAY;
/** The overdue digest goes once a day, from this hour (Asia/Jakarta). */
export const DIGEST_HOUR_WIB = 7;
/** A reviewer's mail lists at most this many files, and says how many more. */
const FILES_PER_MAIL = 50;

export const JOBS = {
  slaReminder: "sla_reminder",
  overdueDigest: "overdue_digest",
  reuploadReminder: "reupload_reminder",
  retention: "retention",
  uploadsSweep: "uploads_sweep",
  fileDeletions: "file_deletions",
} as const;

// Every job × outcome counted from zero (api/lib/metrics.ts).
for (const job of Object.values(JOBS)) for (const outcome of metrics.JOB_OUTCOMES) metrics.jobRuns.inc({ job, outcome }, 0);

/** Claims the run of `job` for `slot`; false when another run (here or in another instance) has it. */
async function claim(tx: Database, job: string, slot: string): Promise<boolean> {
  const rows = await tx.insert(jobRuns).values({ job, slot }).onConflictDoNothing().returning({ slot: jobRuns.slot });
  return rows.length > 0;
}

type File = ReviewerFile & { id: string };
const FILE_COLUMNS = {
  id: applications.id,
  registrationNumber: applications.registrationNumber,
  applicantName: applications.applicantName,
  stageId: applications.openStageId,
  deadlineAt: applications.deadlineAt,
};
const asFiles = (
  rows: Array<{ id: string; registrationNumber: string; applicantName: string | null; stageId: number | null; deadlineAt: Date | null }>,
): File[] => rows.filter((r) => r.stageId !== null && r.deadlineAt !== null).map((r) => ({ ...r, stageId: r.stageId!, deadlineAt: r.deadlineAt! }));

/** One mail per active reviewer who decides a stage of `files`, listing their files; returns how many were recorded. */
async function mailReviewers(tx: Database, mailer: Mailer, kind: "slaSoon" | "overdue", files: File[]): Promise<number> {
  const stages = new Set(files.map((f) => f.stageId));
  const roles = [...new Set(STAGES.filter((s) => stages.has(s.id)).flatMap((s) => s.deciders))];
  if (roles.length === 0) return 0;
  const reviewers = await tx
    .select({ email: users.email, name: users.fullName, roleId: users.roleId })
    .from(users)
    .where(and(inArray(users.roleId, roles), eq(users.isActive, true), isNotNull(users.activatedAt)));
  let sent = 0;
  for (const r of reviewers) {
    const theirs = new Set<number>(stagesDecidedBy(r.roleId));
    const mine = files.filter((f) => theirs.has(f.stageId));
    if (mine.length === 0) continue;
    const to = { email: r.email, name: r.name };
    await mailer.send(
      kind === "slaSoon" ? JOBS.slaReminder : JOBS.overdueDigest,
      to,
      reviewerListMail(to, kind, mine.slice(0, FILES_PER_MAIL), mine.length, homePathFor(r.roleId), mailer.publicUrl),
      tx,
    );
    sent++;
  }
  return sent;
}

/** The reviewers of each file whose deadline falls within 2 days, once per file and deadline. Returns the mails recorded. */
export async function remindReviewersBeforeDeadline(db: Database, mailer: Mailer, now = new Date()): Promise<number> {
  const due = asFiles(
    await db
      .select(FILE_COLUMNS)
      .from(applications)
      .where(
        and(
          isNotNull(applications.openStageId),
          gt(applications.deadlineAt, now),
          lte(applications.deadlineAt, new Date(now.getTime() + SLA_REMINDER_BEFORE_MS)),
        ),
      )
      .orderBy(asc(applications.deadlineAt)),
  );
  if (due.length === 0) return 0;
  return db.transaction(async (tx) => {
    const claimed: File[] = [];
    for (const f of due) if (await claim(tx, JOBS.slaReminder, `${f.id}:${f.deadlineAt.toISOString()}`)) claimed.push(f);
    return claimed.length === 0 ? 0 : mailReviewers(tx, mailer, "slaSoon", claimed);
  });
}

/** The day in WIB (YYYY-MM-DD) and its hour. */
function jakarta(now: Date) {
  return { day: wibDate(now), hour: wibHour(now) };
}

/** Once a day from 07:00 WIB: each reviewer gets the files past their deadline at the stages they decide. */
export async function sendOverdueDigest(db: Database, mailer: Mailer, now = new Date(), fromHour = DIGEST_HOUR_WIB): Promise<number> {
  const { day, hour } = jakarta(now);
  if (hour < fromHour) return 0;
  return db.transaction(async (tx) => {
    if (!(await claim(tx, JOBS.overdueDigest, day))) return 0;
    const overdue = asFiles(
      await tx
        .select(FILE_COLUMNS)
        .from(applications)
        .where(and(isNotNull(applications.openStageId), lte(applications.deadlineAt, now)))
        .orderBy(asc(applications.deadlineAt)),
    );
    return overdue.length === 0 ? 0 : mailReviewers(tx, mailer, "overdue", overdue);
  });
}

/** The applicant (or the facility that registered them) of each "Perbaikan Berkas" waiting 7 days, once per request. */
export async function remindPendingReuploads(db: Database, mailer: Mailer, now = new Date()): Promise<number> {
  const waiting = await db
    .select({ id: applications.id, since: applications.stageStartedAt })
    .from(applications)
    .where(
      and(
        eq(applications.isSubmitted, true),
        eq(applications.isFinal, false),
        eq(applications.status, "REUPLOAD"),
        lte(applications.stageStartedAt, new Date(now.getTime() - REUPLOAD_REMINDER_AFTER_MS)),
      ),
    );
  let sent = 0;
  for (const w of waiting) {
    const since = w.since!;
    sent += await db.transaction(async (tx) => {
      if (!(await claim(tx, JOBS.reuploadReminder, `${w.id}:${since.toISOString()}`))) return 0;
      const a = await addressee(tx, w.id);
      if (!a) return 0;
      await mailer.send(JOBS.reuploadReminder, a.to, reuploadReminderMail(a, since, mailer.publicUrl), tx);
      return 1;
    });
  }
  return sent;
}

export interface Scheduler {
  /**
   * Runs every job not already running, side by side, and waits for them (tests; each still runs once per
   * slot); a job still running from an earlier call is skipped. Nothing on a copy of the database not yet adopted.
   */
  runAll(now?: Date): Promise<void>;
  close(): Promise<void>;
}

/** Runs the jobs every `intervalMs` (JOBS_INTERVAL_SECONDS) in the API process; 0 runs nothing on its own. */
export function createScheduler(options: {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  intervalMs: number;
  digestHourWib?: number;
  gate?: DeliveryGate;
  /** the retention job (api/services/data-rights/retention.ts): notices, deletions, anonymisation, in batches; without it, none */
  retention?: { storage: FileStorage; settings: RetentionSettings; hooks?: RetentionRunHooks };
  /** the sweep of abandoned resumable uploads (api/services/resumable/tus.ts); without it, none */
  uploads?: { store: DataStore; settings: Pick<ResumableSettings, "expiryHours"> };
  /** the removal of deleted files' bytes after FILE_DELETE_GRACE_DAYS (api/services/storage/file-deletions.ts); without it, none */
  fileDeletions?: { storage: FileStorage; graceDays: number };
  /** told when a job's run has ended, whatever its outcome (tests wait for it) */
  onJobDone?: (job: string) => void;
}): Scheduler {
  const { db, mailer, logger, retention } = options;
  const gate = options.gate ?? ALWAYS_SENDING;
  const jobs: Array<readonly [string, (db: Database, mailer: Mailer, now: Date) => Promise<number>]> = [
    [JOBS.slaReminder, remindReviewersBeforeDeadline],
    [JOBS.overdueDigest, (db: Database, mailer: Mailer, now: Date) => sendOverdueDigest(db, mailer, now, options.digestHourWib)],
    [JOBS.reuploadReminder, remindPendingReuploads],
  ];
  const uploads = options.uploads;
  if (retention) {
    const { hooks, ...rest } = retention;
    jobs.push([
      JOBS.retention,
      (db: Database, mailer: Mailer, now: Date) =>
        runRetention({ db, mailer, logger, tusStore: uploads?.store, ...rest, stopping: () => closed, ...hooks }, now),
    ]);
  }
  // Every run: what it removes is past its expiry whichever instance looks, so no slot is claimed.
  // Not from storage another PUBLIC_URL owns (a copy adopted on the live service's bucket: its unfinished uploads are the live service's).
  const owned = options.fileDeletions?.storage ?? retention?.storage;
  if (uploads)
    jobs.push([
      JOBS.uploadsSweep,
      async (db: Database, _mailer: Mailer, now: Date) =>
        owned && !(await storageWritable(owned)) ? 0 : sweepAbandonedUploads({ db, logger, ...uploads }, now),
    ]);
  // Every run, on the live service only (a copy holds its jobs) and from storage this instance owns.
  const deletions = options.fileDeletions;
  if (deletions) jobs.push([JOBS.fileDeletions, (db: Database, _mailer: Mailer, now: Date) => sweepDeletedFiles({ db, logger, ...deletions }, now)]);
  // Each job runs on its own: a run that takes long (retention's first pass on a large database) holds
  // only itself. A tick starts every job not still running from an earlier tick and skips the rest
  // (outcome "busy"), so reminders, the upload sweep and the file-deletion sweep keep their pace.
  const running = new Map<string, Promise<void>>();
  let closed = false;
  async function runJob(name: string, job: (db: Database, mailer: Mailer, now: Date) => Promise<number>, now: Date) {
    try {
      const mails = await job(db, mailer, now);
      if (mails > 0) logger.info({ job: name, changes: mails }, "scheduled job ran");
      metrics.jobRuns.inc({ job: name, outcome: "ok" });
      metrics.jobLastRun.set({ job: name }, Date.now() / 1000);
    } catch (err) {
      logger.error({ err, job: name }, "scheduled job failed");
      metrics.jobRuns.inc({ job: name, outcome: "error" });
    }
    options.onJobDone?.(name);
  }
  async function runAll(now = new Date()) {
    // A copy of the database reminds nobody (api/services/live-service.ts): its job_runs stay as they were.
    let outcome: "run" | "held" | "error";
    try {
      outcome = (await gate.state()).jobs ? "run" : "held";
    } catch (err) {
      logger.error({ err }, "scheduled jobs: the live-service check failed");
      outcome = "error";
    }
    if (outcome !== "run") {
      for (const [name] of jobs) metrics.jobRuns.inc({ job: name, outcome });
      return;
    }
    const started: Array<Promise<void>> = [];
    for (const [name, job] of jobs) {
      if (closed) break;
      if (running.has(name)) {
        metrics.jobRuns.inc({ job: name, outcome: "busy" });
        continue;
      }
      const run = runJob(name, job, now).finally(() => running.delete(name));
      running.set(name, run);
      started.push(run);
    }
    await Promise.all(started);
  }
  const tick = () => {
    if (!closed) void runAll();
  };
  const timer = options.intervalMs > 0 ? setInterval(tick, options.intervalMs) : undefined;
  timer?.unref();
  return {
    runAll,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
