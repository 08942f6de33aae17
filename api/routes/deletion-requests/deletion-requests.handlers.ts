import { ApiError } from "../../lib/errors";
import type { AppRouteHandler } from "../../http/env";
import * as service from "../../services/data-rights/deletion-requests";
import type * as routes from "./deletion-requests.routes";

export const ownDeletionRequest: AppRouteHandler<typeof routes.ownDeletionRequest> = async (c) => {
  return c.json({ data: await service.ownDeletionState(c.var.deps.db, c.var.user.id) }, 200);
};

export const requestDeletion: AppRouteHandler<typeof routes.requestDeletion> = async (c) => {
  const { db, config } = c.var.deps;
  const request = await service.requestDeletion(db, c.var.user.id, c.req.valid("json"));
  config.logger.info({ deletionRequestId: request.id, userId: c.var.user.id }, "deletion request sent");
  return c.json({ data: request }, 201);
};

export const listDeletionRequests: AppRouteHandler<typeof routes.listDeletionRequests> = async (c) => {
  const query = c.req.valid("query");
  const page = Math.max(1, Number(query.page ?? 1) || 1);
  return c.json(await service.listDeletionRequests(c.var.deps.db, page, query.id ? Number(query.id) : undefined), 200);
};

export const decideDeletionRequest: AppRouteHandler<typeof routes.decideDeletionRequest> = async (c) => {
  const { db, storage, mailer, config, tusStore } = c.var.deps;
  const raw = c.req.valid("param").id;
  // Not a request's id (a word, a negative, past the column's range): no such request.
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new ApiError(404, "NOT_FOUND");
  const user = c.var.user;
  const decided = await service.decideDeletionRequest(
    { db, storage, mailer, logger: config.logger, tusStore },
    { id: user.id, roleId: user.roleId },
    Number(raw),
    c.req.valid("json"),
  );
  return c.json({ data: decided }, 200);
};
