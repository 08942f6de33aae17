import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { labelRef } from "#domain/validation-codes";
import { detail } from "#domain/validation-details";
import { requirementKey } from "#domain/documents";
import { firstStage } from "#domain/workflow";
import type { Database } from "../../db/client";
import { applicantProfiles, applicationDocuments, applications, reuploadRequests, type ApplicationRow, type UserRow } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import type { ApiDeps } from "../deps";
import { applicationView, ownedApplication, profileComplete, unansweredReuploads } from "../applications";
import { activeRequirements, receiveDocuments, reuploadRequirements, type UploadResult } from "../documents";
import { notifySubmitted } from "../notifications";
import { applicantColumns, reviewColumnsNow } from "../review-state";
import { actorOf, appendAudit } from "./audit";

// What the applicant (or the facility admin who registered them) does to a file under review: submit
// the draft, and answer a reupload request (store the new versions, then send the file back). Each change of
// state is written with its audit row.

/**
 * Submits a complete draft to its pathway's first stage, with its SUBMIT audit row in the same
 * transaction; the mail goes out after the commit. Submitting again answers with the file as it is.
 */
export async function submitApplication(
  deps: Pick<ApiDeps, "db" | "mailer" | "config">,
  user: UserRow,
  id: string,
  idempotencyKey: string | null | undefined,
): Promise<ApplicationRow> {
  const { db } = deps;
  const app = await ownedApplication(db, user, id);
  // A double click or a re-post: the submission already happened, answer with it.
  if (app.isSubmitted) return app;

  const [profile] = await db.select().from(applicantProfiles).where(eq(applicantProfiles.userId, app.applicantUserId));
  if (!profileComplete(profile) || (app.jalurId === "SPE" && !profile?.specializationId)) {
    throw new ApiError(400, "PROFILE_INCOMPLETE");
  }
  const view = await applicationView(db, app);
  if (view.missing.length > 0) {
    throw new ApiError(
      400,
      "DOCUMENTS_MISSING",
      undefined,
      {},
      view.missing.map((id) => detail(`doc_${id}`, "document_missing", { field: labelRef(requirementKey(id)) })),
    );
  }

  const stage = firstStage(app.jalurId);
  await db.transaction(async (tx) => {
    const now = new Date();
    const state = { is_submitted: true, status: "IN-PROGRESS", stage_id: stage } as const;
    // Only the first of concurrent submissions finds is_submitted false; the others change nothing.
    const [submitted] = await tx
      .update(applications)
      .set({
        isSubmitted: true,
        status: state.status,
        stageId: stage,
        submittedAt: now,
        stageStartedAt: now,
        idempotencyKey: idempotencyKey ?? null,
        updatedAt: now,
        ...(await applicantColumns(tx, app.applicantUserId)),
        ...(await reviewColumnsNow(tx, state, now)),
      })
      .where(and(eq(applications.id, app.id), eq(applications.isSubmitted, false)))
      .returning({ id: applications.id });
    if (!submitted) return false;
    // What the reviewers now see is history: no later save replaces it.
    await tx
      .update(applicationDocuments)
      .set({ replaceable: false })
      .where(and(eq(applicationDocuments.applicationId, app.id), eq(applicationDocuments.replaceable, true)));
    await appendAudit(tx, {
      applicationId: app.id,
      actor: actorOf(user),
      action: "SUBMIT",
      from: { stage: null, status: null },
      to: { stage, status: "IN-PROGRESS" },
      at: now,
    });
    await notifySubmitted(tx, app.id, { mailer: deps.mailer, logger: deps.config.logger });
    return true;
  });
  return currentRow(db, app.id);
}

/**
 * Takes the new versions of the documents a reviewer sent back (the multipart `request`; only those
 * documents are fields of the form, anything else is a 400). It only stores them: every version is kept,
 * and a flagged document may be uploaded again until the file is sent back (returnReupload), so the
 * applicant can check what the reviewers will get first ("Periksa kembali", DESIGN §9).
 */
export async function reuploadDocuments(
  deps: ApiDeps,
  user: UserRow,
  id: string,
  request: Request,
): Promise<{ result: UploadResult; application: ApplicationRow }> {
  const { db } = deps;
  const app = await ownedApplication(db, user, id);
  if (app.status !== "REUPLOAD") throw new ApiError(409, "NOT_REUPLOAD");
  const requirements = await reuploadRequirements(db, app);
  const result = await receiveDocuments(deps, request, { application: app, ownerUserId: user.id, requirements, draft: false });
  return { result, application: await currentRow(db, app.id) };
}

/**
 * Sends a reuploaded file back to the reviewers, at the same stage with a fresh SLA clock, once every flagged
 * document has a version uploaded after the reviewer asked (else DOCUMENTS_MISSING, per doc_<id>): the open
 * requests are resolved and the REUPLOAD audit row is written in that same transaction.
 */
export async function returnReupload(deps: Pick<ApiDeps, "db">, user: UserRow, id: string): Promise<ApplicationRow> {
  const { db } = deps;
  const app = await ownedApplication(db, user, id);
  if (app.status !== "REUPLOAD") throw new ApiError(409, "NOT_REUPLOAD");
  const waiting = await unansweredReuploads(db, app.id);
  if (waiting.length > 0) {
    throw new ApiError(
      400,
      "DOCUMENTS_MISSING",
      undefined,
      {},
      waiting.map((rid) => detail(`doc_${rid}`, "document_reupload_missing", { field: labelRef(requirementKey(rid)) })),
    );
  }
  await db.transaction(async (tx) => {
    const now = new Date();
    const state = { is_submitted: true, status: "IN-PROGRESS", stage_id: app.stageId } as const;
    // Only the first of concurrent posts finds the file still in REUPLOAD; the others change nothing.
    const [back] = await tx
      .update(applications)
      .set({ status: state.status, stageStartedAt: now, updatedAt: now, ...(await reviewColumnsNow(tx, state, now)) })
      .where(and(eq(applications.id, app.id), eq(applications.status, "REUPLOAD")))
      .returning({ id: applications.id });
    if (!back) return;
    await tx
      .update(reuploadRequests)
      .set({ resolvedAt: now })
      .where(and(eq(reuploadRequests.applicationId, app.id), isNull(reuploadRequests.resolvedAt)));
    await appendAudit(tx, {
      applicationId: app.id,
      actor: actorOf(user),
      action: "REUPLOAD",
      from: { stage: app.stageId, status: "REUPLOAD" },
      to: { stage: app.stageId, status: "IN-PROGRESS" },
      at: now,
    });
  });
  return currentRow(db, app.id);
}

export async function currentRow(db: Database, id: string): Promise<ApplicationRow> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  return row;
}
