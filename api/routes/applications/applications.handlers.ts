import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { firstStage } from "#domain/workflow";
import type { Database } from "../../db/client";
import {
  achievements,
  achievementTypes,
  applicantProfiles,
  applicationDocuments,
  applications,
  auditLog,
  portfolioEntries,
  reuploadRequests,
} from "../../db/schema";
import { violatedUniqueConstraint } from "../../db/errors";
import { ApiError } from "../../lib/errors";
import type { AppRouteHandler } from "../../lib/types";
import { applicationView, ownedApplication, profileComplete } from "../../services/applications";
import { activeRequirements, receiveDocuments } from "../../services/documents";
import { notifySubmitted } from "../../services/notifications";
import { applicantColumns, reviewColumnsNow } from "../../services/review-state";
import type * as routes from "./applications.routes";

function assertDraft(app: { isSubmitted: boolean }) {
  if (app.isSubmitted) throw new ApiError(409, "APPLICATION_SUBMITTED");
}

export const getCurrent: AppRouteHandler<typeof routes.getCurrent> = async (c) => {
  const { db } = c.var.deps;
  // The open application; once a final decision closed it, the latest closed one, so the applicant keeps reading its result.
  const [app] = await db
    .select()
    .from(applications)
    .where(eq(applications.applicantUserId, c.var.user.id))
    .orderBy(asc(applications.isFinal), desc(applications.createdAt))
    .limit(1);
  return c.json({ data: app ? await applicationView(db, app) : null }, 200);
};

export const create: AppRouteHandler<typeof routes.create> = async (c) => {
  const { db } = c.var.deps;
  const user = c.var.user;
  const { jalur_id } = c.req.valid("json");
  try {
    const [app] = await db
      .insert(applications)
      .values({ applicantUserId: user.id, submittedByUserId: user.id, jalurId: jalur_id, ...(await applicantColumns(db, user.id)) })
      .returning();
    return c.json({ data: await applicationView(db, app) }, 201);
  } catch (err) {
    if (violatedUniqueConstraint(err) === "applications_one_open_per_applicant") throw new ApiError(409, "APPLICATION_EXISTS");
    throw err;
  }
};

export const getOne: AppRouteHandler<typeof routes.getOne> = async (c) => {
  const { db } = c.var.deps;
  const app = await ownedApplication(db, c.var.user, c.req.valid("param").id);
  return c.json({ data: await applicationView(db, app) }, 200);
};

export const changeJalur: AppRouteHandler<typeof routes.changeJalur> = async (c) => {
  const { db } = c.var.deps;
  const app = await ownedApplication(db, c.var.user, c.req.valid("param").id);
  const { jalur_id } = c.req.valid("json");
  // Documents of the old pathway stay in the table; the view only shows the new pathway's.
  const [updated] = await db
    .update(applications)
    .set({ jalurId: jalur_id, updatedAt: new Date(), ...(await applicantColumns(db, app.applicantUserId)) })
    .where(and(eq(applications.id, app.id), eq(applications.isSubmitted, false)))
    .returning();
  if (!updated) throw new ApiError(409, "APPLICATION_SUBMITTED");
  return c.json({ data: await applicationView(db, updated) }, 200);
};

export const uploadDocuments: AppRouteHandler<typeof routes.uploadDocuments> = async (c) => {
  const deps = c.var.deps;
  const app = await ownedApplication(deps.db, c.var.user, c.req.valid("param").id);
  assertDraft(app);
  const result = await receiveDocuments(deps, c.req.raw, {
    applicationId: app.id,
    ownerUserId: c.var.user.id,
    requirements: await activeRequirements(deps.db, app.jalurId),
  });
  return c.json({ data: result }, 200);
};

export const deleteDocument: AppRouteHandler<typeof routes.deleteDocument> = async (c) => {
  const { db } = c.var.deps;
  const { id, requirementId } = c.req.valid("param");
  const app = await ownedApplication(db, c.var.user, id);
  assertDraft(app);
  if (!/^\d{1,9}$/.test(requirementId)) throw new ApiError(404, "NOT_FOUND");
  // The version stays on record; it is only no longer the current one.
  const removed = await db
    .update(applicationDocuments)
    .set({ isCurrent: false })
    .where(
      and(
        eq(applicationDocuments.applicationId, app.id),
        eq(applicationDocuments.requirementId, Number(requirementId)),
        eq(applicationDocuments.isCurrent, true),
      ),
    )
    .returning({ id: applicationDocuments.id });
  if (removed.length === 0) throw new ApiError(404, "NOT_FOUND");
  return c.json({ data: await applicationView(db, app) }, 200);
};

export const submit: AppRouteHandler<typeof routes.submit> = async (c) => {
  const { db } = c.var.deps;
  const user = c.var.user;
  const app = await ownedApplication(db, user, c.req.valid("param").id);
  // A double click or a re-post: the submission already happened, answer with it.
  if (app.isSubmitted) return c.json({ data: await applicationView(db, app) }, 200);

  const [profile] = await db.select().from(applicantProfiles).where(eq(applicantProfiles.userId, app.applicantUserId));
  if (!profileComplete(profile) || (app.jalurId === "SPE" && !profile?.specializationId)) {
    throw new ApiError(400, "PROFILE_INCOMPLETE");
  }
  const view = await applicationView(db, app);
  if (view.missing.length > 0) {
    const names = new Map((await activeRequirements(db, app.jalurId)).map((r) => [r.id, r.name]));
    throw new ApiError(
      400,
      "DOCUMENTS_MISSING",
      undefined,
      {},
      view.missing.map((id) => ({ path: `doc_${id}`, message: `${names.get(id)} harus diunggah` })),
    );
  }

  const stage = firstStage(app.jalurId);
  const { idempotency_key } = c.req.valid("json");
  const submittedNow = await db.transaction(async (tx) => {
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
        idempotencyKey: idempotency_key ?? null,
        updatedAt: now,
        ...(await applicantColumns(tx, app.applicantUserId)),
        ...(await reviewColumnsNow(tx, state, now)),
      })
      .where(and(eq(applications.id, app.id), eq(applications.isSubmitted, false)))
      .returning({ id: applications.id });
    if (!submitted) return false;
    await tx.insert(auditLog).values({
      applicationId: app.id,
      actorUserId: user.id,
      actorRole: user.roleId,
      action: "SUBMIT",
      fromStage: null,
      fromStatus: null,
      toStage: stage,
      toStatus: "IN-PROGRESS",
      createdAt: now,
    });
    return true;
  });
  if (submittedNow) await notifySubmitted(db, app.id, { mailer: c.var.deps.mailer, logger: c.var.deps.config.logger });
  const [current] = await db.select().from(applications).where(eq(applications.id, app.id));
  return c.json({ data: await applicationView(db, current) }, 200);
};

export const reupload: AppRouteHandler<typeof routes.reupload> = async (c) => {
  const deps = c.var.deps;
  const { db } = deps;
  const user = c.var.user;
  const app = await ownedApplication(db, user, c.req.valid("param").id);
  if (app.status !== "REUPLOAD") throw new ApiError(409, "NOT_REUPLOAD");
  const open = await db
    .select({ requirementId: reuploadRequests.requirementId })
    .from(reuploadRequests)
    .where(and(eq(reuploadRequests.applicationId, app.id), isNull(reuploadRequests.resolvedAt)));
  const flagged = new Set(open.map((r) => r.requirementId));
  // Only the flagged documents are fields of this form; anything else is an unknown field (400).
  const requirements = (await activeRequirements(db, app.jalurId)).filter((r) => flagged.has(r.id));
  const result = await receiveDocuments(deps, c.req.raw, { applicationId: app.id, ownerUserId: user.id, requirements });

  await db.transaction(async (tx) => {
    const now = new Date();
    if (result.saved.length > 0) {
      await tx
        .update(reuploadRequests)
        .set({ resolvedAt: now })
        .where(
          and(
            eq(reuploadRequests.applicationId, app.id),
            inArray(reuploadRequests.requirementId, result.saved),
            isNull(reuploadRequests.resolvedAt),
          ),
        );
    }
    const [{ remaining }] = await tx
      .select({ remaining: sql<number>`count(*)::int` })
      .from(reuploadRequests)
      .where(and(eq(reuploadRequests.applicationId, app.id), isNull(reuploadRequests.resolvedAt)));
    if (remaining > 0) return;
    // Everything flagged is fixed: back to the reviewers at the same stage, with a fresh SLA clock.
    const state = { is_submitted: true, status: "IN-PROGRESS", stage_id: app.stageId } as const;
    const [back] = await tx
      .update(applications)
      .set({ status: state.status, stageStartedAt: now, updatedAt: now, ...(await reviewColumnsNow(tx, state, now)) })
      .where(and(eq(applications.id, app.id), eq(applications.status, "REUPLOAD")))
      .returning({ id: applications.id });
    if (!back) return;
    await tx.insert(auditLog).values({
      applicationId: app.id,
      actorUserId: user.id,
      actorRole: user.roleId,
      action: "REUPLOAD",
      fromStage: app.stageId,
      fromStatus: "REUPLOAD",
      toStage: app.stageId,
      toStatus: "IN-PROGRESS",
      createdAt: now,
    });
  });
  const [current] = await db.select().from(applications).where(eq(applications.id, app.id));
  return c.json({ data: { ...result, application: await applicationView(db, current) } }, 200);
};

/** The SPE extras may change while the applicant holds the file: a draft, or a reupload request. */
function assertEditable(app: { isSubmitted: boolean; status: string | null; jalurId: string }) {
  if (app.jalurId !== "SPE") throw new ApiError(409, "NOT_SPE");
  if (app.isSubmitted && app.status !== "REUPLOAD") throw new ApiError(409, "APPLICATION_SUBMITTED");
}

async function portfolioOf(db: Database, applicationId: string) {
  const rows = await db.select().from(portfolioEntries).where(eq(portfolioEntries.applicationId, applicationId)).orderBy(asc(portfolioEntries.orderNum));
  return { entries: rows.map((r) => ({ kind: r.kind, title: r.title, institution: r.institution, year: r.year, description: r.description })) };
}

async function achievementsOf(db: Database, app: { id: string; achievementsDone: boolean }) {
  const rows = await db.select().from(achievements).where(eq(achievements.applicationId, app.id)).orderBy(asc(achievements.orderNum));
  return {
    items: rows.map((r) => ({ type_code: r.typeCode, title: r.title, year: r.year, description: r.description })),
    done: app.achievementsDone,
  };
}

export const getPortfolio: AppRouteHandler<typeof routes.getPortfolio> = async (c) => {
  const { db } = c.var.deps;
  const app = await ownedApplication(db, c.var.user, c.req.valid("param").id);
  return c.json({ data: await portfolioOf(db, app.id) }, 200);
};

export const putPortfolio: AppRouteHandler<typeof routes.putPortfolio> = async (c) => {
  const { db } = c.var.deps;
  const app = await ownedApplication(db, c.var.user, c.req.valid("param").id);
  assertEditable(app);
  const { entries } = c.req.valid("json");
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
  return c.json({ data: await portfolioOf(db, app.id) }, 200);
};

export const getAchievements: AppRouteHandler<typeof routes.getAchievements> = async (c) => {
  const { db } = c.var.deps;
  const app = await ownedApplication(db, c.var.user, c.req.valid("param").id);
  return c.json({ data: await achievementsOf(db, app) }, 200);
};

export const putAchievements: AppRouteHandler<typeof routes.putAchievements> = async (c) => {
  const { db } = c.var.deps;
  const app = await ownedApplication(db, c.var.user, c.req.valid("param").id);
  assertEditable(app);
  const { items, done } = c.req.valid("json");
  const known = new Set((await db.select({ code: achievementTypes.code }).from(achievementTypes)).map((t) => t.code));
  const unknown = items.findIndex((i) => !known.has(i.type_code));
  if (unknown >= 0) {
    throw new ApiError(400, "VALIDATION_ERROR", undefined, {}, [
      { path: `items.${unknown}.type_code`, message: "Jenis Capaian harus berupa nilai yang diizinkan" },
    ]);
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
  return c.json({ data: await achievementsOf(db, updated) }, 200);
};
