import { and, eq } from "drizzle-orm";
import { apiField } from "#domain/validation-details";
import { openStage } from "#domain/workflow";
import type { Database } from "../../db/client";
import { additionalRequirements, applications, files, type ApplicationRow, type UserRow } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import type { ApiDeps } from "../deps";
import { ADDITIONAL_MAX_MB, listAdditional, mayAnswerAdditional, mayRequestAdditional } from "../additional";
import { ownedApplication } from "../applications";
import { visibleApplication } from "../review/review";
import { dropReplacedFile } from "../documents";
import { assertWithinQuota, countUpload } from "../uploads/quota";
import { receiveSingleFile } from "../uploads/single";
import { actorOf, appendAudit } from "./audit";
import { currentRow } from "./applicant";

// A reviewer asks an SPE applicant for a document beyond the pathway's (DESIGN §4.8); the applicant
// (or the facility that registered them) answers with one file. Each is written with its audit row.

/** A staff member (the gate let only staff here) asks for a document; returns the application. */
export async function requestAdditional(
  db: Database,
  staff: UserRow,
  id: string,
  body: { title: string; description?: string | null },
): Promise<ApplicationRow> {
  const app = await visibleApplication(db, staff.roleId, id);
  // Only a reviewer who decides the stage that is open may ask: the gate cannot know the stage.
  if (!mayRequestAdditional(app, staff.roleId)) throw new ApiError(403, "ADDITIONAL_NOT_ALLOWED");
  const stageId = openStage({ is_submitted: app.isSubmitted, status: app.status, stage_id: app.stageId })!;
  await db.transaction(async (tx) => {
    await tx.insert(additionalRequirements).values({
      applicationId: app.id,
      title: body.title,
      description: body.description || null,
      requestedByUserId: staff.id,
      requestedByRole: staff.roleId,
      stageId,
    });
    await appendAudit(tx, {
      applicationId: app.id,
      actor: actorOf(staff),
      action: "ADDITIONAL_REQUEST",
      from: { stage: app.stageId, status: app.status },
      to: { stage: app.stageId, status: app.status },
      note: body.description ? `${body.title}: ${body.description}` : body.title,
    });
  });
  return app;
}

/**
 * The owner answers request `requestId` with the file in the multipart `request` (field `file`). The
 * stored file's row, the answer and its audit row are one transaction; returns the application.
 */
export async function answerAdditional(deps: ApiDeps, owner: UserRow, id: string, requestId: string, request: Request): Promise<ApplicationRow> {
  const { db } = deps;
  const app = await ownedApplication(db, owner, id);
  const requestNumber = Number(requestId);
  const items = await listAdditional(db, app.id);
  if (!Number.isSafeInteger(requestNumber) || !items.some((i) => i.id === requestNumber)) throw new ApiError(404, "NOT_FOUND");
  if (!mayAnswerAdditional(app)) throw new ApiError(409, "ADDITIONAL_CLOSED");

  await countUpload(deps, owner.id);
  const stored = await receiveSingleFile(deps, request, {
    field: "file",
    maxMb: ADDITIONAL_MAX_MB,
    allowedExtnames: "jpg,jpeg,png,pdf",
    label: apiField("file"),
  });
  await db
    .transaction(async (tx) => {
      // Uploads to one application take turns, so the quota counts what the others wrote.
      await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, app.id)).for("update");
      const [before] = await tx
        .select({ fileId: additionalRequirements.fileId })
        .from(additionalRequirements)
        .where(and(eq(additionalRequirements.id, requestNumber), eq(additionalRequirements.applicationId, app.id)));
      const [file] = await tx
        .insert(files)
        .values({ ...stored, ownerUserId: owner.id })
        .returning({ id: files.id });
      const [row] = await tx
        .update(additionalRequirements)
        .set({ fileId: file.id, fulfilledAt: new Date() })
        .where(and(eq(additionalRequirements.id, requestNumber), eq(additionalRequirements.applicationId, app.id)))
        .returning();
      if (!row) throw new ApiError(404, "NOT_FOUND");
      await appendAudit(tx, {
        applicationId: app.id,
        actor: actorOf(owner),
        action: "ADDITIONAL_UPLOAD",
        from: { stage: app.stageId, status: app.status },
        to: { stage: app.stageId, status: app.status },
        note: row.title,
      });
      await assertWithinQuota(tx, deps.config, { applicationId: app.id, jalurId: app.jalurId, accountId: owner.id, draft: false });
      // One file answers a request: the answer it replaces is no one's to see any more, and goes.
      return dropReplacedFile(tx, before?.fileId);
    })
    .catch(async (err: unknown) => {
      await deps.storage.remove(stored.storageKey).catch(() => {}); // bytes of a row never written go again
      throw err;
    });
  return currentRow(db, app.id);
}
