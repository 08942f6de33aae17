import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { FileHistory } from "#contracts/applications";
import { statusRule } from "#domain/status-label";
import { holderRoles, stageDeadline } from "#domain/workflow";
import { requiredForSubmit } from "#domain/personal-data-fields";
import type { Database } from "../db/client";
import { preparedOnce } from "../db/prepared";
import {
  achievements,
  applicantProfiles,
  applicationDocuments,
  applications,
  auditLog,
  documentRequirements,
  files,
  portfolioEntries,
  reuploadRequests,
  slaSettings,
  type ApplicationRow,
  type UserRow,
} from "../db/schema";
import { ApiError } from "../lib/errors";
import { rememberedRequirements } from "./documents";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: string) => UUID.test(id);

/** The application if the user owns it (applicant or the facility admin who registered it); else 404. */
export async function ownedApplication(db: Database, user: UserRow, id: string): Promise<ApplicationRow> {
  if (!isUuid(id)) throw new ApiError(404, "NOT_FOUND");
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.id, id), or(eq(applications.applicantUserId, user.id), eq(applications.submittedByUserId, user.id))));
  if (!row) throw new ApiError(404, "NOT_FOUND");
  return row;
}

/** Profile fields every submission needs (DESIGN §4.3; domain/personal-data-fields.ts): the photo and the SPE specialization aside. */
const REQUIRED_FOR_SUBMIT = requiredForSubmit();

export function profileComplete(profile: typeof applicantProfiles.$inferSelect | undefined): boolean {
  return !!profile && REQUIRED_FOR_SUBMIT.every((k) => profile[k] !== null && profile[k] !== "");
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A stage as the API answers it: its id (a page words it in the request's language). */
export function stageRef(id: number | null): { id: number } | null {
  return id === null ? null : { id };
}

/** An audit entry's move, from one (stage, status) to the next. */
export function transitionOf(h: {
  fromStage: number | null;
  fromStatus: ApplicationRow["status"];
  toStage: number | null;
  toStatus: ApplicationRow["status"];
}) {
  return {
    from_stage_id: h.fromStage,
    from_status: h.fromStatus,
    to_stage_id: h.toStage,
    to_status: h.toStatus,
  };
}

/** The first columns of every list of applications (contracts/applications.ts applicationRowFields). */
export function applicationRowColumns(app: Pick<ApplicationRow, "id" | "registrationNumber" | "applicantName" | "applicantEmail" | "jalurId">) {
  return {
    id: app.id,
    registration_number: app.registrationNumber,
    applicant_name: app.applicantName,
    applicant_email: app.applicantEmail,
    jalur_id: app.jalurId,
  };
}

/** Which of an applicant's applications is the current one: the open one first, then the newest. */
const CURRENT_FIRST = [asc(applications.isFinal), desc(applications.createdAt)] as const;

/** The applicant's open application; once a final decision closed it, the latest closed one, so the result stays readable. */
export async function currentApplicationRow(db: Database, userId: string): Promise<ApplicationRow | undefined> {
  const [app] = await db
    .select()
    .from(applications)
    .where(eq(applications.applicantUserId, userId))
    .orderBy(...CURRENT_FIRST)
    .limit(1);
  return app;
}

/**
 * The applicant's current application (as currentApplicationRow) with the requirement ids of its current
 * documents: the workspace's one read on every visit, so a named prepared statement.
 */
function currentWithDocuments(db: Database) {
  // drizzle leaves a one-table select's columns unqualified, so the subquery qualifies every column itself.
  const doc = (column: { name: string }) => sql`"d".${sql.identifier(column.name)}`;
  const appId = sql`${applications}.${sql.identifier(applications.id.name)}`;
  const present = sql<number[] | null>`(select array_agg(${doc(applicationDocuments.requirementId)}) from ${applicationDocuments} as "d"
    where ${doc(applicationDocuments.applicationId)} = ${appId} and ${doc(applicationDocuments.isCurrent)})`;
  return db
    .select({ app: applications, present })
    .from(applications)
    .where(eq(applications.applicantUserId, sql.placeholder("userId")))
    .orderBy(...CURRENT_FIRST)
    .limit(1);
}

/** The ApplicationSummary of contracts/applications.ts for the user's current application, or null: one read. */
export async function currentApplicationSummary(db: Database, userId: string) {
  const [row] = await preparedOnce(db, "current_summary", () => currentWithDocuments(db)).execute({ userId });
  if (!row) return null;
  const app: ApplicationRow = row.app;
  const requirements = await rememberedRequirements(db, app.jalurId);
  const uploaded = new Set<number>(row.present ?? []);
  const tahap = stageRef(app.stageId);
  return {
    id: app.id,
    jalur_id: app.jalurId,
    status: app.status,
    is_submitted: app.isSubmitted,
    tahap,
    label: statusRule({ status: app.status, is_submitted: app.isSubmitted, tahap }),
    missing_count: requirements.filter((r) => !uploaded.has(r.id)).length,
  };
}

/** The Application of contracts/applications.ts. */
/** A reupload request is answered by a version of its document uploaded after the reviewer asked. */
const answered = (askedAt: Date, uploadedAt: Date | null | undefined) => !!uploadedAt && uploadedAt > askedAt;

/** The open reupload requests whose document has no version uploaded since the reviewer asked, by requirement id. */
export async function unansweredReuploads(db: Database, applicationId: string): Promise<number[]> {
  const rows = await db
    .select({ requirementId: reuploadRequests.requirementId, askedAt: reuploadRequests.createdAt, uploadedAt: applicationDocuments.uploadedAt })
    .from(reuploadRequests)
    .leftJoin(
      applicationDocuments,
      and(
        eq(applicationDocuments.applicationId, reuploadRequests.applicationId),
        eq(applicationDocuments.requirementId, reuploadRequests.requirementId),
        eq(applicationDocuments.isCurrent, true),
      ),
    )
    .where(and(eq(reuploadRequests.applicationId, applicationId), isNull(reuploadRequests.resolvedAt)));
  return rows.filter((r) => !answered(r.askedAt, r.uploadedAt)).map((r) => r.requirementId);
}

export async function applicationView(db: Database, app: ApplicationRow) {
  const requirements = await rememberedRequirements(db, app.jalurId);
  const docs = await db
    .select({
      requirementId: applicationDocuments.requirementId,
      fileId: applicationDocuments.fileId,
      version: applicationDocuments.version,
      uploadedAt: applicationDocuments.uploadedAt,
      originalName: files.originalName,
      size: files.size,
    })
    .from(applicationDocuments)
    .innerJoin(files, eq(files.id, applicationDocuments.fileId))
    .where(and(eq(applicationDocuments.applicationId, app.id), eq(applicationDocuments.isCurrent, true)));
  const docOf = new Map(docs.map((d) => [d.requirementId, d]));
  const reupload = await db
    .select({ requirement_id: reuploadRequests.requirementId, reason: reuploadRequests.reason, askedAt: reuploadRequests.createdAt })
    .from(reuploadRequests)
    .where(and(eq(reuploadRequests.applicationId, app.id), isNull(reuploadRequests.resolvedAt)))
    .orderBy(asc(reuploadRequests.requirementId));
  const history = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.applicationId, app.id), eq(auditLog.internal, false)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));

  // The open stage's deadline is kept on the row (review-state, moved by /sla-setting); a reupload's from its stage's SLA.
  let deadline: string | null = app.openStageId !== null ? iso(app.deadlineAt) : null;
  if (app.stageId !== null && app.stageStartedAt && app.status === "REUPLOAD") {
    const [sla] = await db.select().from(slaSettings).where(eq(slaSettings.stageId, app.stageId));
    if (sla) deadline = stageDeadline(app.stageStartedAt, sla.days).toISOString();
  }
  const tahap = stageRef(app.stageId);
  const holder = holderRoles({ status: app.status, openStageId: app.openStageId });

  return {
    id: app.id,
    registration_number: app.registrationNumber,
    jalur_id: app.jalurId,
    status: app.status,
    is_submitted: app.isSubmitted,
    tahap,
    label: statusRule({ status: app.status, is_submitted: app.isSubmitted, tahap }),
    submitted_at: iso(app.submittedAt),
    stage_started_at: iso(app.stageStartedAt),
    stage_deadline: deadline,
    holder_roles: holder,
    documents: requirements
      .filter((r) => docOf.has(r.id))
      .map((r) => {
        const d = docOf.get(r.id)!;
        return {
          requirement_id: r.id,
          name: r.name,
          file_id: d.fileId,
          original_name: d.originalName,
          size: d.size,
          uploaded_at: d.uploadedAt.toISOString(),
          version: d.version,
        };
      }),
    missing: requirements.filter((r) => !docOf.has(r.id)).map((r) => r.id),
    // Each open request, and whether its document was uploaded again since (the file goes back once all are).
    reupload: reupload.map(({ askedAt, ...r }) => ({ ...r, fixed: answered(askedAt, docOf.get(r.requirement_id)?.uploadedAt) })),
    achievements_done: app.achievementsDone,
    timeline: history.map((h) => ({
      at: h.createdAt.toISOString(),
      action: h.action,
      actor_role: h.actorRole,
      ...transitionOf(h),
      note: h.note,
    })),
  };
}

export type ApplicationView = Awaited<ReturnType<typeof applicationView>>;

/**
 * The FileHistory of contracts/applications.ts: every stored version of every document, oldest first. A version
 * was replaced when the next one was uploaded; its reason is the reviewer's of the reupload request made while
 * it was the current one. A draft's own replacement (kept only for drafts stored before drafts were replaced) has no reason.
 */
export async function fileHistoryOf(db: Database, applicationId: string): Promise<FileHistory> {
  const [versions, requests] = await Promise.all([
    db
      .select({
        requirementId: applicationDocuments.requirementId,
        name: documentRequirements.name,
        version: applicationDocuments.version,
        isCurrent: applicationDocuments.isCurrent,
        uploadedAt: applicationDocuments.uploadedAt,
        fileId: files.id,
        originalName: files.originalName,
        size: files.size,
      })
      .from(applicationDocuments)
      .innerJoin(files, eq(files.id, applicationDocuments.fileId))
      .innerJoin(documentRequirements, eq(documentRequirements.id, applicationDocuments.requirementId))
      .where(eq(applicationDocuments.applicationId, applicationId))
      .orderBy(asc(documentRequirements.orderNum), asc(applicationDocuments.requirementId), asc(applicationDocuments.version)),
    db
      .select()
      .from(reuploadRequests)
      .where(eq(reuploadRequests.applicationId, applicationId))
      .orderBy(asc(reuploadRequests.createdAt), asc(reuploadRequests.id)),
  ]);
  // The request a version was replaced for was made while it was the current one; both times are the database's clock.
  const reasonFor = (requirementId: number, uploadedAt: Date, replacedAt: Date) =>
    requests.findLast((r) => r.requirementId === requirementId && r.createdAt > uploadedAt && r.createdAt <= replacedAt)?.reason ?? null;

  const documents: FileHistory["documents"] = [];
  versions.forEach((v, i) => {
    const next = versions[i + 1]?.requirementId === v.requirementId ? versions[i + 1] : undefined;
    let doc = documents.at(-1);
    if (doc?.requirement_id !== v.requirementId) documents.push((doc = { requirement_id: v.requirementId, name: v.name, versions: [] }));
    doc.versions.push({
      version: v.version,
      file_id: v.fileId,
      original_name: v.originalName,
      size: v.size,
      uploaded_at: v.uploadedAt.toISOString(),
      is_current: v.isCurrent,
      replaced_at: next ? next.uploadedAt.toISOString() : null,
      replaced_reason: next ? reasonFor(v.requirementId, v.uploadedAt, next.uploadedAt) : null,
    });
  });
  return { application_id: applicationId, documents };
}

/** The SPE portfolio of an application, in its order. */
export async function portfolioOf(db: Database, applicationId: string) {
  const rows = await db.select().from(portfolioEntries).where(eq(portfolioEntries.applicationId, applicationId)).orderBy(asc(portfolioEntries.orderNum));
  return { entries: rows.map((r) => ({ kind: r.kind, title: r.title, institution: r.institution, year: r.year, description: r.description })) };
}

/** The SPE achievements of an application, in their order, and whether the applicant is done with them. */
export async function achievementsOf(db: Database, app: { id: string; achievementsDone: boolean }) {
  const rows = await db.select().from(achievements).where(eq(achievements.applicationId, app.id)).orderBy(asc(achievements.orderNum));
  return {
    items: rows.map((r) => ({ type_code: r.typeCode, title: r.title, year: r.year, description: r.description })),
    done: app.achievementsDone,
  };
}
