import type { Announcement, CmsContent } from "#contracts/cms";
import type { AdminTestSchedule } from "#contracts/test-schedules";
import type { AppLoadContext } from "@remix-run/node";
import { ROLE } from "#domain/roles";
import { adminLoad } from "~/routes/admin/__admin.server";
import { requireUser } from "~/utils/guards.server";

// The /master-cms pages: the Admin's view of what the public pages show.

export const CMS_ROLES = [ROLE.ADMIN];

// The shapes are the API's contract (contracts/cms.ts, contracts/test-schedules.ts), not copies of it.
export type { Announcement, CmsContent };
export type ScheduleEntry = AdminTestSchedule;

/** Guard first, then everything /master-cms shows. */
export async function loadCms(request: Request, context: AppLoadContext): Promise<CmsContent> {
  await requireUser(request, context, { roles: CMS_ROLES });
  return (await adminLoad(context, "/admin/cms")).data;
}

/** "new" or a row id from the URL; anything else is the not-found screen. */
export function entryParam(id: string | undefined): string {
  if (id === "new" || (id && /^\d{1,9}$/.test(id))) return id;
  throw new Response("Not Found", { status: 404 });
}
