import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { adminSchemas } from "#domain/forms/admin";
import { SLA_DAYS, SLA_GROUPS, slaField } from "#domain/forms/admin.labels";
import { COMMITTEE_NAME_MAX, ROLE } from "#domain/roles";
import type { FormInput } from "#domain/forms/registry";
import * as a from "~/components/admin.css";
import * as ui from "~/components/ui.css";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, Field, SubmitButton } from "~/components/forms";
import { adminApi, adminLoad, redirectWithToast } from "~/utils/admin.server";
import { getPublicConfig } from "~/utils/config.server";
import { formatDateTime } from "~/utils/format";
import { requireUser } from "~/utils/guards.server";
import { refusalReply } from "~/utils/form-reply.server";
import { formErrorsFor, i18next } from "~/utils/i18n.server";
import { titled } from "~/utils/page-title";
import { rules as committeeRules } from "#domain/forms/live/committee.generated";
import { rules as slaRules } from "#domain/forms/live/sla.generated";
import { useLiveValidation } from "~/utils/live-validation";
import { useWorkflowWords } from "~/utils/workflow-words";

export const handle = titled("slaSetting");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.SUPER_ADMIN] });
  const [sla, config] = await Promise.all([adminLoad(context, "/admin/sla"), getPublicConfig(context)]);
  // The days and when they changed; a stage's name is the page's words (the API's are the default language's).
  const stages = sla.data.map(({ stage_id, days, updated_at }) => ({ stage_id, days, updated_at }));
  return { stages, committeeName: config.committeeName };
}

/** The form that names the committee (spec §6: role 1's label is followed by it); sends intent=committee. */
const COMMITTEE_INTENT = "committee";

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.SUPER_ADMIN] });
  const formData = await request.formData();
  const schemas = adminSchemas();
  const formatError = await formErrorsFor(request);
  if (formData.get("intent") === COMMITTEE_INTENT) {
    const named = parseWithZod(formData, { schema: schemas.committee, formatError });
    if (named.status !== "success") return data({ committee: named.reply() }, { status: 400 });
    const r = await adminApi(context, "PUT", "/admin/committee-name", { body: named.value });
    if (!r.ok) return data({ committee: refusalReply(named, r.error) }, { status: r.status >= 500 ? 503 : 400 });
    const t = await i18next.getFixedT(request, "admin");
    return redirectWithToast("/sla-setting", t("sla.committeeSaved", { name: named.value.committee_name }));
  }
  const submission = parseWithZod(formData, { schema: schemas.sla, formatError });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const r = await adminApi(context, "PUT", "/admin/sla", { body: submission.value });
  if (!r.ok) return data(refusalReply(submission, r.error), { status: r.status >= 500 ? 503 : 400 });
  const { changed } = r.body.data;
  const moved = changed.reduce((n, c) => n + c.applications, 0);
  const message =
    changed.length === 0 ? "Tidak ada perubahan SLA." : `Pengaturan SLA disimpan: ${changed.length} tahap berubah, tenggat ${moved} permohonan dihitung ulang.`;
  return redirectWithToast("/sla-setting", message);
}

/** /sla-setting: days allowed per review stage, per pathway. */
export default function SlaSetting() {
  const { t } = useTranslation(["admin", "workflow"]);
  const { stages, committeeName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const committeeResult = actionData && "committee" in actionData ? actionData.committee : undefined;
  const lastResult = actionData && !("committee" in actionData) ? actionData : undefined;
  const [committeeForm, committeeFields] = useForm<FormInput<"committee">>({
    id: "committee",
    lastResult: committeeResult,
    defaultValue: { committee_name: committeeName },
    ...useLiveValidation(committeeRules),
  });
  const [form, fields] = useForm<FormInput<"sla">>({
    id: "sla",
    lastResult,
    defaultValue: Object.fromEntries(stages.map((s) => [slaField(s.stage_id), String(s.days)])),
    ...useLiveValidation(slaRules),
  });
  const byId = new Map(stages.map((s) => [s.stage_id, s]));
  const words = useWorkflowWords();
  const labelOf = (s: { id: number; key: string }, jalur: string) =>
    t("workflow:stageOfPathway", { stage: words.stage(s.id), jalur: t(`workflow:jalur.${jalur}`) });
  const all = SLA_GROUPS.flatMap((g) => g.stages.map((s) => ({ ...s, label: labelOf(s, g.jalur) })));
  return (
    <>
      <h1>{t("sla.title")}</h1>
      <p>{t("sla.lead", SLA_DAYS)}</p>
      <ErrorSummary form={form} fields={all.map((s) => ({ meta: fields[s.field], label: s.label }))} />
      <Form method="post" {...getFormProps(form)}>
        {SLA_GROUPS.map((group) => (
          <fieldset key={group.jalur} className={a.slaGroup}>
            <legend className={a.slaLegend}>{t("sla.pathway", { name: t(`workflow:jalur.${group.jalur}`) })}</legend>
            {group.stages.map((s) => {
              const updated = byId.get(s.id)?.updated_at;
              return (
                <div key={s.id} className={a.slaRow}>
                  <Field
                    meta={fields[s.field]}
                    label={labelOf(s, group.jalur)}
                    inputMode="numeric"
                    hint={updated ? t("sla.updated", { at: formatDateTime(updated) }) : t("sla.days")}
                  />
                </div>
              );
            })}
          </fieldset>
        ))}
        <SubmitButton>{t("form.save")}</SubmitButton>
      </Form>

      <section className={`${ui.card} ${a.settingSection}`}>
        <h2 id="nama-komite">{t("sla.committeeTitle")}</h2>
        <p>{t("sla.committeeLead")}</p>
        <ErrorSummary form={committeeForm} fields={[{ meta: committeeFields.committee_name, label: t("fields.committee_name") }]} />
        <Form method="post" {...getFormProps(committeeForm)}>
          <input type="hidden" name="intent" value={COMMITTEE_INTENT} />
          <div className={a.slaRow}>
            <Field meta={committeeFields.committee_name} label={t("fields.committee_name")} hint={t("sla.committeeHint", { max: COMMITTEE_NAME_MAX })} />
          </div>
          <SubmitButton>{t("sla.committeeSave")}</SubmitButton>
        </Form>
      </section>

      <p className={a.settingSection}>
        <Link to="/mail-outbox">{t("mailOutbox.link")}</Link>
      </p>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
