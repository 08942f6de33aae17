import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cmsSchemas } from "#domain/forms/cms";
import type { FormInput } from "#domain/forms/registry";
import { ActiveBadge, ActiveToggle } from "~/routes/admin/__admin-parts";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, Field, SubmitButton, TextareaField } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { adminApi, adminLoad, redirectWithToast } from "~/routes/admin/__admin.server";
import { CMS_ROLES, entryParam } from "~/routes/cms/__cms.server";
import { formatDateTime } from "~/utils/format";
import { requireUser } from "~/utils/guards.server";
import { i18next, formTextsFor } from "~/utils/i18n.server";
import { refusalReply } from "~/utils/form-reply.server";
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

/** intent save (create or edit), deactivate or activate. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: CMS_ROLES });
  const id = entryParam(params.id);
  const t = await i18next.getFixedT(request, "cms");
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === "save") {
    const submission = parseWithZod(formData, { schema: cmsSchemas(await formTextsFor(request)).announcement });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const r =
      id === "new"
        ? await adminApi(context, "POST", "/admin/cms/announcements", { body: submission.value })
        : await adminApi(context, "PUT", `/admin/cms/announcements/${id}`, { body: submission.value });
    if (!r.ok) return data(refusalReply(submission, r.error), { status: r.status >= 500 ? 503 : 400 });
    return redirectWithToast(BACK, t("toast.announcement", { title: r.body.data.title }));
  }
  if (id !== "new" && (intent === "deactivate" || intent === "activate")) {
    const r = await adminApi(context, "POST", `/admin/cms/announcements/${id}/${intent}`);
    if (!r.ok) return redirectWithToast(`/master-cms/announcements/${id}`, r.error.message, "error");
    return redirectWithToast(BACK, t(intent === "deactivate" ? "toast.announcementDeactivated" : "toast.announcementActivated"));
  }
  return redirectWithToast(BACK, t("toast.unknown"), "error");
}

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
    <>
      <p>
        <Link to={BACK}>{t("back")}</Link>
      </p>
      <h1>{entry ? t("announcements.editTitle") : t("announcements.newTitle")}</h1>
      {entry ? (
        <p>
          <ActiveBadge active={entry.is_active} /> {formatDateTime(entry.published_at)}
        </p>
      ) : null}
      <section className={ui.card}>
        <ErrorSummary
          form={form}
          fields={[
            { meta: fields.title, label: t("fields.title") },
            { meta: fields.body, label: t("fields.body") },
          ]}
        />
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="save" />
          <Field meta={fields.title} label={t("fields.title")} />
          <TextareaField meta={fields.body} label={t("fields.body")} />
          <SubmitButton>{t("announcements.save")}</SubmitButton>
        </Form>
      </section>
      {entry ? (
        <ActiveToggle
          active={entry.is_active}
          lead={entry.is_active ? t("announcements.deactivateLead") : t("announcements.activateLead")}
          label={entry.is_active ? t("announcements.deactivate") : t("announcements.activate")}
        />
      ) : null}
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
