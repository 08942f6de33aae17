import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { adminSchemas } from "#domain/forms/admin";
import { ROLE } from "#domain/roles";
import type { FormInput } from "#domain/forms/registry";
import { useRoleOptions } from "~/components/admin-parts";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, Field, SelectField, SubmitButton } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { adminApi, adminLoad, redirectWithToast } from "~/utils/admin.server";
import { requireUser } from "~/utils/guards.server";
import { refusalReply } from "~/utils/form-reply.server";
import { formErrorsFor, i18next } from "~/utils/i18n.server";
import { titled } from "~/utils/page-title";
import { rules as staffCreateRules } from "#domain/forms/live/staffCreate.generated";
import { useLiveValidation } from "~/utils/live-validation";

export const handle = titled("userAdd");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.SUPER_ADMIN] });
  const positions = await adminLoad(context, "/admin/position-options");
  return { positions: positions.data.map((p) => ({ value: String(p.id), label: p.name })) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.SUPER_ADMIN] });
  const submission = parseWithZod(await request.formData(), { schema: adminSchemas().staffCreate, formatError: await formErrorsFor(request) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const r = await adminApi(context, "POST", "/admin/users", { body: submission.value });
  if (!r.ok) {
    // A taken e-mail belongs next to the e-mail field.
    const error = r.error.code === "EMAIL_TAKEN" ? { ...r.error, details: [{ path: "email", message: r.error.message }] } : r.error;
    return data(refusalReply(submission, error), { status: r.status >= 500 ? 503 : 400 });
  }
  const user = r.body.data;
  return redirectWithToast(
    `/user-list/${user.id}`,
    (await i18next.getFixedT(request, "admin"))("users.toast.created", { name: user.full_name, email: user.email }),
  );
}

/** /user-list/new: a staff account, created activated; its owner sets the password from the mail. */
export default function NewUser() {
  const { t } = useTranslation("admin");
  const roleOptions = useRoleOptions();
  const { positions } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<FormInput<"staffCreate">>({
    id: "new-user",
    lastResult,
    ...useLiveValidation(staffCreateRules),
  });
  return (
    <>
      <p>
        <Link to="/user-list">{t("users.back")}</Link>
      </p>
      <section className={ui.card} aria-labelledby="new-user-title">
        <h1 id="new-user-title">{t("users.newTitle")}</h1>
        <p>{t("users.newLead")}</p>
        <ErrorSummary
          form={form}
          fields={[
            { meta: fields.full_name, label: t("fields.full_name") },
            { meta: fields.email, label: t("fields.email") },
            { meta: fields.role_id, label: t("fields.role_id") },
            { meta: fields.position_id, label: t("fields.position_id") },
            { meta: fields.phone, label: t("fields.phone") },
          ]}
        />
        <Form method="post" {...getFormProps(form)} className={ui.formBlock}>
          <Field meta={fields.full_name} label={t("fields.full_name")} autoComplete="off" />
          <Field meta={fields.email} label={t("fields.email")} type="email" autoComplete="off" />
          <SelectField meta={fields.role_id} label={t("fields.role_id")} options={roleOptions} />
          <SelectField meta={fields.position_id} label={t("fields.position_id")} options={positions} hint={t("users.positionHint")} />
          <Field meta={fields.phone} label={`${t("fields.phone")} ${t("form.optional")}`} type="tel" inputMode="numeric" autoComplete="off" />
          <SubmitButton>{t("users.create")}</SubmitButton>
        </Form>
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
