import type { SlaForm } from "#domain/forms/admin";
import type { AppRouteHandler } from "../../lib/types";
import { slaSettingsList, updateSla } from "../../services/admin-sla";
import type * as routes from "./sla.routes";

export const getSla: AppRouteHandler<typeof routes.getSla> = async (c) => c.json({ data: await slaSettingsList(c.var.deps.db) }, 200);

export const putSla: AppRouteHandler<typeof routes.putSla> = async (c) => {
  const data = await updateSla(c.var.deps.db, c.var.user, c.req.valid("json") as SlaForm);
  return c.json({ data }, 200);
};
