import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useWorkflowWords } from "~/utils/workflow-words";
import { adminSchemas } from "#domain/forms/admin";
import { ROLE } from "#domain/roles";
import type { FormInput } from "#domain/forms/registry";
import { ActiveBadge, AuditList, useRoleOptions } from "~/components/admin-parts";
import * as d from "~/components/details.css";
import { ConfirmPanel } from "~/components/ConfirmPanel";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, Field, SelectField, SubmitButton, TextareaField } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { adminApi, adminLoad, redirectWithToast } from "~/utils/admin.server";
import { formatDateTime } from "~/utils/format";
import { requireUser } from "~/utils/guards.server";
import { awaitingConfirmation } from "~/utils/confirm.server";
import { refusalReply } from "~/utils/form-reply.server";
import { formErrorsFor, i18next } from "~/utils/i18n.server";
import { titled } from "~/utils/page-title";
import { rules as reasonRules } from "#domain/forms/live/reason.generated";
import { rules as staffUpdateRules } from "#domain/forms/live/staffUpdate.generated";
import { useLiveValidation } from "~/utils/live-validation";

export const handle = titled((data?: { user: { full_name: string } }) => ({ key: "userDetail", subject: data?.user.full_name }));

type Intent = "update" | "status";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requireUser(request, context, { roles: [ROLE.SUPER_ADMIN] });
  const [user, positions] = await Promise.all([
    adminLoad(context, `/admin/users/${encodeURIComponent(params.id ?? "")}`),
    adminLoad(context, "/admin/position-options"),
  ]);
  const options = positions.data.map((p) => ({ value: String(p.id), label: p.name }));
  // A position deactivated after it was given still shows as the account's own.
  const current = user.data.position;
  if (current && !options.some((o) => o.value === String(current.id))) options.push({ value: String(current.id), label: current.name });
  // The role by its id: the page words it.
  return { user: user.data, positions: options, isSelf: me.user.id === user.data.id };
}

/** Each form answers to its own intent, so an error lands on the form that was sent. */
const reply = (intent: Intent, result: SubmissionResult<string[]>, status: number) => data({ intent, result }, { status: status >= 500 ? 503 : 400 });

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.SUPER_ADMIN] });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const path = `/admin/users/${encodeURIComponent(params.id ?? "")}` as const;
  const self = `/user-list/${encodeURIComponent(params.id ?? "")}`; // the address as typed: never a header it cannot be
  if (intent === "update") {
    const submission = parseWithZod(form, { schema: adminSchemas().staffUpdate, formatError: await formErrorsFor(request) });
    if (submission.status !== "success") return reply("update", submission.reply(), 400);
    const r = await adminApi(context, "PUT", path, { body: submission.value });
    if (!r.ok) return reply("update", refusalReply(submission, r.error), r.status);
    return redirectWithToast(self, (await i18next.getFixedT(request, "admin"))("users.toast.saved"));
  }
  if (intent === "deactivate" || intent === "reactivate") {
    const submission = parseWithZod(form, { schema: adminSchemas().reason, formatError: await formErrorsFor(request) });
    if (submission.status !== "success") return reply("status", submission.reply(), 400);
    // Deactivating ends every session of the account: asked Yes/No first (spec §9).
    const confirm = intent === "deactivate" ? awaitingConfirmation(form) : null;
    if (confirm) return { confirm };
    const r = await adminApi(context, "POST", `${path}/${intent}`, { body: submission.value });
    if (!r.ok) return reply("status", refusalReply(submission, r.error), r.status);
    return redirectWithToast(self, (await i18next.getFixedT(request, "admin"))(intent === "deactivate" ? "users.toast.deactivated" : "users.toast.activated"));
  }
  if (intent === "reset") {
    const r = await adminApi(context, "POST", `${path}/password-reset`);
    if (!r.ok) return redirectWithToast(self, r.error.message, "error");
    return redirectWithToast(self, (await i18next.getFixedT(request, "admin"))("users.toast.resetSent", { email: r.body.data.email }));
  }
  return redirectWithToast(self, (await i18next.getFixedT(request, "admin"))("users.toast.unknown"), "error");
}

/** /user-list/:id: a staff account — details, edit, deactivate or reactivate, password mail, history. */
export default function UserDetail() {
  const { t } = useTranslation("admin");
  const words = useWorkflowWords();
  const roleOptions = useRoleOptions();
  const { user, positions, isSelf } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: Intent) => (actionData && "intent" in actionData && actionData.intent === intent ? actionData.result : undefined);

  const [editForm, edit] = useForm<FormInput<"staffUpdate">>({
    id: "edit-user",
    lastResult: resultFor("update"),
    defaultValue: { full_name: user.full_name, role_id: String(user.role_id), position_id: user.position ? String(user.position.id) : "" },
    ...useLiveValidation(staffUpdateRules),
  });
  const [statusForm, status] = useForm<FormInput<"reason">>({
    id: "user-status",
    lastResult: resultFor("status"),
    ...useLiveValidation(reasonRules),
  });

  if (actionData && "confirm" in actionData) {
    return (
      <>
        <h1>{user.full_name}</h1>
        <ConfirmPanel question={t("users.confirmDeactivate", { name: user.full_name })} fields={actionData.confirm} back={`/user-list/${user.id}`} />
      </>
    );
  }

  return (
    <>
      <p>
        <Link to="/user-list">{t("users.back")}</Link>
      </p>
      <h1>{user.full_name}</h1>
      <section className={ui.card} aria-labelledby="user-account-title">
        <h2 id="user-account-title">{t("users.account")}</h2>
        <dl className={d.facts}>
          <dt>{t("users.email")}</dt>
          <dd>{user.email}</dd>
          <dt>{t("users.role")}</dt>
          <dd>{words.role(user.role_id) ?? String(user.role_id)}</dd>
          <dt>{t("users.position")}</dt>
          <dd>{user.position?.name ?? "—"}</dd>
          <dt>{t("fields.phone")}</dt>
          <dd>{user.phone ?? "—"}</dd>
          <dt>{t("filters.status")}</dt>
          <dd>
            <ActiveBadge active={user.is_active} />
          </dd>
          <dt>{t("users.created")}</dt>
          <dd>{formatDateTime(user.created_at)}</dd>
        </dl>
      </section>

      <section className={ui.card} aria-labelledby="user-edit-title">
        <h2 id="user-edit-title">{t("users.editTitle")}</h2>
        <ErrorSummary
          form={editForm}
          fields={[
            { meta: edit.full_name, label: t("fields.full_name") },
            { meta: edit.role_id, label: t("fields.role_id") },
            { meta: edit.position_id, label: t("fields.position_id") },
          ]}
        />
        <Form method="post" {...getFormProps(editForm)} className={ui.formBlock}>
          <Field meta={edit.full_name} label={t("fields.full_name")} autoComplete="off" />
          <SelectField meta={edit.role_id} label={t("fields.role_id")} options={roleOptions} hint={isSelf ? t("users.selfRoleHint") : undefined} />
          <SelectField meta={edit.position_id} label={t("fields.position_id")} options={positions} />
          <SubmitButton name="intent" value="update">
            {t("form.save")}
          </SubmitButton>
        </Form>
      </section>

      {isSelf ? null : (
        <section className={ui.card} aria-labelledby="user-status-title">
          <h2 id="user-status-title">{user.is_active ? t("users.deactivateTitle") : t("users.reactivateTitle")}</h2>
          <p>{user.is_active ? t("users.deactivateLead") : t("users.reactivateLead")}</p>
          <ErrorSummary form={statusForm} fields={[{ meta: status.reason, label: t("fields.reason") }]} />
          <Form method="post" {...getFormProps(statusForm)} className={ui.formBlock}>
            <TextareaField meta={status.reason} label={t("fields.reason")} hint={t("users.reasonHint")} />
            {user.is_active ? (
              <SubmitButton name="intent" value="deactivate">
                {t("users.deactivate")}
              </SubmitButton>
            ) : (
              <SubmitButton name="intent" value="reactivate">
                {t("users.reactivate")}
              </SubmitButton>
            )}
          </Form>
        </section>
      )}

      {user.is_active ? (
        <section className={ui.card} aria-labelledby="user-reset-title">
          <h2 id="user-reset-title">{t("users.resetTitle")}</h2>
          <p>{t("users.resetLead", { email: user.email })}</p>
          <Form method="post">
            <button type="submit" name="intent" value="reset" className={ui.secondaryButton}>
              {t("users.reset")}
            </button>
          </Form>
        </section>
      ) : null}

      <section className={ui.card} aria-labelledby="user-audit-title">
        <h2 id="user-audit-title">{t("audit.title")}</h2>
        <AuditList entries={user.audit} />
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
