import type { AchievementItem, PortfolioEntry } from "#contracts/applications";
import { apiField, detail } from "#domain/validation-details";
import { and, eq } from "drizzle-orm";
import type { JalurId } from "#domain/documents";
import type { Database } from "../../db/client";
import { violatedUniqueConstraint } from "../../db/errors";
import { achievements, achievementTypes, applicationDocuments, applications, portfolioEntries, type ApplicationRow, type UserRow } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import type { ApiDeps } from "../deps";
import { ownedApplication } from "../applications";
import { activeRequirements, dropDraftVersions, receiveDocuments, type UploadResult } from "../documents";
import { applicantColumns } from "../review-state";

// The draft: opened, moved to another pathway, its documents and SPE extras saved, by the applicant or
// the facility admin who registered them. A draft's edits are not in the audit log — it records the
// file's way through review, which starts at the submission (applicant.ts).

function assertDraft(app: { isSubmitted: boolean }) {
  if (app.isSubmitted) throw new ApiError(409, "APPLICATION_SUBMITTED");
}

/** The SPE extras may change while the applicant holds the file: a draft, or a reupload request. */
function assertEditable(app: { isSubmitted: boolean; status: string | null; jalurId: string }) {
  if (app.jalurId !== "SPE") throw new ApiError(409, "NOT_SPE");
  if (app.isSubmitted && app.status !== "REUPLOAD") throw new ApiError(409, "APPLICATION_SUBMITTED");
}

export interface NewDraft {
  applicantUserId: string;
  /** the applicant, or the facility admin who registers them */
  submittedByUserId: string;
  jalurId: JalurId;
  activityKindId?: number | null;
}

/**
 * Writes a draft application. `db` may be the caller's transaction, for a draft written with other
 * rows (a facility's registration writes the professional's account and profile with it).
 */
export async function insertDraft(db: Database, draft: NewDraft): Promise<ApplicationRow> {
  const [app] = await db
    .insert(applications)
    .values({ ...draft, ...(await applicantColumns(db, draft.applicantUserId)) })
    .returning();
  return app;
}

/** A new draft of `jalurId` for the applicant; 409 APPLICATION_EXISTS while another is open. */
export async function startDraft(db: Database, applicant: UserRow, jalurId: JalurId): Promise<ApplicationRow> {
  try {
    return await insertDraft(db, { applicantUserId: applicant.id, submittedByUserId: applicant.id, jalurId });
  } catch (err) {
    if (violatedUniqueConstraint(err) === "applications_one_open_per_applicant") throw new ApiError(409, "APPLICATION_EXISTS");
    throw err;
  }
}

/** The draft on another pathway; 409 APPLICATION_SUBMITTED once it was submitted. */
export async function changeDraftPathway(db: Database, user: UserRow, id: string, jalurId: JalurId): Promise<ApplicationRow> {
  const app = await ownedApplication(db, user, id);
  // Documents of the old pathway stay in the table; the view only shows the new pathway's.
  const [updated] = await db
    .update(applications)
    .set({ jalurId, updatedAt: new Date(), ...(await applicantColumns(db, app.applicantUserId)) })
    .where(and(eq(applications.id, app.id), eq(applications.isSubmitted, false)))
    .returning();
  if (!updated) throw new ApiError(409, "APPLICATION_SUBMITTED");
  return updated;
}

/** Saves the `doc_<id>` files of the multipart `request` as the draft's current documents. */
export async function uploadDraftDocuments(deps: ApiDeps, user: UserRow, id: string, request: Request): Promise<UploadResult> {
  const app = await ownedApplication(deps.db, user, id);
  assertDraft(app);
  return receiveDocuments(deps, request, {
    application: app,
    ownerUserId: user.id,
    requirements: await activeRequirements(deps.db, app.jalurId),
    draft: true,
  });
}

/**
 * Takes a document off the draft; 404 when it has none for that requirement. A draft version no
 * reviewer has seen goes with its file; one stored before drafts were replaced stays on record, only
 * no longer the current one.
 */
export async function removeDraftDocument(
  deps: Pick<ApiDeps, "db" | "storage" | "config">,
  user: UserRow,
  id: string,
  requirementId: string,
): Promise<ApplicationRow> {
  const { db } = deps;
  const app = await ownedApplication(db, user, id);
  assertDraft(app);
  if (!/^\d{1,9}$/.test(requirementId)) throw new ApiError(404, "NOT_FOUND");
  const { removed } = await db.transaction(async (tx) => {
    const [locked] = await tx.select({ isSubmitted: applications.isSubmitted }).from(applications).where(eq(applications.id, app.id)).for("update");
    assertDraft(locked);
    const current = and(
      eq(applicationDocuments.applicationId, app.id),
      eq(applicationDocuments.requirementId, Number(requirementId)),
      eq(applicationDocuments.isCurrent, true),
    );
    const [found] = await tx.select({ id: applicationDocuments.id }).from(applicationDocuments).where(current);
    if (!found) return { removed: false };
    await dropDraftVersions(tx, app.id, Number(requirementId));
    await tx.update(applicationDocuments).set({ isCurrent: false }).where(current);
    return { removed: true };
  });
  if (!removed) throw new ApiError(404, "NOT_FOUND");
  return app;
}

/** Replaces the SPE portfolio; returns the application. */
export async function savePortfolio(db: Database, user: UserRow, id: string, entries: PortfolioEntry[]): Promise<ApplicationRow> {
  const app = await ownedApplication(db, user, id);
  assertEditable(app);
  await db.transaction(async (tx) => {
    await tx.delete(portfolioEntries).where(eq(portfolioEntries.applicationId, app.id));
    if (entries.length > 0) {
      await tx.insert(portfolioEntries).values(
        entries.map((e, i) => ({
          applicationId: app.id,
          kind: e.kind,
          title: e.title,
          institution: e.institution ?? null,
          year: e.year ?? null,
          description: e.description ?? null,
          orderNum: i + 1,
        })),
      );
    }
  });
  return app;
}

/** Replaces the SPE achievements and whether the applicant is done with them; returns the application as saved. */
export async function saveAchievements(
  db: Database,
  user: UserRow,
  id: string,
  { items, done }: { items: AchievementItem[]; done: boolean },
): Promise<ApplicationRow> {
  const app = await ownedApplication(db, user, id);
  assertEditable(app);
  const known = new Set((await db.select({ code: achievementTypes.code }).from(achievementTypes)).map((t) => t.code));
  const unknown = items.findIndex((i) => !known.has(i.type_code));
  if (unknown >= 0) {
    throw new ApiError(400, "VALIDATION_ERROR", undefined, {}, [detail(`items.${unknown}.type_code`, "oneOf", { field: apiField("achievement_type") })]);
  }
  const [updated] = await db.transaction(async (tx) => {
    await tx.delete(achievements).where(eq(achievements.applicationId, app.id));
    if (items.length > 0) {
      await tx.insert(achievements).values(
        items.map((it, i) => ({
          applicationId: app.id,
          typeCode: it.type_code,
          title: it.title,
          year: it.year ?? null,
          description: it.description ?? null,
          orderNum: i + 1,
        })),
      );
    }
    return tx.update(applications).set({ achievementsDone: done, updatedAt: new Date() }).where(eq(applications.id, app.id)).returning();
  });
  return updated;
}
