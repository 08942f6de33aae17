import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  achievements,
  achievementTypes,
  applicationDocuments,
  applications,
  portfolioEntries,
} from "../../db/schema";
import { ApiError } from "../../lib/errors";
import type { AppRouteHandler } from "../../lib/types";
import { applicationView, ownedApplication } from "../../services/applications";
import { activeRequirements, receiveDocuments } from "../../services/documents";
import { changeDraftPathway, reuploadDocuments, startDraft, submitApplication } from "../../services/workflow";
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
  const app = await startDraft(db, c.var.user, c.req.valid("json").jalur_id);
  return c.json({ data: await applicationView(db, app) }, 201);
};

export const getOne: AppRouteHandler<typeof routes.getOne> = async (c) => {
  const { db } = c.var.deps;
  const app = await ownedApplication(db, c.var.user, c.req.valid("param").id);
  return c.json({ data: await applicationView(db, app) }, 200);
};

export const changeJalur: AppRouteHandler<typeof routes.changeJalur> = async (c) => {
  const { db } = c.var.deps;
  const app = await changeDraftPathway(db, c.var.user, c.req.valid("param").id, c.req.valid("json").jalur_id);
  return c.json({ data: await applicationView(db, app) }, 200);
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
  const deps = c.var.deps;
  const app = await submitApplication(deps, c.var.user, c.req.valid("param").id, c.req.valid("json").idempotency_key);
  return c.json({ data: await applicationView(deps.db, app) }, 200);
};

export const reupload: AppRouteHandler<typeof routes.reupload> = async (c) => {
  const deps = c.var.deps;
  const { result, application } = await reuploadDocuments(deps, c.var.user, c.req.valid("param").id, c.req.raw);
  return c.json({ data: { ...result, application: await applicationView(deps.db, application) } }, 200);
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
