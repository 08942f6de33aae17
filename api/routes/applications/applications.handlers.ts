import type { AppRouteHandler } from "../../http/env";
import {
  achievementsOf,
  applicationView,
  currentApplicationRow,
  currentApplicationSummary,
  fileHistoryOf,
  ownedApplication,
  portfolioOf,
} from "../../services/applications";
import {
  changeDraftPathway,
  removeDraftDocument,
  returnReupload as sendBack,
  reuploadDocuments,
  saveAchievements,
  savePortfolio,
  startDraft,
  submitApplication,
  uploadDraftDocuments,
} from "../../services/workflow";
import type * as routes from "./applications.routes";

export const getCurrent: AppRouteHandler<typeof routes.getCurrent> = async (c) => {
  const { db } = c.var.deps;
  const app = await currentApplicationRow(db, c.var.user.id);
  return c.json({ data: app ? await applicationView(db, app) : null }, 200);
};

export const getCurrentSummary: AppRouteHandler<typeof routes.getCurrentSummary> = async (c) => {
  return c.json({ data: await currentApplicationSummary(c.var.deps.db, c.var.user.id) }, 200);
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
  return c.json({ data: await uploadDraftDocuments(c.var.deps, c.var.user, c.req.valid("param").id, c.req.raw) }, 200);
};

export const deleteDocument: AppRouteHandler<typeof routes.deleteDocument> = async (c) => {
  const { db } = c.var.deps;
  const { id, requirementId } = c.req.valid("param");
  const app = await removeDraftDocument(c.var.deps, c.var.user, id, requirementId);
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

export const returnReupload: AppRouteHandler<typeof routes.returnReupload> = async (c) => {
  const deps = c.var.deps;
  const app = await sendBack(deps, c.var.user, c.req.valid("param").id);
  return c.json({ data: await applicationView(deps.db, app) }, 200);
};

/** The owner's only (the applicant, or the facility that registered them): anyone else reads 404. */
export const getFileHistory: AppRouteHandler<typeof routes.getFileHistory> = async (c) => {
  const { db } = c.var.deps;
  const app = await ownedApplication(db, c.var.user, c.req.valid("param").id);
  return c.json({ data: await fileHistoryOf(db, app.id) }, 200);
};

export const getPortfolio: AppRouteHandler<typeof routes.getPortfolio> = async (c) => {
  const { db } = c.var.deps;
  const app = await ownedApplication(db, c.var.user, c.req.valid("param").id);
  return c.json({ data: await portfolioOf(db, app.id) }, 200);
};

export const putPortfolio: AppRouteHandler<typeof routes.putPortfolio> = async (c) => {
  const { db } = c.var.deps;
  const app = await savePortfolio(db, c.var.user, c.req.valid("param").id, c.req.valid("json").entries);
  return c.json({ data: await portfolioOf(db, app.id) }, 200);
};

export const getAchievements: AppRouteHandler<typeof routes.getAchievements> = async (c) => {
  const { db } = c.var.deps;
  const app = await ownedApplication(db, c.var.user, c.req.valid("param").id);
  return c.json({ data: await achievementsOf(db, app) }, 200);
};

export const putAchievements: AppRouteHandler<typeof routes.putAchievements> = async (c) => {
  const { db } = c.var.deps;
  const app = await saveAchievements(db, c.var.user, c.req.valid("param").id, c.req.valid("json"));
  return c.json({ data: await achievementsOf(db, app) }, 200);
};
