import { ApiError } from "../../lib/errors";
import type { AppRouteHandler } from "../../http/env";
import { deleteApplicantAccount, NOTICE_DAYS, plannedDeletions as planned } from "../../services/data-rights/retention";
import type * as routes from "./retention.routes";

const PER_PAGE = 25;

export const plannedDeletions: AppRouteHandler<typeof routes.plannedDeletions> = async (c) => {
  const { db, config } = c.var.deps;
  const page = Math.max(1, Number(c.req.valid("query").page ?? 1) || 1);
  const s = config.retention;
  const { rows, total } = await planned(db, s, new Date(), { limit: PER_PAGE, offset: (page - 1) * PER_PAGE });
  return c.json(
    {
      settings: { draft_months: s.draftMonths, account_months: s.accountMonths, closed_file_months: s.closedFileMonths, notice_days: NOTICE_DAYS },
      data: rows.map((r) => ({
        kind: r.kind,
        label: r.label,
        since: r.since.toISOString(),
        notice_at: r.noticeAt?.toISOString() ?? null,
        delete_at: r.deleteAt.toISOString(),
      })),
      meta: { page, per_page: PER_PAGE, total, pages: Math.max(1, Math.ceil(total / PER_PAGE)) },
    },
    200,
  );
};

export const deleteOwnAccount: AppRouteHandler<typeof routes.deleteOwnAccount> = async (c) => {
  const deps = c.var.deps;
  const user = c.var.user;
  if (!(await deleteApplicantAccount({ db: deps.db, storage: deps.storage, logger: deps.config.logger, tusStore: deps.tusStore }, user.id)))
    throw new ApiError(409, "ACCOUNT_HAS_SUBMITTED");
  deps.config.logger.info({ userId: user.id }, "account deleted by its owner");
  return c.json({ data: { deleted: true as const } }, 200);
};
