import { and, eq, isNull, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { NOTE_MAX, REASON_MAX } from "#domain/forms/review";
import { labelRef } from "#domain/validation-codes";
import { detail } from "#domain/validation-details";
import { decide, type Decision, type WorkflowState } from "#domain/workflow";
import type { Database } from "../../db/client";
import { applicationDocuments, applications, reuploadRequests, type ApplicationRow } from "../../db/schema";
import { ApiError, type ErrorDetail } from "../../lib/errors";
import type { Mailer } from "../mail";
import { notifyDecision } from "../notifications";
import { reviewColumnsNow } from "../review-state";
import { reviewDetail, visibleApplication, type ReviewDetail } from "../review/review";
import { appendAudit, type Actor } from "./audit";
import type { LetterKeys } from "#domain/letter-keys";
import { ensureLetter } from "../letters/letters";

// A reviewer's decision on the open stage. The rules (who decides which stage, what each decision
// leads to) are domain/workflow.ts; this module checks the input against them and writes the result.

export interface DecisionInput {
  applicationId: string;
  actor: Actor;
  stageId: number;
  decision: Decision;
  note?: string | null;
  internalNote?: string | null;
  /** REUPLOAD: the current documents to send back, each with a reason */
  documents?: { requirement_id: number; reason: string }[];
}

export interface DecisionOptions {
  /** without it no mail is sent (the demo seed) */
  mailer?: Mailer;
  /** for the links in the mail; default the mailer's */
  publicUrl?: string;
  logger?: Logger;
  /** signs the decision letter of a file this decision ends; without it (the demo seed) the letter is issued when first asked for */
  letterKeys?: LetterKeys;
}

/** The refusals of a decision: the form's own messages (code `text`, by their locale keys) and the API's codes. */
const REFUSED = {
  noteRequired: (path: string) => detail(path, "text", { text: labelRef("review:decision.messages.noteRequired") }),
  documentsRequired: (path: string) => detail(path, "text", { text: labelRef("review:decision.messages.documentsRequired") }),
  reasonRequired: (path: string) => detail(path, "text", { text: labelRef("review:decision.messages.reasonRequired") }),
  decisionNotAllowed: (path: string) => detail(path, "decision_not_allowed"),
  unknownDocument: (path: string) => detail(path, "document_unknown"),
  duplicateDocument: (path: string) => detail(path, "document_duplicate"),
  tooLong: (path: string, length: number) => detail(path, "max", { length }),
};

const invalid = (details: ErrorDetail[]) => new ApiError(400, "VALIDATION_ERROR", undefined, {}, details);
const clean = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);
const stateOf = (app: ApplicationRow): WorkflowState => ({ is_submitted: app.isSubmitted, status: app.status, stage_id: app.stageId });

/**
 * A staff member decides the open stage of an application: one transaction with a conditional UPDATE
 * on the (stage_id, status) read before deciding, so of two racing decisions one wins and the other
 * gets 409 STAGE_NOT_OPEN. Mail goes out after the commit. Returns the detail as the actor now sees it.
 */
export async function decideApplication(db: Database, input: DecisionInput, options: DecisionOptions = {}): Promise<ReviewDetail> {
  const { role } = input.actor;
  const app = await visibleApplication(db, role, input.applicationId);
  const note = clean(input.note);
  const internalNote = clean(input.internalNote);
  const tooLong: ErrorDetail[] = [];
  if (note && note.length > NOTE_MAX) tooLong.push(REFUSED.tooLong("note", NOTE_MAX));
  if (internalNote && internalNote.length > NOTE_MAX) tooLong.push(REFUSED.tooLong("internal_note", NOTE_MAX));
  if (tooLong.length) throw invalid(tooLong);

  // A file whose applicant's data was removed (closed on an approved deletion request, or past the
  // authority's period) is the record of what was decided; nothing more is decided on it.
  if (app.anonymisedAt !== null) throw new ApiError(409, "APPLICATION_ANONYMISED");
  const from = stateOf(app);
  // Which stages a role decides is the workflow table's to say; the role gate only knows staff from others.
  const result = decide(from, role, input.stageId, input.decision, note);
  if (!result.ok) {
    if (result.code === "NOT_YOUR_STAGE") throw new ApiError(403, "NOT_YOUR_STAGE");
    if (result.code === "STAGE_NOT_OPEN") throw new ApiError(409, "STAGE_NOT_OPEN");
    if (result.code === "NOTE_REQUIRED") throw invalid([REFUSED.noteRequired("note")]);
    throw invalid([REFUSED.decisionNotAllowed("decision")]);
  }
  const documents = input.decision === "REUPLOAD" ? await checkedDocuments(db, app.id, input.documents ?? []) : [];

  const to: WorkflowState = { is_submitted: true, status: result.to.status, stage_id: result.to.stage_id };
  await db.transaction(async (tx) => {
    const now = new Date();
    const [changed] = await tx
      .update(applications)
      .set({
        status: to.status,
        stageId: to.stage_id,
        isFinal: result.final,
        stageStartedAt: now,
        updatedAt: now,
        ...(await reviewColumnsNow(tx, to, now)),
      })
      .where(
        and(
          eq(applications.id, app.id),
          eq(applications.isSubmitted, true),
          from.stage_id === null ? isNull(applications.stageId) : eq(applications.stageId, from.stage_id),
          sql`${applications.status} is not distinct from ${from.status}`,
        ),
      )
      .returning({ id: applications.id });
    // Someone else decided (or the applicant reuploaded) since we read the state.
    if (!changed) throw new ApiError(409, "STAGE_NOT_OPEN");
    if (documents.length) {
      await tx
        .insert(reuploadRequests)
        .values(documents.map((d) => ({ applicationId: app.id, requirementId: d.requirement_id, reason: d.reason, createdAt: now })));
    }
    await appendAudit(tx, {
      applicationId: app.id,
      actor: input.actor,
      action: "DECISION",
      from: { stage: from.stage_id, status: from.status },
      to: { stage: to.stage_id, status: to.status },
      note,
      internalNote,
      details: documents.length ? documents : null,
      at: now,
    });
    // The process ended: its letter is issued with the decision, in its transaction.
    if (result.final && options.letterKeys) await ensureLetter(tx, app.id, options.letterKeys, now);
    // The decision's mail, in its transaction: a decision is never without its notice.
    if (options.mailer) {
      await notifyDecision(
        tx,
        app.id,
        { stageId: result.to.stage_id, decision: input.decision, note, documents, opens: result.opens },
        { mailer: options.mailer, publicUrl: options.publicUrl, logger: options.logger },
      );
    }
  });
  return reviewDetail(db, role, app.id);
}

/** A REUPLOAD's documents: at least one, each a current document of the application, once, with a reason. */
async function checkedDocuments(db: Database, applicationId: string, documents: { requirement_id: number; reason: string }[]) {
  if (documents.length === 0) throw invalid([REFUSED.documentsRequired("documents")]);
  const current = new Set(
    (
      await db
        .select({ id: applicationDocuments.requirementId })
        .from(applicationDocuments)
        .where(and(eq(applicationDocuments.applicationId, applicationId), eq(applicationDocuments.isCurrent, true)))
    ).map((r) => r.id),
  );
  const details: ErrorDetail[] = [];
  const seen = new Set<number>();
  const out = documents.map((d, i) => {
    const reason = d.reason?.trim() ?? "";
    if (!current.has(d.requirement_id)) details.push(REFUSED.unknownDocument(`documents.${i}.requirement_id`));
    else if (seen.has(d.requirement_id)) details.push(REFUSED.duplicateDocument(`documents.${i}.requirement_id`));
    seen.add(d.requirement_id);
    if (!reason) details.push(REFUSED.reasonRequired(`documents.${i}.reason`));
    else if (reason.length > REASON_MAX) details.push(REFUSED.tooLong(`documents.${i}.reason`, REASON_MAX));
    return { requirement_id: d.requirement_id, reason };
  });
  if (details.length) throw invalid(details);
  return out;
}
