import type { AppLoadContext } from "@remix-run/node";
import { ROLE } from "#domain/roles";
import { adminLoad } from "~/routes/admin/admin.server";
import { requireUser } from "~/utils/guards.server";

// The /master-cms pages: the Admin's view of what the public pages show.

export const CMS_ROLES = [ROLE.ADMIN];

export interface Announcement {
  id: number;
  title: string;
  body: string;
  is_active: boolean;
  published_at: string;
  updated_at: string;
}

export interface ScheduleEntry {
  id: number;
  title: string;
  location: string;
  starts_at: string;
  ends_at: string | null;
  registration_deadline: string | null;
  notes: string | null;
  is_active: boolean;
}

export interface CmsContent {
  welcome: { title: string; lead: string };
  navbar_links: Array<{ label: string; href: string }>;
  faq: { base: string; login: string; signUp: string; index: string };
  guidebook: { file_id: string | null; original_name: string | null; updated_at: string | null };
  announcements: Announcement[];
  test_schedules: ScheduleEntry[];
}

/** Guard first, then everything /master-cms shows. */
export async function loadCms(request: Request, context: AppLoadContext): Promise<CmsContent> {
  await requireUser(request, context, { roles: CMS_ROLES });
  return (await adminLoad<{ data: CmsContent }>(context, "/admin/cms")).data;
}

/** "new" or a row id from the URL; anything else is the not-found screen. */
export function entryParam(id: string | undefined): string {
  if (id === "new" || (id && /^\d{1,9}$/.test(id))) return id;
  throw new Response("Not Found", { status: 404 });
}
