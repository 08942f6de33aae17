import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ROLE } from "#domain/roles";
import { accountSchemas } from "#domain/forms/accounts";
import type { FormInput } from "#domain/forms/registry";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, Field, SubmitButton } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { logoutResponse } from "~/utils/auth.server";
import { requireUser } from "~/utils/guards.server";
import { formErrorsFor, i18next } from "~/utils/i18n.server";
import { titled } from "~/utils/page-title";
import { rules as passwordChangeRules } from "#domain/forms/live/passwordChange.generated";
import { useLiveValidation } from "~/utils/live-validation";
import { useRoleName } from "~/utils/role-name";

export const handle = titled("profile");

const HIDDEN = ["current_password", "new_password", "new_password_confirmation"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireUser(request, context);
  return { name: me.user.full_name, email: me.user.email, roleId: me.user.role_id };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  const auth = await context.auth();
  const submission = parseWithZod(await request.formData(), { schema: accountSchemas().passwordChange, formatError: await formErrorsFor(request) });
  if (submission.status !== "success") return data(submission.reply({ hideFields: HIDDEN }), { status: 400 });
  const token = auth.kind === "loaded" ? auth.session.accessToken : "";
  const r = await context.api.call("POST", "/me/password", {
    token,
    body: { current_password: submission.value.current_password, new_password: submission.value.new_password },
  });
  if (!r.ok) {
    const fieldErrors = r.error.code === "WRONG_PASSWORD" ? { current_password: [r.error.message] } : undefined;
    return data(submission.reply({ hideFields: HIDDEN, fieldErrors, formErrors: fieldErrors ? undefined : [r.error.message] }), {
      status: r.status >= 500 ? 503 : 400,
    });
  }
  // The API revoked every refresh token of the account: every session ends, this one too.
  return logoutResponse(context.api, auth, "/login", { severity: "success", message: (await i18next.getFixedT(request, "accounts"))("toast.passwordChanged") });
}

/** /profile: every user's account page (DESIGN §3) with the password change. */
export default function Profile() {
  const { t } = useTranslation(["common", "accounts", "workflow"]);
  const account = useLoaderData<typeof loader>();
  // Role 1's name carries the committee's name, as in the top bar; a role without a name is the organiser's.
  const roleName = useRoleName(() => t("workflow:organizer"));
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<FormInput<"passwordChange">>({
    id: "change-password",
    lastResult,
    ...useLiveValidation(passwordChangeRules),
  });
  return (
    <>
      <h1>{t("profile.title")}</h1>
      <section className={ui.card} aria-labelledby="account-title">
        <h2 id="account-title">{t("profile.account")}</h2>
        <dl>
          <dt>{t("profile.name")}</dt>
          <dd>{account.name}</dd>
          <dt>{t("profile.email")}</dt>
          <dd>{account.email}</dd>
          <dt>{t("profile.role")}</dt>
          <dd>{roleName(account.roleId)}</dd>
        </dl>
        {account.roleId === ROLE.APPLICANT || account.roleId === ROLE.ADMIN_FASYANKES ? (
          <p>
            <Link to="/profile/akses-data">{t("profile.accessLink")}</Link>
          </p>
        ) : null}
        {account.roleId === ROLE.APPLICANT ? (
          <>
            <p>
              <Link to="/profile/unduh-data">{t("dataExport.profileLink")}</Link>
            </p>
            <p>
              <Link to="/profile/hapus-akun">{t("profile.deleteLink")}</Link>
            </p>
          </>
        ) : null}
      </section>
      <section className={ui.card} aria-labelledby="password-title">
        <h2 id="password-title">{t("profile.changePassword")}</h2>
        <ErrorSummary
          form={form}
          fields={[
            { meta: fields.current_password, label: t("profile.currentPassword") },
            { meta: fields.new_password, label: t("profile.newPassword") },
            { meta: fields.new_password_confirmation, label: t("profile.confirmPassword") },
          ]}
        />
        <Form method="post" {...getFormProps(form)} className={ui.formBlock}>
          <Field meta={fields.current_password} label={t("profile.currentPassword")} type="password" autoComplete="current-password" />
          <Field
            meta={fields.new_password}
            label={t("profile.newPassword")}
            type="password"
            autoComplete="new-password"
            hint={`${t("accounts:hints.password")} ${t("profile.passwordHint")}`}
          />
          <Field meta={fields.new_password_confirmation} label={t("profile.confirmPassword")} type="password" autoComplete="new-password" />
          <SubmitButton>{t("profile.submit")}</SubmitButton>
        </Form>
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
