import { useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cmsSchemas } from "#domain/forms/cms";
import type { FormInput } from "#domain/forms/registry";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { Field, TextareaField } from "~/components/forms";
import { adminApi, adminLoad } from "~/utils/admin.server";
import { CmsEntryPage } from "~/routes/cms/__CmsEntry";
import { CMS_ROLES, cmsEntryAction, entryParam } from "~/routes/cms/__cms.server";
import { formatDateTime } from "~/utils/format";
import { requireUser } from "~/utils/guards.server";
import { titled } from "~/utils/page-title";
import { rules as announcementRules } from "#domain/forms/live/announcement.generated";
import { useLiveValidation } from "~/utils/live-validation";

export const handle = titled((data?: { entry: unknown }) => (data?.entry ? "cmsAnnouncementEdit" : "cmsAnnouncementNew"));

const BACK = "/master-cms#pengumuman";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: CMS_ROLES });
  const id = entryParam(params.id);
  if (id === "new") return { entry: null };
  return { entry: (await adminLoad(context, `/admin/cms/announcements/${id}`)).data };
}

export const action = (args: ActionFunctionArgs) =>
  cmsEntryAction(args, {
    schema: cmsSchemas().announcement,
    save: (context, id, body) =>
      id === "new" ? adminApi(context, "POST", "/admin/cms/announcements", { body }) : adminApi(context, "PUT", `/admin/cms/announcements/${id}`, { body }),
    toggle: (context, id, intent) => adminApi(context, "POST", `/admin/cms/announcements/${id}/${intent}`),
    page: "/master-cms/announcements",
    back: BACK,
    toasts: { saved: "toast.announcement", deactivated: "toast.announcementDeactivated", activated: "toast.announcementActivated" },
  });

/** /master-cms/announcements/new and /master-cms/announcements/:id. */
export default function AnnouncementPage() {
  const { t } = useTranslation("cms");
  const { entry } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<FormInput<"announcement">>({
    id: "announcement",
    lastResult,
    defaultValue: entry ? { title: entry.title, body: entry.body } : undefined,
    ...useLiveValidation(announcementRules),
  });
  return (
    <CmsEntryPage
      back={BACK}
      title={entry ? t("announcements.editTitle") : t("announcements.newTitle")}
      entry={entry}
      since={entry ? formatDateTime(entry.published_at) : undefined}
      form={form}
      summary={[
        { meta: fields.title, label: t("fields.title") },
        { meta: fields.body, label: t("fields.body") },
      ]}
      texts={{
        save: t("announcements.save"),
        deactivateLead: t("announcements.deactivateLead"),
        activateLead: t("announcements.activateLead"),
        deactivate: t("announcements.deactivate"),
        activate: t("announcements.activate"),
      }}
    >
      <Field meta={fields.title} label={t("fields.title")} />
      <TextareaField meta={fields.body} label={t("fields.body")} />
    </CmsEntryPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
