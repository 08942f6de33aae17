import { randomUUID } from "node:crypto";
import type { DataStore } from "@tus/server";
import { and, eq, inArray, isNotNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { Logger } from "pino";
import { ROLE } from "#domain/roles";
import type { Database } from "../../db/client";
import {
  accessLog,
  accessLogExports,
  achievements,
  additionalRequirements,
  applicantProfiles,
  applicationDocuments,
  applications,
  auditLog,
  files,
  jobRuns,
  mailOutbox,
  portfolioEntries,
  refreshTokens,
  tusUploads,
  users,
} from "../../db/schema";
import type { Mailer } from "../mail";
import { accountRetentionMail, addressee, draftRetentionMail } from "../notifications";
import { appendAudit } from "../workflow/audit";
import type { FileStorage } from "../storage/storage";
import { deferDeletion } from "../storage/file-deletions";
import { releaseLease, renewLease, takeLease } from "../job-lease";
import { storageWritable } from "../storage/owner";
import { removeUnfinishedUploads } from "../resumable/tus";
import type { RetentionSettings } from "../../lib/settings";

// Kept no longer than needed (UU PDP No. 27/2022; docs/decisions/029-retention-and-deletion.md). Three
// periods, in months: a draft never submitted (from its last change), an account that never started an
// application (from its last use), and a decided, closed file (from its last decision: the authority's
// period, off by default). The owner of a draft or an account is mailed 30 days before; the deletion
// waits until 30 days after that mail, so nobody loses data without the notice. Each mail is a claim in
// job_runs (slot: the record and the moment its period started), so it goes once across instances, and
// a change by the owner starts a new period (and a new notice). Dates are computed in SQL, in months.

/** The owner hears this many days before a deletion; a deletion never comes sooner after the mail. */
export const NOTICE_DAYS = 30;

export const RETENTION_JOBS = {
  draftNotice: "retention_draft_notice",
  accountNotice: "retention_account_notice",
  draftDelete: "retention_draft_delete",
  accountDelete: "retention_account_delete",
  anonymise: "retention_anonymise",
} as const;

const months = (n: number) => sql`make_interval(months => ${n}::int)`;
const notice = sql`make_interval(days => ${NOTICE_DAYS}::int)`;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** A draft's period starts at its last change: the draft itself or a document saved to it. */
const draftSince = sql<Date>`greatest(${applications.updatedAt}, coalesce((select max(d.uploaded_at) from ${applicationDocuments} d where d.application_id = ${applications.id}), ${applications.updatedAt}))`;
/** An account's at its last use: a change to it or its personal data, or a login. */
const accountSince = sql<Date>`greatest(${users.updatedAt}, coalesce((select max(r.created_at) from ${refreshTokens} r where r.user_id = ${users.id}), ${users.updatedAt}), coalesce((select p.updated_at from ${applicantProfiles} p where p.user_id = ${users.id}), ${users.updatedAt}))`;
/** A closed file's at its last decision. */
const closedSince = sql<Date>`coalesce((select max(l.created_at) from ${auditLog} l where l.application_id = ${applications.id} and l.action = 'DECISION'), ${applications.updatedAt})`;

/** The job_runs slot of a notice: the record and the start of its period, in milliseconds. */
const slotOf = (id: SQL | typeof applications.id | typeof users.id, since: SQL) =>
  sql<string>`${id}::text || ':' || floor(extract(epoch from ${since}) * 1000)::bigint::text`;
const noticeAt = (job: string, slot: SQL) => sql<Date | null>`(select jr.ran_at from ${jobRuns} jr where jr.job = ${job} and jr.slot = ${slot})`;

/** Drafts never submitted (not yet the facility's or the applicant's submitted file). */
const neverSubmitted = and(eq(applications.isSubmitted, false), eq(applications.isFinal, false));
/** Applicant accounts with no application of their own or registered for them. */
const neverStarted = and(
  eq(users.roleId, ROLE.APPLICANT),
  // two anti-joins, one index each (an OR of the two columns is a look-up per user)
  sql`not exists (select 1 from ${applications} a where a.applicant_user_id = ${users.id})`,
  sql`not exists (select 1 from ${applications} a where a.submitted_by_user_id = ${users.id})`,
);

/** A timestamp column read as a Date (or null, for a notice not mailed yet). */
const toDate = (v: string) => new Date(v);
const toDateOrNull = (v: string | null) => (v === null ? null : new Date(v));

/** The drafts of the period: when each started, its planned deletion and its notice (if mailed). */
function draftRows(db: Database, s: RetentionSettings, where?: SQL) {
  const slot = slotOf(applications.id, draftSince);
  return db
    .select({
      id: applications.id,
      registrationNumber: applications.registrationNumber,
      name: applications.applicantName,
      since: sql<string>`${draftSince}`.mapWith(toDate),
      due: sql<string>`${draftSince} + ${months(s.draftMonths)}`.mapWith(toDate),
      slot,
      noticeAt: sql<string | null>`${noticeAt(RETENTION_JOBS.draftNotice, slot)}`.mapWith(toDateOrNull),
    })
    .from(applications)
    .where(and(neverSubmitted, where));
}

function accountRows(db: Database, s: RetentionSettings, where?: SQL) {
  const slot = slotOf(users.id, accountSince);
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.fullName,
      since: sql<string>`${accountSince}`.mapWith(toDate),
      due: sql<string>`${accountSince} + ${months(s.accountMonths)}`.mapWith(toDate),
      slot,
      noticeAt: sql<string | null>`${noticeAt(RETENTION_JOBS.accountNotice, slot)}`.mapWith(toDateOrNull),
    })
    .from(users)
    .where(and(neverStarted, where));
}

/** When a record is deleted: its planned date, and never sooner than 30 days after its notice (or after now, when none went yet). */
export function deletionDate(due: Date, noticeAt: Date | null, now: Date): Date {
  const after = new Date((noticeAt ?? now).getTime() + NOTICE_DAYS * 86_400_000);
  return due > after ? due : after;
}

/** Claims a notice: false when it was mailed already (here or in another instance). */
async function claimNotice(tx: Database, job: string, slot: string, now: Date): Promise<boolean> {
  const rows = await tx.insert(jobRuns).values({ job, slot, ranAt: now }).onConflictDoNothing().returning({ slot: jobRuns.slot });
  return rows.length > 0;
}

export interface RetentionDeps {
  db: Database;
  mailer: Mailer;
  storage: FileStorage;
  logger: Logger;
  settings: RetentionSettings;
  /** the store of unfinished resumable uploads: an account's go with it */
  tusStore?: DataStore;
}

/** One batch of a step: at most `limit` records, those with an id after `after` (ids in order). */
interface Batch {
  limit: number;
  after: string | null;
}
/** What a batch did: its changes, the last id it read, and whether it read a full batch (more may follow). */
interface BatchDone {
  changes: number;
  last: string | null;
  full: boolean;
}
/** A step of the pass; null when its setting turns it off. */
type Step = (deps: RetentionDeps, now: Date, batch: Batch) => Promise<BatchDone | null>;

const after = (id: typeof applications.id | typeof users.id, b: Batch) => (b.after === null ? undefined : sql`${id} > ${b.after}`);
const doneWith = (b: Batch, ids: string[], changes: number): BatchDone => ({ changes, last: ids.at(-1) ?? b.after, full: ids.length >= b.limit });

/** Mails the owners of drafts whose deletion is within 30 days, once each. */
const draftNotices: Step = async (deps, now, b) => {
  const { db, mailer, settings } = deps;
  if (settings.draftMonths <= 0) return null;
  const due = await draftRows(
    db,
    settings,
    and(
      sql`${draftSince} + ${months(settings.draftMonths)} - ${notice} <= ${at(now)} and ${noticeAt(RETENTION_JOBS.draftNotice, slotOf(applications.id, draftSince))} is null`,
      after(applications.id, b),
    ),
  )
    .orderBy(applications.id)
    .limit(b.limit);
  let sent = 0;
  for (const d of due) {
    sent += await db.transaction(async (tx) => {
      if (!(await claimNotice(tx, RETENTION_JOBS.draftNotice, d.slot, now))) return 0;
      const a = await addressee(tx, d.id);
      if (!a) return 0;
      await mailer.send(RETENTION_JOBS.draftNotice, a.to, draftRetentionMail(a, d.since, deletionDate(d.due, now, now), mailer.publicUrl), tx);
      return 1;
    });
  }
  return doneWith(
    b,
    due.map((d) => d.id),
    sent,
  );
};

/** Mails the owners of unused accounts whose deletion is within 30 days, once each. */
const accountNotices: Step = async (deps, now, b) => {
  const { db, mailer, settings } = deps;
  if (settings.accountMonths <= 0) return null;
  const due = await accountRows(
    db,
    settings,
    and(
      sql`${accountSince} + ${months(settings.accountMonths)} - ${notice} <= ${at(now)} and ${noticeAt(RETENTION_JOBS.accountNotice, slotOf(users.id, accountSince))} is null`,
      after(users.id, b),
    ),
  )
    .orderBy(users.id)
    .limit(b.limit);
  let sent = 0;
  for (const u of due) {
    sent += await db.transaction(async (tx) => {
      if (!(await claimNotice(tx, RETENTION_JOBS.accountNotice, u.slot, now))) return 0;
      const to = { email: u.email, name: u.name };
      await mailer.send(RETENTION_JOBS.accountNotice, to, accountRetentionMail(to, u.since, deletionDate(u.due, now, now), mailer.publicUrl), tx);
      return 1;
    });
  }
  return doneWith(
    b,
    due.map((u) => u.id),
    sent,
  );
};

/** Every batch of one step, start to end, whatever it takes (the functions below; tests). */
async function wholeStep(step: Step, deps: RetentionDeps, now: Date): Promise<number> {
  let b: Batch = { limit: deps.settings.batchSize, after: null };
  let changes = 0;
  for (;;) {
    const r = await step(deps, now, b);
    if (!r) return changes;
    changes += r.changes;
    if (!r.full) return changes;
    b = { ...b, after: r.last };
  }
}

/** Mails the owners of drafts and accounts whose deletion is within 30 days, once each. Returns the mails recorded. */
export async function sendRetentionNotices(deps: RetentionDeps, now = new Date()): Promise<number> {
  return (await wholeStep(draftNotices, deps, now)) + (await wholeStep(accountNotices, deps, now));
}

/**
 * Deletes a draft's rows (its documents, portfolio, achievements and requests with it) and the file rows
 * only it used; answers the storage keys, their bytes' deletion recorded.
 */
async function dropDraft(tx: Database, applicationId: string): Promise<string[]> {
  const docs = await tx.select({ fileId: applicationDocuments.fileId }).from(applicationDocuments).where(eq(applicationDocuments.applicationId, applicationId));
  const extra = await tx
    .select({ fileId: additionalRequirements.fileId })
    .from(additionalRequirements)
    .where(and(eq(additionalRequirements.applicationId, applicationId), isNotNull(additionalRequirements.fileId)));
  await tx.delete(applications).where(eq(applications.id, applicationId)); // documents, audit, portfolio, achievements: cascade
  return dropUnusedFiles(tx, [...docs.map((d) => d.fileId), ...extra.map((e) => e.fileId!)]);
}

/** Deletes the file rows of `ids` nothing refers to any more; answers their storage keys. */
async function dropUnusedFiles(tx: Database, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const gone = await tx
    .delete(files)
    .where(
      and(
        inArray(files.id, [...new Set(ids)]),
        sql`not exists (select 1 from ${applicationDocuments} d where d.file_id = ${files.id})`,
        sql`not exists (select 1 from ${additionalRequirements} r where r.file_id = ${files.id})`,
        sql`not exists (select 1 from ${applicantProfiles} p where p.photo_file_id = ${files.id})`,
      ),
    )
    .returning({ key: files.storageKey });
  const keys = gone.map((g) => g.key);
  await deferDeletion(tx, keys); // the bytes go after the grace (api/services/storage/file-deletions.ts)
  return keys;
}

/**
 * Deletes an applicant's account with its drafts, personal data, photo and sessions; refused (false) when
 * it has a submitted application. Used by the retention job, by the person (/profile) and by an approved
 * request, whose decision and mail `first` records in the same transaction, before anything is deleted.
 */
export async function deleteApplicantAccount(
  deps: Pick<RetentionDeps, "db" | "storage" | "logger" | "tusStore">,
  userId: string,
  opts: { allowSubmitted?: boolean; first?: (tx: Database) => Promise<void>; closedBy?: FileCloser } = {},
): Promise<boolean> {
  let unfinished: string[] = [];
  const keys = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, email: users.email, roleId: users.roleId }).from(users).where(eq(users.id, userId)).for("update");
    if (!user || user.roleId !== ROLE.APPLICANT) return null;
    await opts.first?.(tx);
    const apps = await tx
      .select({ id: applications.id, isSubmitted: applications.isSubmitted })
      .from(applications)
      .where(eq(applications.applicantUserId, userId));
    if (!opts.allowSubmitted && apps.some((a) => a.isSubmitted)) return null;
    // Resumable uploads not finished, the account's own or to its applications (a facility's): their rows
    // go here, their bytes in the tus store once this commits, not at the 24-hour sweep.
    const ids = apps.map((a) => a.id);
    const uploads = await tx
      .delete(tusUploads)
      .where(ids.length > 0 ? or(eq(tusUploads.accountId, userId), inArray(tusUploads.applicationId, ids)) : eq(tusUploads.accountId, userId))
      .returning({ id: tusUploads.id });
    unfinished = uploads.map((u) => u.id);
    const keys: string[] = [];
    for (const a of apps) {
      if (a.isSubmitted) keys.push(...(await anonymiseFile(tx, a.id, new Date(), opts.closedBy)));
      else keys.push(...(await dropDraft(tx, a.id)));
    }
    if (apps.some((a) => a.isSubmitted)) {
      // A submitted file stays in the authority's record, anonymised; the account is emptied and closed.
      keys.push(...(await anonymisePerson(tx, userId)));
      return keys;
    }
    const [profile] = await tx.delete(applicantProfiles).where(eq(applicantProfiles.userId, userId)).returning({ photo: applicantProfiles.photoFileId });
    const owned = await tx.select({ id: files.id }).from(files).where(eq(files.ownerUserId, userId));
    keys.push(...(await dropUnusedFiles(tx, [...owned.map((f) => f.id), ...(profile?.photo ? [profile.photo] : [])])));
    // Mail already sent or given up on names the person: it goes with the account.
    await tx.delete(mailOutbox).where(and(eq(mailOutbox.recipient, user.email), ne(mailOutbox.status, "pending")));
    await tx.delete(users).where(eq(users.id, userId)); // profile, sessions, tokens: cascade; access_log keeps the read, without the name
    return keys;
  });
  if (keys === null) return false;
  // Unfinished uploads are never a document: their bytes go now, but only from storage this instance owns.
  if (deps.tusStore && (await storageWritable(deps.storage))) await removeUnfinishedUploads(deps.tusStore, unfinished, deps.logger);
  return true;
}

/** Empties a person's account in place (a submitted file still points at it): name, identifiers, photo, sessions; it can no longer log in. */
async function anonymisePerson(tx: Database, userId: string): Promise<string[]> {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const [profile] = await tx.delete(applicantProfiles).where(eq(applicantProfiles.userId, userId)).returning({ photo: applicantProfiles.photoFileId });
  await tx
    .update(users)
    .set({
      email: `anonim-${userId}@anonim.invalid`,
      fullName: "Anonim",
      passwordHash: "!",
      nik: null,
      phone: null,
      foreignId: null,
      nationality: null,
      isActive: false,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
  if (user) await tx.delete(mailOutbox).where(and(eq(mailOutbox.recipient, user.email), ne(mailOutbox.status, "pending")));
  return profile?.photo ? dropUnusedFiles(tx, [profile.photo]) : [];
}

/** Who closes a file still open when its applicant's account is emptied: the Super Admin approving the request. */
export interface FileCloser {
  userId: string;
  role: number;
}

/**
 * A submitted file not yet decided for good whose applicant's account is emptied (an approved deletion
 * request) is closed: no stage open (it leaves the reviewers' queues and their counts), no deadline (its
 * SLA clock stops, no reminder or digest names it), no status (no label counts it, nobody can decide it,
 * and no reupload is awaited), final. Its audit trail says why: an ACCOUNT_DELETED entry by the Super
 * Admin who approved (the request and its reason are in admin_audit_log). Stage and history stay, as for
 * every file the authority keeps.
 */
async function closeOpenFile(tx: Database, applicationId: string, now: Date, by: FileCloser): Promise<void> {
  const [app] = await tx
    .select({ isFinal: applications.isFinal, stageId: applications.stageId, status: applications.status })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .for("update");
  if (!app || app.isFinal) return;
  await tx
    .update(applications)
    .set({ status: null, isFinal: true, openStageId: null, deadlineAt: null, updatedAt: now })
    .where(eq(applications.id, applicationId));
  await appendAudit(tx, {
    applicationId,
    actor: { userId: by.userId, role: by.role },
    action: "ACCOUNT_DELETED",
    from: { stage: app.stageId, status: app.status },
    to: { stage: app.stageId, status: null },
    at: now,
  });
}

/**
 * A closed file past the authority's period: its documents are removed and the person's data in it
 * replaced, while its audit trail (stages, decisions, dates) stays, so /waktu-proses counts it as before.
 */
async function anonymiseFile(tx: Database, applicationId: string, now: Date, closedBy?: FileCloser): Promise<string[]> {
  if (closedBy) await closeOpenFile(tx, applicationId, now, closedBy);
  const docs = await tx
    .delete(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, applicationId))
    .returning({ fileId: applicationDocuments.fileId });
  const extra = await tx
    .select({ fileId: additionalRequirements.fileId })
    .from(additionalRequirements)
    .where(and(eq(additionalRequirements.applicationId, applicationId), isNotNull(additionalRequirements.fileId)));
  await tx.update(additionalRequirements).set({ fileId: null }).where(eq(additionalRequirements.applicationId, applicationId));
  await tx.delete(portfolioEntries).where(eq(portfolioEntries.applicationId, applicationId));
  await tx.delete(achievements).where(eq(achievements.applicationId, applicationId));
  // The audit trail is append-only (its trigger refuses updates) and stays whole: stages, decisions, their
  // times and the reviewers' notes; /waktu-proses reads it alone.
  await tx.update(applications).set({ applicantName: null, applicantEmail: null, anonymisedAt: now }).where(eq(applications.id, applicationId));
  return dropUnusedFiles(tx, [...docs.map((d) => d.fileId), ...extra.map((e) => e.fileId!)]);
}

/** Deletes the drafts whose notice went 30 days ago and whose period has run out. */
const draftDeletions: Step = async (deps, now, b) => {
  const { db, settings } = deps;
  if (settings.draftMonths <= 0) return null;
  const slot = slotOf(applications.id, draftSince);
  const expired = await draftRows(
    db,
    settings,
    and(
      sql`${draftSince} + ${months(settings.draftMonths)} <= ${at(now)} and ${noticeAt(RETENTION_JOBS.draftNotice, slot)} + ${notice} <= ${at(now)}`,
      after(applications.id, b),
    ),
  )
    .orderBy(applications.id)
    .limit(b.limit);
  let drafts = 0;
  for (const d of expired) {
    const keys = await db.transaction(async (tx) => {
      // Checked again under the row's lock: submitted or changed since the list was read, it stays.
      const [still] = await draftRows(tx, settings, sql`${applications.id} = ${d.id} and ${slot} = ${d.slot}`).for("update", { of: applications });
      return still ? dropDraft(tx, d.id) : null;
    });
    if (keys === null) continue;
    drafts++;
    deps.logger.info({ job: RETENTION_JOBS.draftDelete, applicationId: d.id, files: keys.length }, "retention: draft deleted");
  }
  return doneWith(
    b,
    expired.map((d) => d.id),
    drafts,
  );
};

/** Deletes the accounts whose notice went 30 days ago and whose period has run out. */
const accountDeletions: Step = async (deps, now, b) => {
  const { db, settings } = deps;
  if (settings.accountMonths <= 0) return null;
  const slot = slotOf(users.id, accountSince);
  const expired = await accountRows(
    db,
    settings,
    and(
      sql`${accountSince} + ${months(settings.accountMonths)} <= ${at(now)} and ${noticeAt(RETENTION_JOBS.accountNotice, slot)} + ${notice} <= ${at(now)}`,
      after(users.id, b),
    ),
  )
    .orderBy(users.id)
    .limit(b.limit);
  let accounts = 0;
  for (const u of expired) {
    // Used since the list was read (a login, a new draft): a new period, so it stays.
    const [still] = await accountRows(db, settings, sql`${users.id} = ${u.id} and ${slot} = ${u.slot}`);
    if (!still) continue;
    if (await deleteApplicantAccount(deps, u.id)) {
      accounts++;
      deps.logger.info({ job: RETENTION_JOBS.accountDelete, userId: u.id }, "retention: account deleted");
    }
  }
  return doneWith(
    b,
    expired.map((u) => u.id),
    accounts,
  );
};

/** Deletes the drafts and accounts whose notice went 30 days ago and whose period has run out. Returns how many. */
export async function deleteExpired(deps: RetentionDeps, now = new Date()): Promise<{ drafts: number; accounts: number }> {
  return { drafts: await wholeStep(draftDeletions, deps, now), accounts: await wholeStep(accountDeletions, deps, now) };
}

/** Closed files past the authority's period (RETENTION_CLOSED_FILE_MONTHS): documents removed, person anonymised. */
const closedFiles: Step = async (deps, now, b) => {
  const { db, settings } = deps;
  if (settings.closedFileMonths <= 0) return null;
  const due = await db
    .select({ id: applications.id, userId: applications.applicantUserId })
    .from(applications)
    .where(
      and(
        eq(applications.isFinal, true),
        sql`${applications.anonymisedAt} is null`,
        sql`${closedSince} + ${months(settings.closedFileMonths)} <= ${at(now)}`,
        after(applications.id, b),
      ),
    )
    .orderBy(applications.id)
    .limit(b.limit);
  let done = 0;
  for (const f of due) {
    const keys = await db.transaction(async (tx) => {
      const [row] = await tx.select({ anonymisedAt: applications.anonymisedAt }).from(applications).where(eq(applications.id, f.id)).for("update");
      if (!row || row.anonymisedAt) return null;
      const keys = await anonymiseFile(tx, f.id, now);
      // The person goes too once nothing of theirs is open or still kept.
      const [kept] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(applications)
        .where(and(eq(applications.applicantUserId, f.userId), sql`${applications.anonymisedAt} is null`));
      const [person] = await tx.select({ roleId: users.roleId }).from(users).where(eq(users.id, f.userId));
      if (kept.n === 0 && person?.roleId === ROLE.APPLICANT) keys.push(...(await anonymisePerson(tx, f.userId)));
      return keys;
    });
    if (keys === null) continue;
    done++;
    deps.logger.info({ job: RETENTION_JOBS.anonymise, applicationId: f.id, files: keys.length }, "retention: closed file anonymised");
  }
  return doneWith(
    b,
    due.map((f) => f.id),
    done,
  );
};

/** Closed files past the authority's period (RETENTION_CLOSED_FILE_MONTHS): documents removed, person anonymised. Returns how many. */
export async function anonymiseClosedFiles(deps: RetentionDeps, now = new Date()): Promise<number> {
  return wholeStep(closedFiles, deps, now);
}

/**
 * Which files a CSV export held (access_log_exports, 3.3–5 MB per export of 90,000 files), once older
 * than RETENTION_EXPORT_DETAIL_MONTHS. The export's access_log row stays (who, when, with which filter):
 * the detail goes, the record of the export does not (docs/decisions/026-access-log.md). A batch is
 * RETENTION_BATCH_SIZE export batches (250 files each); what it removed is gone, so no cursor is kept.
 */
const exportDetails: Step = async (deps, now, b) => {
  const { db, settings } = deps;
  if (settings.exportDetailMonths <= 0) return null;
  const old = db
    .select({ id: accessLogExports.id })
    .from(accessLogExports)
    .innerJoin(accessLog, eq(accessLog.id, accessLogExports.accessLogId))
    .where(sql`${accessLog.createdAt} + ${months(settings.exportDetailMonths)} <= ${at(now)}`)
    .limit(b.limit);
  const removed = await db.delete(accessLogExports).where(inArray(accessLogExports.id, old)).returning({ id: accessLogExports.id });
  if (removed.length > 0) deps.logger.info({ job: "retention", batches: removed.length }, "retention: export details removed");
  return { changes: removed.length, last: null, full: removed.length >= b.limit };
};

/** Export details older than RETENTION_EXPORT_DETAIL_MONTHS, all of them. Returns the export batches removed. */
export async function pruneExportDetails(deps: RetentionDeps, now = new Date()): Promise<number> {
  return wholeStep(exportDetails, deps, now);
}

/** The pass, in order: notices, then deletions, then anonymisation, then old export details. */
const STEPS: ReadonlyArray<readonly [string, Step]> = [
  ["draft_notices", draftNotices],
  ["account_notices", accountNotices],
  ["draft_deletions", draftDeletions],
  ["account_deletions", accountDeletions],
  ["closed_files", closedFiles],
  ["export_details", exportDetails],
];

/** The lease of job_leases that lets one instance at a time run the pass. */
export const RETENTION_LEASE = "retention";
/** A lease outlives its run by this much: an instance that died mid-run frees the pass for another after it. */
const LEASE_MARGIN_MS = 5 * 60_000;

/** Where a pass stopped (job_leases.progress): the step and the last id of its last batch; null: no pass under way. */
export interface RetentionProgress {
  step: string;
  after: string | null;
  batches: number;
  changes: number;
  /** when the pass began */
  since: string;
}

export interface RetentionRun {
  /** false: another run (here or in another instance) holds the lease; this one did nothing */
  ran: boolean;
  changes: number;
  batches: number;
  /** the pass is complete (the next run starts a new one) */
  done: boolean;
  /** where the pass goes on at the next run, when not done */
  progress: RetentionProgress | null;
}

export interface RetentionRunHooks {
  /** the run's clock, in milliseconds (performance.now): the budget is measured with it */
  clock?: () => number;
  /** after each batch, while the lease is held (tests hold a run mid-pass with it) */
  afterBatch?: (progress: RetentionProgress) => Promise<void>;
  /** true once the process is stopping: the run ends after the batch under way (the next instance goes on) */
  stopping?: () => boolean;
}

/**
 * One run of the retention pass: batches of RETENTION_BATCH_SIZE records, until the pass is complete or
 * RETENTION_RUN_BUDGET_MS is spent (at least one batch a run), then the next run goes on from where this
 * one stopped (job_leases.progress). One instance at a time: the run takes the lease first and does
 * nothing when another holds it. Every record is handled in a transaction of its own that checks it
 * again, so a lease lost to an instance that thought this one dead only costs double work, never a
 * double mail (job_runs claims) or a wrong deletion.
 */
export async function runRetentionBatches(deps: RetentionDeps & RetentionRunHooks, now = new Date()): Promise<RetentionRun> {
  const { db, settings, logger } = deps;
  const holder = randomUUID();
  const ttlMs = Math.max(0, settings.runBudgetMs) + LEASE_MARGIN_MS;
  const lease = await takeLease(db, RETENTION_LEASE, holder, ttlMs);
  if (!lease) {
    logger.debug({ job: "retention" }, "retention: another run holds the lease; skipped");
    return { ran: false, changes: 0, batches: 0, done: false, progress: null };
  }
  const clock = deps.clock ?? (() => performance.now());
  const started = clock();
  const stored = lease.progress as RetentionProgress | null;
  let index = stored
    ? Math.max(
        0,
        STEPS.findIndex(([name]) => name === stored.step),
      )
    : 0;
  let progress: RetentionProgress = stored ?? { step: STEPS[0][0], after: null, batches: 0, changes: 0, since: new Date().toISOString() };
  let batches = 0;
  let changes = 0;
  let done = false;
  try {
    for (;;) {
      if (index >= STEPS.length) {
        done = true;
        break;
      }
      const [name, step] = STEPS[index];
      const r = await step(deps, now, { limit: Math.max(1, settings.batchSize), after: progress.step === name ? progress.after : null });
      if (r === null) {
        index++; // turned off: no batch
        continue;
      }
      batches++;
      changes += r.changes;
      if (r.full) progress = { ...progress, step: name, after: r.last };
      else progress = { ...progress, step: STEPS[index + 1]?.[0] ?? "", after: null };
      if (!r.full) index++;
      progress = { ...progress, batches: progress.batches + 1, changes: progress.changes + r.changes };
      if (index >= STEPS.length) {
        done = true;
        break;
      }
      if (!(await renewLease(db, RETENTION_LEASE, holder, ttlMs, progress))) {
        logger.warn({ job: "retention" }, "retention: the lease went to another instance; this run stops");
        return { ran: true, changes, batches, done: false, progress };
      }
      await deps.afterBatch?.(progress);
      if (clock() - started >= settings.runBudgetMs || deps.stopping?.()) break;
    }
  } finally {
    await releaseLease(db, RETENTION_LEASE, holder, done ? null : progress).catch((err: unknown) =>
      logger.error({ err, job: "retention" }, "retention: the lease could not be released; it expires on its own"),
    );
  }
  if (done) logger.info({ job: "retention", batches: progress.batches, changes: progress.changes, since: progress.since }, "retention: pass complete");
  else
    logger.info(
      { job: "retention", step: progress.step, batches: progress.batches, changes: progress.changes, reason: deps.stopping?.() ? "stopping" : "budget" },
      "retention: run stopped; the next goes on where it stopped",
    );
  return { ran: true, changes, batches, done, progress: done ? null : progress };
}

/** One run (runRetentionBatches). Returns the mails recorded plus the records changed. */
export async function runRetention(deps: RetentionDeps & RetentionRunHooks, now = new Date()): Promise<number> {
  return (await runRetentionBatches(deps, now)).changes;
}

/** db.execute answers rows (node-postgres: in `rows`; PGlite: the same). */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

export type PlannedKind = "DRAFT" | "ACCOUNT" | "CLOSED_FILE";
export interface PlannedDeletion {
  kind: PlannedKind;
  id: string;
  label: string;
  since: Date;
  noticeAt: Date | null;
  deleteAt: Date;
}

/**
 * What the job will delete or anonymise, soonest first (the Super Admin's /retention), `limit` from `offset`.
 * One statement over sets, each record's dates computed once: a draft's last document, an account's last
 * login and a file's last decision are each read by a lateral look-up, its notice by a join on job_runs,
 * and an account that never started an application is found by two anti-joins (one index each), never
 * by a sub-query per user that has to check two columns. JIT compilation is off for it: its cost estimate
 * (tens of thousands of look-ups) sets it off, and compiling took longer than the query (docs/operations.md).
 */
export async function plannedDeletions(
  db: Database,
  settings: RetentionSettings,
  now: Date,
  page: { limit: number; offset: number },
): Promise<{ rows: PlannedDeletion[]; total: number }> {
  const parts: SQL[] = [];
  const deleteAt = (due: SQL, noticeCol: SQL) => sql`greatest(${due}, coalesce(${noticeCol}, ${at(now)}) + ${notice})`;
  const slot = (id: SQL, since: SQL) => sql`${id}::text || ':' || floor(extract(epoch from ${since}) * 1000)::bigint::text`;
  if (settings.draftMonths > 0) {
    const since = sql`greatest(a.updated_at, coalesce(d.last, a.updated_at))`;
    parts.push(sql`select 'DRAFT' as kind, a.id::text as id, a.registration_number || coalesce(' — ' || a.applicant_name, '') as label,
        ${since} as since, jr.ran_at as notice_at, ${deleteAt(sql`${since} + ${months(settings.draftMonths)}`, sql`jr.ran_at`)} as delete_at
      from ${applications} a
      left join lateral (select max(x.uploaded_at) as last from ${applicationDocuments} x where x.application_id = a.id) d on true
      left join ${jobRuns} jr on jr.job = ${RETENTION_JOBS.draftNotice} and jr.slot = ${slot(sql`a.id`, since)}
      where a.is_submitted = false and a.is_final = false`);
  }
  if (settings.accountMonths > 0) {
    const since = sql`greatest(u.updated_at, coalesce(r.last, u.updated_at), coalesce(p.updated_at, u.updated_at))`;
    parts.push(sql`select 'ACCOUNT', u.id::text, u.full_name, ${since}, jr.ran_at,
        ${deleteAt(sql`${since} + ${months(settings.accountMonths)}`, sql`jr.ran_at`)}
      from ${users} u
      left join lateral (select max(x.created_at) as last from ${refreshTokens} x where x.user_id = u.id) r on true
      left join ${applicantProfiles} p on p.user_id = u.id
      left join ${jobRuns} jr on jr.job = ${RETENTION_JOBS.accountNotice} and jr.slot = ${slot(sql`u.id`, since)}
      where u.role_id = ${ROLE.APPLICANT}
        and not exists (select 1 from ${applications} x where x.applicant_user_id = u.id)
        and not exists (select 1 from ${applications} x where x.submitted_by_user_id = u.id)`);
  }
  if (settings.closedFileMonths > 0) {
    const since = sql`coalesce(l.last, a.updated_at)`;
    parts.push(sql`select 'CLOSED_FILE', a.id::text, a.registration_number || coalesce(' — ' || a.applicant_name, ''), ${since}, null::timestamptz,
        ${since} + ${months(settings.closedFileMonths)}
      from ${applications} a
      left join lateral (select max(x.created_at) as last from ${auditLog} x where x.application_id = a.id and x.action = 'DECISION') l on true
      where a.is_final = true and a.anonymised_at is null`);
  }
  if (parts.length === 0) return { rows: [], total: 0 };
  const union = sql.join(parts, sql` union all `);
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute(sql`select p.*, count(*) over ()::int as total from (${union}) p order by p.delete_at, p.id limit ${page.limit} offset ${page.offset}`);
  });
  const rows = rowsOf<{
    kind: PlannedKind;
    id: string;
    label: string;
    since: string | Date;
    notice_at: string | Date | null;
    delete_at: string | Date;
    total: number;
  }>(result);
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  const out = rows.map((r) => ({
    kind: r.kind,
    id: String(r.id),
    label: String(r.label),
    since: new Date(r.since),
    noticeAt: r.notice_at ? new Date(r.notice_at) : null,
    deleteAt: new Date(r.delete_at),
  }));
  if (out.length === 0 && page.offset > 0) total = Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${union}) p`))[0]?.n ?? 0);
  return { rows: out, total };
}
