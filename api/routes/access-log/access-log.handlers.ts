import { ROLE } from "#domain/roles";
import type { AppRouteHandler } from "../../http/env";
import { applicantAccessLog, facilityAccessLog, filterOf, recordAccess, searchAccessLog as searchLog } from "../../services/access-log";
import type * as routes from "./access-log.routes";

const pageOf = (page: string | undefined) => Math.max(1, Number(page ?? 1) || 1);

export const ownAccessLog: AppRouteHandler<typeof routes.ownAccessLog> = async (c) => {
  const { db } = c.var.deps;
  const user = c.var.user;
  const page = pageOf(c.req.valid("query").page);
  if (user.roleId === ROLE.APPLICANT) return c.json(await applicantAccessLog(db, user.id, page), 200);
  // A facility reads about others: that read is itself recorded.
  const [result] = await Promise.all([
    facilityAccessLog(db, user.id, page),
    recordAccess(db, user, "ACCESS_LOG", { applicantUserId: null, details: { scope: "facility", page: String(page) } }),
  ]);
  return c.json(result, 200);
};

export const searchAccessLog: AppRouteHandler<typeof routes.searchAccessLog> = async (c) => {
  const { db } = c.var.deps;
  const query = c.req.valid("query");
  const page = pageOf(query.page);
  const [result] = await Promise.all([
    searchLog(db, { ...query, page }),
    recordAccess(db, c.var.user, "ACCESS_LOG", { applicantUserId: null, details: filterOf(query) }),
  ]);
  return c.json(result, 200);
};
