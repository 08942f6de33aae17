import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cmsSchemas } from "#domain/forms/cms";
import { toLocalInput } from "#domain/forms/cms.labels";
import type { FormInput } from "#domain/forms/registry";
import { ActiveBadge, ActiveToggle } from "~/routes/admin/__admin-parts";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, Field, SubmitButton, TextareaField } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { adminApi, adminLoad, redirectWithToast } from "~/routes/admin/__admin.server";
import { CMS_ROLES, entryParam } from "~/routes/cms/__cms.server";
import { requireUser } from "~/utils/guards.server";
import { i18next, formTextsFor } from "~/utils/i18n.server";
import { refusalReply } from "~/utils/form-reply.server";
import { titled } from "~/utils/page-title";
import { rules as testScheduleRules } from "#domain/forms/live/testSchedule.generated";
import { useLiveValidation } from "~/utils/live-validation";

export const handle = titled((data?: { entry: unknown }) => (data?.entry ? "cmsTestScheduleEdit" : "cmsTestScheduleNew"));

const BACK = "/master-cms#jadwal";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: CMS_ROLES });
  const id = entryParam(params.id);
  if (id === "new") return { entry: null };
  return { entry: (await adminLoad(context, `/admin/test-schedules/${id}`)).data };
}

/** intent save (create or edit), deactivate or activate. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: CMS_ROLES });
  const id = entryParam(params.id);
  const t = await i18next.getFixedT(request, "cms");
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === "save") {
    const submission = parseWithZod(formData, { schema: cmsSchemas(await formTextsFor(request)).testSchedule });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const r =
      id === "new"
        ? await adminApi(context, "POST", "/admin/test-schedules", { body: submission.value })
        : await adminApi(context, "PUT", `/admin/test-schedules/${id}`, { body: submission.value });
    if (!r.ok) return data(refusalReply(submission, r.error), { status: r.status >= 500 ? 503 : 400 });
    return redirectWithToast(BACK, t("toast.schedule", { title: r.body.data.title }));
  }
  if (id !== "new" && (intent === "deactivate" || intent === "activate")) {
    const r = await adminApi(context, "POST", `/admin/test-schedules/${id}/${intent}`);
    if (!r.ok) return redirectWithToast(`/master-cms/test-schedules/${id}`, r.error.message, "error");
    return redirectWithToast(BACK, t(intent === "deactivate" ? "toast.scheduleDeactivated" : "toast.scheduleActivated"));
  }
  return redirectWithToast(BACK, t("toast.unknown"), "error");
}

/** /master-cms/test-schedules/new and /master-cms/test-schedules/:id; times are WIB. */
export default function ScheduleEntryPage() {
  const { t } = useTranslation("cms");
  const { entry } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<FormInput<"testSchedule">>({
    id: "test-schedule",
    lastResult,
    defaultValue: entry
      ? {
          title: entry.title,
          location: entry.location,
          starts_at: toLocalInput(entry.starts_at),
          ends_at: toLocalInput(entry.ends_at),
          registration_deadline: toLocalInput(entry.registration_deadline),
          notes: entry.notes ?? "",
        }
      : undefined,
    ...useLiveValidation(testScheduleRules),
  });
  const items = [
    { meta: fields.title, label: t("fields.title") },
    { meta: fields.location, label: t("fields.location") },
    { meta: fields.starts_at, label: t("fields.starts_at") },
    { meta: fields.ends_at, label: t("fields.ends_at") },
    { meta: fields.registration_deadline, label: t("fields.registration_deadline") },
    { meta: fields.notes, label: t("fields.notes") },
  ];
  return (
    <>
      <p>
        <Link to={BACK}>{t("back")}</Link>
      </p>
      <h1>{entry ? t("schedule.editTitle") : t("schedule.newTitle")}</h1>
      {entry ? (
        <p>
          <ActiveBadge active={entry.is_active} />
        </p>
      ) : null}
      <section className={ui.card}>
        <ErrorSummary form={form} fields={items} />
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="save" />
          <Field meta={fields.title} label={t("fields.title")} />
          <Field meta={fields.location} label={t("fields.location")} />
          <Field meta={fields.starts_at} label={t("fields.starts_at")} type="datetime-local" hint={t("schedule.timeHint")} />
          <Field meta={fields.ends_at} label={t("fields.ends_at")} type="datetime-local" hint={t("schedule.endHint")} />
          <Field meta={fields.registration_deadline} label={t("fields.registration_deadline")} type="datetime-local" hint={t("schedule.deadlineHint")} />
          <TextareaField meta={fields.notes} label={t("fields.notes")} hint={t("schedule.notesHint")} />
          <SubmitButton>{t("schedule.save")}</SubmitButton>
        </Form>
      </section>
      {entry ? (
        <ActiveToggle
          active={entry.is_active}
          lead={entry.is_active ? t("schedule.deactivateLead") : t("schedule.activateLead")}
          label={entry.is_active ? t("schedule.deactivate") : t("schedule.activate")}
        />
      ) : null}
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
