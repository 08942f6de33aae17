import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { adminSchemas } from "#domain/forms/admin";
import { SLA_DAYS, SLA_GROUPS, slaField } from "#domain/forms/admin.labels";
import { ROLE } from "#domain/roles";
import type { FormInput } from "#domain/forms/registry";
import * as a from "~/components/admin.css";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, Field, SubmitButton } from "~/components/forms";
import { adminApi, adminLoad, redirectWithToast, type SlaStage } from "~/routes/admin/admin.server";
import { formatDateTime } from "~/utils/format";
import { requireUser } from "~/utils/guards.server";
import { refusalReply } from "~/utils/form-reply.server";
import { formTextsFor } from "~/utils/i18n.server";
import { titled } from "~/utils/page-title";
import { rules as slaRules } from "#domain/forms/live/sla.generated";
import { useLiveValidation } from "~/utils/live-validation";

export const handle = titled("slaSetting");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.SUPER_ADMIN] });
  return { stages: (await adminLoad<{ data: SlaStage[] }>(context, "/admin/sla")).data };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.SUPER_ADMIN] });
  const submission = parseWithZod(await request.formData(), { schema: adminSchemas(await formTextsFor(request)).sla });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const r = await adminApi<{ data: { changed: Array<{ applications: number }> } }>(context, "PUT", "/admin/sla", { body: submission.value });
  if (!r.ok) return data(refusalReply(submission, r.error), { status: r.status >= 500 ? 503 : 400 });
  const { changed } = r.body.data;
  const moved = changed.reduce((n, c) => n + c.applications, 0);
  const message =
    changed.length === 0
      ? "Tidak ada perubahan SLA."
      : `Pengaturan SLA disimpan: ${changed.length} tahap berubah, tenggat ${moved} permohonan dihitung ulang.`;
  return redirectWithToast("/sla-setting", message);
}

/** /sla-setting: days allowed per review stage, per pathway. */
export default function SlaSetting() {
  const { t } = useTranslation("admin");
  const { stages } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<FormInput<"sla">>({
    id: "sla",
    lastResult,
    defaultValue: Object.fromEntries(stages.map((s) => [slaField(s.stage_id), String(s.days)])),
    ...useLiveValidation(slaRules),
  });
  const byId = new Map(stages.map((s) => [s.stage_id, s]));
  const all = SLA_GROUPS.flatMap((g) => g.stages);
  return (
    <>
      <h1>{t("sla.title")}</h1>
      <p>{t("sla.lead", SLA_DAYS)}</p>
      <ErrorSummary form={form} fields={all.map((s) => ({ meta: fields[s.field], label: s.label }))} />
      <Form method="post" {...getFormProps(form)}>
        {SLA_GROUPS.map((group) => (
          <fieldset key={group.jalur} className={a.slaGroup}>
            <legend className={a.slaLegend}>{t("sla.pathway", { name: group.name })}</legend>
            {group.stages.map((s) => {
              const updated = byId.get(s.id)?.updated_at;
              return (
                <div key={s.id} className={a.slaRow}>
                  <Field meta={fields[s.field]} label={s.label} inputMode="numeric" hint={updated ? t("sla.updated", { at: formatDateTime(updated) }) : t("sla.days")} />
                </div>
              );
            })}
          </fieldset>
        ))}
        <SubmitButton>{t("form.save")}</SubmitButton>
      </Form>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
