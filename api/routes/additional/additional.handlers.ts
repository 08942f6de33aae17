import { STAFF_ROLES } from "#domain/roles";
import type { Database } from "../../db/client";
import { files, type ApplicationRow, type UserRow } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import type { AppRouteHandler } from "../../lib/types";
import {
  ADDITIONAL_MAX_MB,
  answerAdditional,
  listAdditional,
  mayAnswerAdditional,
  mayRequestAdditional,
  requestAdditional,
} from "../../services/additional";
import { ownedApplication } from "../../services/applications";
import { visibleApplication as staffVisibleApplication } from "../../services/review";
import { receiveSingleFile } from "../../services/uploads/single";
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
  const user = c.var.user;
  const app = await visibleApplication(db, user, c.req.valid("param").id);
  await requestAdditional(db, app, user, c.req.valid("json"));
  return c.json({ data: await body(db, app, user) }, 201);
};

export const upload: AppRouteHandler<typeof routes.upload> = async (c) => {
  const { db } = c.var.deps;
  const user = c.var.user;
  const { id, requestId } = c.req.valid("param");
  const app = await ownedApplication(db, user, id);
  const requestNumber = Number(requestId);
  const items = await listAdditional(db, app.id);
  if (!Number.isSafeInteger(requestNumber) || !items.some((i) => i.id === requestNumber)) throw new ApiError(404, "NOT_FOUND");
  if (!mayAnswerAdditional(app)) throw new ApiError(409, "ADDITIONAL_CLOSED");

  const stored = await receiveSingleFile(c.var.deps, c.req.raw, { field: "file", maxMb: ADDITIONAL_MAX_MB, allowedExtnames: "jpg,jpeg,png,pdf", requiredMessage: "Berkas harus diisi" });
  const [row] = await db
    .insert(files)
    .values({ ...stored, ownerUserId: user.id })
    .returning({ id: files.id });
  const current = await answerAdditional(db, app, user, requestNumber, row.id);
  return c.json({ data: await body(db, current, user) }, 200);
};
