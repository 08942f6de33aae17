import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { type ReferenceKind, adminSchemas } from "#domain/forms/admin";
import { ROLE } from "#domain/roles";
import { adminApi, adminLoad, listParams, redirectWithToast } from "~/utils/admin.server";
import type { ApiPath } from "~/utils/api.server";
import { requireUser } from "~/utils/guards.server";
import { awaitingConfirmation } from "~/utils/confirm.server";
import { refusalReply } from "~/utils/form-reply.server";
import { formErrorsFor, i18next } from "~/utils/i18n.server";

// Loaders and actions of the three reference-list pages; each route module names its kind.

/** The three reference lists: who keeps them, where they live, what the API calls them. */
export const REFERENCE_PAGES = {
  specialization: { base: "/specialization-list", api: "/admin/specializations", roles: [ROLE.SUPER_ADMIN] },
  institution: { base: "/institution-list", api: "/admin/institutions", roles: [ROLE.SUPER_ADMIN] },
  position: { base: "/master-position", api: "/admin/positions", roles: [ROLE.ADMIN] },
} satisfies Record<ReferenceKind, { base: string; api: ApiPath<"GET"> & ApiPath<"POST">; roles: number[] }>;

/** The toasts of the reference-list pages, in the request's language, naming the kind of entry. */
async function referenceToasts(request: Request, kind: ReferenceKind) {
  const t = await i18next.getFixedT(request, "admin");
  const noun = t(`reference.noun.${kind}`);
  return (key: string, values: Record<string, string> = {}) => t(`reference.toast.${key}`, { noun, ...values });
}

export async function referenceListLoader(kind: ReferenceKind, { request, context }: LoaderFunctionArgs) {
  const page = REFERENCE_PAGES[kind];
  await requireUser(request, context, { roles: page.roles });
  const params = listParams(new URL(request.url));
  const list = await adminLoad(context, page.api, params);
  return { entries: list.data, meta: list.meta, params };
}

/** The list page's one form: a new entry. */
export async function referenceListAction(kind: ReferenceKind, { request, context }: ActionFunctionArgs) {
  const page = REFERENCE_PAGES[kind];
  await requireUser(request, context, { roles: page.roles });
  const submission = parseWithZod(await request.formData(), { schema: adminSchemas().reference[kind], formatError: await formErrorsFor(request) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const r = await adminApi(context, "POST", page.api, { body: submission.value });
  if (!r.ok) return data(refusalReply(submission, r.error), { status: r.status >= 500 ? 503 : 400 });
  const toast = await referenceToasts(request, kind);
  return redirectWithToast(`${page.base}?q=${encodeURIComponent(r.body.data.name)}`, toast("added", { name: r.body.data.name }));
}

const entryPath = (kind: ReferenceKind, id: string | undefined) => `${REFERENCE_PAGES[kind].api}/${encodeURIComponent(id ?? "")}` as const;

export async function referenceEntryLoader(kind: ReferenceKind, { request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: REFERENCE_PAGES[kind].roles });
  return { entry: (await adminLoad(context, entryPath(kind, params.id))).data };
}

/** The edit page's forms: intent update, deactivate, activate or delete. */
export async function referenceEntryAction(kind: ReferenceKind, { request, context, params }: ActionFunctionArgs) {
  const page = REFERENCE_PAGES[kind];
  await requireUser(request, context, { roles: page.roles });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const path = entryPath(kind, params.id);
  const self = `${page.base}/${encodeURIComponent(params.id ?? "")}`; // the address as typed: never a header it cannot be
  const toast = await referenceToasts(request, kind);
  if (intent === "update") {
    const submission = parseWithZod(form, { schema: adminSchemas().reference[kind], formatError: await formErrorsFor(request) });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const r = await adminApi(context, "PUT", path, { body: submission.value });
    if (!r.ok) return data(refusalReply(submission, r.error), { status: r.status >= 500 ? 503 : 400 });
    return redirectWithToast(self, toast("saved"));
  }
  if (intent === "deactivate" || intent === "activate") {
    const r = await adminApi(context, "POST", `${path}/${intent}`);
    if (!r.ok) return redirectWithToast(self, r.error.message, "error");
    return redirectWithToast(self, toast(intent === "deactivate" ? "deactivated" : "activated"));
  }
  if (intent === "delete") {
    // A deleted entry cannot be restored: asked Yes/No first (spec §9).
    const confirm = awaitingConfirmation(form);
    if (confirm) return { confirm };
    const r = await adminApi(context, "DELETE", path);
    if (!r.ok) return redirectWithToast(self, r.error.message, "error");
    return redirectWithToast(page.base, toast("deleted"));
  }
  return redirectWithToast(self, toast("unknown"), "error");
}
