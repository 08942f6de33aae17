import type { AppRouteHandler } from "../../http/env";
import { createFacilityAdmin, decideFacilityVerification, facilityAdminDetail, listFacilityAdmins } from "../../services/admin/facilities";
import type * as routes from "./facilities.routes";
import { pageOf } from "./shared";
import { componentLogger } from "../../lib/log";

export const listFacilities: AppRouteHandler<typeof routes.listFacilities> = async (c) => {
  const { page, q, state } = c.req.valid("query");
  const { rows, meta } = await listFacilityAdmins(c.var.deps.db, { page: pageOf(page), q, state });
  return c.json({ data: rows, meta }, 200);
};

export const createFacility: AppRouteHandler<typeof routes.createFacility> = async (c) => {
  const { db, mailer } = c.var.deps;
  return c.json({ data: await createFacilityAdmin(db, mailer, c.var.user, c.req.valid("json")) }, 201);
};

export const getFacility: AppRouteHandler<typeof routes.getFacility> = async (c) => {
  return c.json({ data: await facilityAdminDetail(c.var.deps.db, c.req.valid("param").id) }, 200);
};

export const verifyFacility: AppRouteHandler<typeof routes.verifyFacility> = async (c) => {
  const { db, mailer, config } = c.var.deps;
  const data = await decideFacilityVerification(db, c.var.user, c.req.valid("param").id, c.req.valid("json"), {
    mailer,
    logger: componentLogger(config.logger, "admin-facilities"),
  });
  return c.json({ data }, 200);
};
