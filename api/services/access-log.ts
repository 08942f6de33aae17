import { and, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AccessEntry } from "#contracts/access-log";
import type { Database } from "../db/client";
import { ApiError } from "../lib/errors";
import {
  accessLog,
  accessLogExports,
  additionalRequirements,
  applicantProfiles,
  applicationDocuments,
  applications,
  documentRequirements,
  users,
  type AccessKind,
} from "../db/schema";

// The access log (docs/decisions/026-access-log.md): who other than the applicant read a file's data.
// Rows are only ever inserted here; nothing in the code updates or deletes them.

export const ACCESS_PAGE_SIZE = 25;

/** The signed-in reader, as c.var.user carries it. */
export interface Reader {
  /** null: nobody signed in (a public verification of a letter) */
  id: string | null;
  roleId: number;
  fullName: string;
}

export interface AccessTarget {
  applicantUserId: string | null;
  applicationId?: string | null;
  stageId?: number | null;
  fileId?: string | null;
  requirementId?: number | null;
  version?: number | null;
  details?: Record<string, string> | null;
}

/**
 * A read that cannot be recorded is not served (docs/decisions/026-access-log.md): the failure to write
 * the row answers 503 with its own message, the cause kept for the error log.
 */
function unrecorded(err: unknown): never {
  if (err instanceof ApiError) throw err;
  throw Object.assign(new ApiError(503, "ACCESS_LOG_UNAVAILABLE", undefined, { "Retry-After": "30" }), { cause: err });
}

/** Appends one row; its id. */
export async function recordAccess(db: Database, reader: Reader, kind: AccessKind, target: AccessTarget): Promise<number> {
  try {
    const [row] = await db
      .insert(accessLog)
      .values({
        applicantUserId: target.applicantUserId,
        applicationId: target.applicationId ?? null,
        actorUserId: reader.id,
        actorRole: reader.roleId,
        actorName: reader.fullName,
        kind,
        fileId: target.fileId ?? null,
        requirementId: target.requirementId ?? null,
        version: target.version ?? null,
        stageId: target.stageId ?? null,
        details: target.details ?? null,
      })
      .returning({ id: accessLog.id });
    return row.id;
  } catch (err) {
    unrecorded(err);
  }
}

/** The applications one batch of a list export holds, written before the batch is sent. */
export async function recordExportBatch(db: Database, accessLogId: number, applicationIds: string[]): Promise<void> {
  if (applicationIds.length === 0) return;
  try {
    await db.insert(accessLogExports).values({ accessLogId, applicationIds });
  } catch (err) {
    unrecorded(err);
  }
}

/** The stage a file is at: the open one, else the one stored. */
const stageOf = (app: { openStageId: number | null; stageId: number | null }) => app.openStageId ?? app.stageId;

/**
 * Whose data a file is and where it sits: a document (its requirement and version), an additional
 * document, or an applicant's photo; null for a file linked to no application.
 */
export async function fileTarget(db: Database, fileId: string): Promise<AccessTarget | null> {
  const [doc] = await db
    .select({
      app: { id: applications.id, applicant: applications.applicantUserId, openStageId: applications.openStageId, stageId: applications.stageId },
      requirementId: applicationDocuments.requirementId,
      version: applicationDocuments.version,
    })
    .from(applicationDocuments)
    .innerJoin(applications, eq(applications.id, applicationDocuments.applicationId))
    .where(eq(applicationDocuments.fileId, fileId))
    .limit(1);
  if (doc)
    return {
      applicantUserId: doc.app.applicant,
      applicationId: doc.app.id,
      stageId: stageOf(doc.app),
      fileId,
      requirementId: doc.requirementId,
      version: doc.version,
    };
  const [extra] = await db
    .select({ id: applications.id, applicant: applications.applicantUserId, openStageId: applications.openStageId, stageId: applications.stageId })
    .from(additionalRequirements)
    .innerJoin(applications, eq(applications.id, additionalRequirements.applicationId))
    .where(eq(additionalRequirements.fileId, fileId))
    .limit(1);
  if (extra) return { applicantUserId: extra.applicant, applicationId: extra.id, stageId: stageOf(extra), fileId, details: { document: "additional" } };
  const [photo] = await db.select({ userId: applicantProfiles.userId }).from(applicantProfiles).where(eq(applicantProfiles.photoFileId, fileId)).limit(1);
  if (photo) return { applicantUserId: photo.userId, fileId, details: { document: "photo" } };
  return null;
}

/** A file's detail read by someone: the row's target. */
export function applicationTarget(app: { id: string; applicantUserId: string; openStageId: number | null; stageId: number | null }): AccessTarget {
  return { applicantUserId: app.applicantUserId, applicationId: app.id, stageId: stageOf(app) };
}

/** Only text values of a filter are kept (the query as it arrived, absent values left out). */
export function filterOf(query: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== "") out[k] = String(v);
  return out;
}

export interface AccessSearch {
  page: number;
  /** name, e-mail or registration number of the applicant */
  applicant?: string;
  /** name of the staff member */
  staff?: string;
  /** from this day (inclusive), to this day (inclusive), yyyy-mm-dd in UTC+7 */
  from?: string;
  to?: string;
}

const applicant = alias(users, "access_applicant");

/** A day of Jakarta time (UTC+7) as the instant it starts. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+07:00`);

/**
 * The rows of `where`, a page. `mine` (a subquery of application ids) names, on the export rows, the
 * registration numbers and names of those applications the export held.
 */
async function page(
  db: Database,
  where: SQL | undefined,
  pageNo: number,
  mine?: SQL,
): Promise<{ data: AccessEntry[]; meta: { page: number; per_page: number; total: number; pages: number } }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ log: accessLog, applicantName: applicant.fullName, registration: applications.registrationNumber, documentName: documentRequirements.name })
      .from(accessLog)
      .leftJoin(applicant, eq(applicant.id, accessLog.applicantUserId))
      .leftJoin(applications, eq(applications.id, accessLog.applicationId))
      .leftJoin(documentRequirements, eq(documentRequirements.id, accessLog.requirementId))
      .where(where)
      .orderBy(desc(accessLog.createdAt), desc(accessLog.id))
      .limit(ACCESS_PAGE_SIZE)
      .offset((pageNo - 1) * ACCESS_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(accessLog)
      .leftJoin(applicant, eq(applicant.id, accessLog.applicantUserId))
      .where(where),
  ]);
  const held = mine
    ? await heldBy(
        db,
        rows.filter((r) => r.log.kind === "EXPORT").map((r) => r.log.id),
        mine,
      )
    : new Map<number, { registrations: string[]; names: string[] }>();
  return {
    data: rows.map(({ log, applicantName: name, registration: number, documentName }) => {
      const inExport = held.get(log.id);
      const applicantName = name ?? (inExport ? inExport.names.join(", ") : null);
      const registration = number ?? (inExport ? inExport.registrations.join(", ") : null);
      return {
        id: log.id,
        created_at: log.createdAt.toISOString(),
        kind: log.kind,
        actor_role: log.actorRole,
        actor_name: log.actorName,
        applicant_name: applicantName,
        registration_number: registration,
        document_name: documentName,
        version: log.version,
        stage_id: log.stageId,
        filter: (log.details as Record<string, string> | null) ?? null,
      };
    }),
    meta: { page: pageNo, per_page: ACCESS_PAGE_SIZE, total, pages: Math.max(1, Math.ceil(total / ACCESS_PAGE_SIZE)) },
  };
}

/** Of the exports `logIds`, the applications of `mine` each held: their registration numbers and names. */
async function heldBy(db: Database, logIds: number[], mine: SQL) {
  const out = new Map<number, { registrations: string[]; names: string[] }>();
  if (logIds.length === 0) return out;
  const rows = await db
    .selectDistinct({ logId: accessLogExports.accessLogId, registration: applications.registrationNumber, name: applications.applicantName })
    .from(accessLogExports)
    .innerJoin(applications, sql`${applications.id} = any(${accessLogExports.applicationIds})`)
    .where(and(inArray(accessLogExports.accessLogId, logIds), sql`${applications.id} in ${mine}`, sql`${accessLogExports.applicationIds} && array${mine}`));
  for (const r of rows) {
    const entry = out.get(r.logId) ?? { registrations: [], names: [] };
    if (r.registration && !entry.registrations.includes(r.registration)) entry.registrations.push(r.registration);
    if (r.name && !entry.names.includes(r.name)) entry.names.push(r.name);
    out.set(r.logId, entry);
  }
  return out;
}

/** The export rows (ids of access_log) that held one of the applications `mine` (a subquery of ids). */
const exportsHolding = (mine: SQL) =>
  sql`select ${accessLogExports.accessLogId} from ${accessLogExports} where ${accessLogExports.applicationIds} && array${mine}`;

/** The applicant's own log: every read of their data by someone else, and every export that held their file, newest first. */
export function applicantAccessLog(db: Database, userId: string, pageNo: number) {
  const mine = sql`(select ${applications.id} from ${applications} where ${applications.applicantUserId} = ${userId})`;
  const about = sql`(select ${accessLog.id} from ${accessLog} where ${accessLog.applicantUserId} = ${userId} union ${exportsHolding(mine)})`;
  return page(db, sql`${accessLog.id} in ${about}`, pageNo, mine);
}

/** A facility's view: reads of the data of the professionals it registered, and exports that held their files (not its own reads). */
export function facilityAccessLog(db: Database, facilityUserId: string, pageNo: number) {
  const registered = db.select({ id: applications.applicantUserId }).from(applications).where(eq(applications.submittedByUserId, facilityUserId));
  const theirs = sql`(select ${applications.id} from ${applications} where ${applications.submittedByUserId} = ${facilityUserId})`;
  const about = sql`(select ${accessLog.id} from ${accessLog} where ${accessLog.applicantUserId} in ${registered} union ${exportsHolding(theirs)})`;
  return page(
    db,
    and(sql`${accessLog.id} in ${about}`, or(sql`${accessLog.actorUserId} is null`, sql`${accessLog.actorUserId} <> ${facilityUserId}`)),
    pageNo,
    theirs,
  );
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The Super Admin's search over the whole log. */
export function searchAccessLog(db: Database, search: AccessSearch) {
  const conditions: SQL[] = [];
  if (search.applicant) {
    const like = `%${escapeLike(search.applicant.trim())}%`;
    conditions.push(
      or(
        ilike(applicant.fullName, like),
        ilike(applicant.email, like),
        sql`exists (select 1 from ${applications} a where a.applicant_user_id = ${accessLog.applicantUserId} and a.registration_number ilike ${like})`,
      )!,
    );
  }
  if (search.staff) conditions.push(ilike(accessLog.actorName, `%${escapeLike(search.staff.trim())}%`));
  if (search.from) conditions.push(gte(accessLog.createdAt, dayStart(search.from)));
  if (search.to) conditions.push(lt(accessLog.createdAt, new Date(dayStart(search.to).getTime() + 86_400_000)));
  return page(db, conditions.length ? and(...conditions) : undefined, search.page);
}
