import { and, asc, eq } from "drizzle-orm";
import { ROLE_LABELS } from "#domain/roles";
import { decisionsFor, openStage } from "#domain/workflow";
import type { Database } from "../db/client";
import { additionalRequirements, applications, auditLog, files, type ApplicationRow, type UserRow } from "../db/schema";
import { ApiError } from "../lib/errors";

// Documents a reviewer asks an SPE applicant for beyond the pathway's requirements (DESIGN §4.8,
// /portfolio/additional-requirements). Reviewers who decide the stage that is open ask; the applicant
// (or the facility that registered them) answers with one file per request while the file is under review.

export const ADDITIONAL_MAX_MB = 5;

/** A reviewer may ask while they decide the open stage of an SPE application. */
export function mayRequestAdditional(app: ApplicationRow, role: number): boolean {
  if (app.jalurId !== "SPE") return false;
  const open = openStage({ is_submitted: app.isSubmitted, status: app.status, stage_id: app.stageId });
  return open !== null && decisionsFor(role, open).length > 0;
}

/** The applicant may answer while the file is submitted and not closed. */
export function mayAnswerAdditional(app: ApplicationRow): boolean {
  return app.isSubmitted && !app.isFinal;
}

export async function listAdditional(db: Database, applicationId: string) {
  const rows = await db
    .select({ r: additionalRequirements, f: files })
    .from(additionalRequirements)
    .leftJoin(files, eq(files.id, additionalRequirements.fileId))
    .where(eq(additionalRequirements.applicationId, applicationId))
    .orderBy(asc(additionalRequirements.createdAt), asc(additionalRequirements.id));
  return rows.map(({ r, f }) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    requested_at: r.createdAt.toISOString(),
    requested_by: ROLE_LABELS[r.requestedByRole] ?? null,
    stage_id: r.stageId,
    file: f ? { file_id: f.id, original_name: f.originalName, size: f.size, uploaded_at: (r.fulfilledAt ?? f.createdAt).toISOString() } : null,
  }));
}

export type AdditionalItem = Awaited<ReturnType<typeof listAdditional>>[number];

export async function requestAdditional(db: Database, app: ApplicationRow, actor: UserRow, body: { title: string; description?: string | null }) {
  if (!mayRequestAdditional(app, actor.roleId)) throw new ApiError(403, "ADDITIONAL_NOT_ALLOWED");
  const stageId = openStage({ is_submitted: app.isSubmitted, status: app.status, stage_id: app.stageId })!;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(additionalRequirements)
      .values({
        applicationId: app.id,
        title: body.title,
        description: body.description || null,
        requestedByUserId: actor.id,
        requestedByRole: actor.roleId,
        stageId,
      })
      .returning();
    await tx.insert(auditLog).values({
      applicationId: app.id,
      actorUserId: actor.id,
      actorRole: actor.roleId,
      action: "ADDITIONAL_REQUEST",
      fromStage: app.stageId,
      fromStatus: app.status,
      toStage: app.stageId,
      toStatus: app.status,
      note: body.description ? `${body.title}: ${body.description}` : body.title,
    });
    return row;
  });
}

/** Attaches a stored file to a request; the audit log records the answer. */
export async function answerAdditional(db: Database, app: ApplicationRow, actor: UserRow, requestId: number, fileId: string) {
  await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(additionalRequirements)
      .set({ fileId, fulfilledAt: now })
      .where(and(eq(additionalRequirements.id, requestId), eq(additionalRequirements.applicationId, app.id)))
      .returning();
    if (!row) throw new ApiError(404, "NOT_FOUND");
    await tx.insert(auditLog).values({
      applicationId: app.id,
      actorUserId: actor.id,
      actorRole: actor.roleId,
      action: "ADDITIONAL_UPLOAD",
      fromStage: app.stageId,
      fromStatus: app.status,
      toStage: app.stageId,
      toStatus: app.status,
      note: row.title,
    });
  });
  const [current] = await db.select().from(applications).where(eq(applications.id, app.id));
  return current;
}
