import type { Announcement, CmsContent } from "#contracts/cms";
import type { AdminTestSchedule } from "#contracts/test-schedules";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type AppLoadContext } from "@remix-run/node";
import type { ZodType } from "zod";
import type { FormTexts } from "#domain/validation";
import { ROLE } from "#domain/roles";
import { adminLoad, redirectWithToast } from "~/utils/admin.server";
import type { ApiResult } from "~/utils/api.server";
import { refusalReply } from "~/utils/form-reply.server";
import { requireUser } from "~/utils/guards.server";
import { formErrorsFor, i18next } from "~/utils/i18n.server";

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

/**
 * One kind of /master-cms entry (an announcement, a test schedule): its form's rules, its API calls (each a
 * typed call with its own literal path), the page it is edited on and the toasts' keys.
 */
export interface CmsEntryKind<V> {
  schema: ZodType<V>;
  save: (context: AppLoadContext, id: string, value: V) => Promise<ApiResult<{ data: { title: string } }>>;
  toggle: (context: AppLoadContext, id: string, intent: "activate" | "deactivate") => Promise<ApiResult<unknown>>;
  page: string;
  back: string;
  toasts: { saved: string; deactivated: string; activated: string };
}

/** The action of an entry's page: intent save (create when the id is "new", else edit), deactivate or activate. */
export async function cmsEntryAction<V>({ request, context, params }: ActionFunctionArgs, kind: CmsEntryKind<V>) {
  await requireUser(request, context, { roles: CMS_ROLES });
  const id = entryParam(params.id);
  const t = await i18next.getFixedT(request, "cms");
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === "save") {
    const submission = parseWithZod(formData, { schema: kind.schema, formatError: await formErrorsFor(request) });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const r = await kind.save(context, id, submission.value);
    if (!r.ok) return data(refusalReply(submission, r.error), { status: r.status >= 500 ? 503 : 400 });
    return redirectWithToast(kind.back, t(kind.toasts.saved, { title: r.body.data.title }));
  }
  if (id !== "new" && (intent === "deactivate" || intent === "activate")) {
    const r = await kind.toggle(context, id, intent);
    if (!r.ok) return redirectWithToast(`${kind.page}/${id}`, r.error.message, "error");
    return redirectWithToast(kind.back, t(intent === "deactivate" ? kind.toasts.deactivated : kind.toasts.activated));
  }
  return redirectWithToast(kind.back, t("toast.unknown"), "error");
}
