import type { CommitteeForm, SlaForm } from "#domain/forms/admin";
import type { AppRouteHandler } from "../../http/env";
import { slaSettingsList, updateSla } from "../../services/admin/sla";
import { updateSetting } from "../../services/cms";
import type * as routes from "./sla.routes";

export const getSla: AppRouteHandler<typeof routes.getSla> = async (c) => c.json({ data: await slaSettingsList(c.var.deps.db) }, 200);

export const putSla: AppRouteHandler<typeof routes.putSla> = async (c) => {
  const data = await updateSla(c.var.deps.db, c.var.user, c.req.valid("json") as SlaForm);
  return c.json({ data }, 200);
};

/** The committee's name: one setting, stored and logged (CMS_UPDATE, target committee_name) as the CMS's are. */
export const putCommitteeName: AppRouteHandler<typeof routes.putCommitteeName> = async (c) => {
  const { committee_name } = c.req.valid("json") as CommitteeForm;
  return c.json({ data: { committee_name: await updateSetting(c.var.deps.db, c.var.user, "committee_name", committee_name) } }, 200);
};
