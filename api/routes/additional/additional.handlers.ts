import { STAFF_ROLES } from "#domain/roles";
import type { Database } from "../../db/client";
import type { ApplicationRow, UserRow } from "../../db/schema";
import type { AppRouteHandler } from "../../http/env";
import { listAdditional, mayAnswerAdditional, mayRequestAdditional } from "../../services/additional";
import { ownedApplication } from "../../services/applications";
import { visibleApplication as staffVisibleApplication } from "../../services/review/review";
import { answerAdditional, requestAdditional } from "../../services/workflow";
import type * as routes from "./additional.routes";

/** The applicant (or facility) who owns it, or a reviewer who may see it (review.ts); anyone else gets 404. */
function visibleApplication(db: Database, user: UserRow, id: string): Promise<ApplicationRow> {
  return STAFF_ROLES.includes(user.roleId) ? staffVisibleApplication(db, user.roleId, id) : ownedApplication(db, user, id);
}

async function body(db: Database, app: ApplicationRow, user: UserRow) {
  const owner = app.applicantUserId === user.id || app.submittedByUserId === user.id;
  return {
    items: await listAdditional(db, app.id),
    may_answer: owner && mayAnswerAdditional(app),
    may_request: STAFF_ROLES.includes(user.roleId) && mayRequestAdditional(app, user.roleId),
  };
}

export const list: AppRouteHandler<typeof routes.list> = async (c) => {
  const { db } = c.var.deps;
  const app = await visibleApplication(db, c.var.user, c.req.valid("param").id);
  return c.json({ data: await body(db, app, c.var.user) }, 200);
};

export const request: AppRouteHandler<typeof routes.request> = async (c) => {
  const { db } = c.var.deps;
  const app = await requestAdditional(db, c.var.user, c.req.valid("param").id, c.req.valid("json"));
  return c.json({ data: await body(db, app, c.var.user) }, 201);
};

export const upload: AppRouteHandler<typeof routes.upload> = async (c) => {
  const { id, requestId } = c.req.valid("param");
  const app = await answerAdditional(c.var.deps, c.var.user, id, requestId, c.req.raw);
  return c.json({ data: await body(c.var.deps.db, app, c.var.user) }, 200);
};
