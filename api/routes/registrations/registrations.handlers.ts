import type { AppRouteHandler } from "../../http/env";
import { activeActivityKinds, createRegistration as create, listRegistrations as list, registrationDetail } from "../../services/registrations";
import { pageOf } from "../admin/shared";
import type * as routes from "./registrations.routes";

export const listActivityKinds: AppRouteHandler<typeof routes.listActivityKinds> = async (c) => {
  return c.json({ data: await activeActivityKinds(c.var.deps.db) }, 200);
};

export const listRegistrations: AppRouteHandler<typeof routes.listRegistrations> = async (c) => {
  const { page, q } = c.req.valid("query");
  return c.json(await list(c.var.deps.db, c.var.user, { page: pageOf(page), q }), 200);
};

export const createRegistration: AppRouteHandler<typeof routes.createRegistration> = async (c) => {
  return c.json({ data: await create(c.var.deps.db, c.var.user, c.req.valid("json")) }, 201);
};

export const getRegistration: AppRouteHandler<typeof routes.getRegistration> = async (c) => {
  return c.json({ data: await registrationDetail(c.var.deps.db, c.var.user, c.req.valid("param").id) }, 200);
};
