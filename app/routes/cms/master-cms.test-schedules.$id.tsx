import { useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cmsSchemas } from "#domain/forms/cms";
import { toLocalInput } from "#domain/forms/cms.labels";
import type { FormInput } from "#domain/forms/registry";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { Field, TextareaField } from "~/components/forms";
import { adminApi, adminLoad } from "~/utils/admin.server";
import { CmsEntryPage } from "~/routes/cms/__CmsEntry";
import { CMS_ROLES, cmsEntryAction, entryParam } from "~/routes/cms/__cms.server";
import { requireUser } from "~/utils/guards.server";
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

export const action = (args: ActionFunctionArgs) =>
  cmsEntryAction(args, {
    schema: cmsSchemas().testSchedule,
    save: (context, id, body) =>
      id === "new" ? adminApi(context, "POST", "/admin/test-schedules", { body }) : adminApi(context, "PUT", `/admin/test-schedules/${id}`, { body }),
    toggle: (context, id, intent) => adminApi(context, "POST", `/admin/test-schedules/${id}/${intent}`),
    page: "/master-cms/test-schedules",
    back: BACK,
    toasts: { saved: "toast.schedule", deactivated: "toast.scheduleDeactivated", activated: "toast.scheduleActivated" },
  });

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
  return (
    <CmsEntryPage
      back={BACK}
      title={entry ? t("schedule.editTitle") : t("schedule.newTitle")}
      entry={entry}
      form={form}
      summary={[
        { meta: fields.title, label: t("fields.title") },
        { meta: fields.location, label: t("fields.location") },
        { meta: fields.starts_at, label: t("fields.starts_at") },
        { meta: fields.ends_at, label: t("fields.ends_at") },
        { meta: fields.registration_deadline, label: t("fields.registration_deadline") },
        { meta: fields.notes, label: t("fields.notes") },
      ]}
      texts={{
        save: t("schedule.save"),
        deactivateLead: t("schedule.deactivateLead"),
        activateLead: t("schedule.activateLead"),
        deactivate: t("schedule.deactivate"),
        activate: t("schedule.activate"),
      }}
    >
      <Field meta={fields.title} label={t("fields.title")} />
      <Field meta={fields.location} label={t("fields.location")} />
      <Field meta={fields.starts_at} label={t("fields.starts_at")} type="datetime-local" hint={t("schedule.timeHint")} />
      <Field meta={fields.ends_at} label={t("fields.ends_at")} type="datetime-local" hint={t("schedule.endHint")} />
      <Field meta={fields.registration_deadline} label={t("fields.registration_deadline")} type="datetime-local" hint={t("schedule.deadlineHint")} />
      <TextareaField meta={fields.notes} label={t("fields.notes")} hint={t("schedule.notesHint")} />
    </CmsEntryPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
