import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { accountSchemas } from "#domain/forms/accounts";
import type { FormInput } from "#domain/forms/registry";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, Field, SubmitButton } from "~/components/forms";
import { PASSWORD_FIELDS } from "~/routes/accounts/__SignUpFields";
import * as ui from "~/components/ui.css";

import { formErrorsFor } from "~/utils/i18n.server";
import { refusal } from "~/utils/form-reply.server";
import { titled } from "~/utils/page-title";
import { rules as resetPasswordRules } from "#domain/forms/live/resetPassword.generated";
import { useLiveValidation } from "~/utils/live-validation";

export const handle = titled((data?: { state?: string }) => (data?.state === "form" ? "newPassword" : "forgotPassword"));

type Recovery = { state: "start" } | { state: "form"; token: string; email: string } | { state: "failed"; message: string | null };

/** Without a token: the start of recovery. With the mailed token: checked (not spent) before the form shows. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<Recovery> {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return { state: "start" };
  const r = await context.api.call("GET", "/password/reset", { query: { token } });
  if (r.ok) return { state: "form", token, email: r.body.data?.email ?? "" };
  // A token mangled beyond its shape fails validation; the page says "invalid link" rather than "invalid data".
  return { state: "failed", message: r.error.code === "VALIDATION_ERROR" ? null : r.error.message };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: accountSchemas().resetPassword, formatError: await formErrorsFor(request) });
  if (submission.status !== "success") return data(submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400 });
  const r = await context.api.call("POST", "/password/reset", { body: submission.value });
  if (!r.ok) return refusal(submission, r, PASSWORD_FIELDS);
  return redirect("/forgot-password/change-success");
}

function NewPasswordForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation("accounts");
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<FormInput<"resetPassword">>({
    id: "reset-password",
    lastResult,
    defaultValue: { token },
    ...useLiveValidation(resetPasswordRules),
  });
  return (
    <section className={ui.card} aria-labelledby="reset-title">
      <h1 id="reset-title">{t("recovery.newTitle")}</h1>
      <p>{email ? t("recovery.newLeadEmail", { email }) : t("recovery.newLead")}</p>
      <ErrorSummary
        form={form}
        fields={[
          { meta: fields.password, label: t("accounts:fields.password") },
          { meta: fields.password_confirmation, label: t("accounts:fields.password_confirmation") },
          { meta: fields.token, label: t("accounts:fields.token") },
        ]}
      />
      {/* The token stays in the address too, so a refused post without JavaScript shows this form again. */}
      <Form method="post" action={`/forgot-password?token=${encodeURIComponent(token)}`} {...getFormProps(form)}>
        <input type="hidden" name="token" value={token} />
        <Field meta={fields.password} label={t("fields.newPassword")} type="password" autoComplete="new-password" hint={t("hints.password")} />
        <Field meta={fields.password_confirmation} label={t("fields.newPasswordConfirmation")} type="password" autoComplete="new-password" />
        <SubmitButton>{t("recovery.saveSubmit")}</SubmitButton>
      </Form>
      <p>
        <Link to="/forgot-password/email">{t("recovery.askNewLink")}</Link>
      </p>
    </section>
  );
}

/** /forgot-password: the start of recovery, or the new-password form reached from the mail (DESIGN §3). */
export default function ForgotPassword() {
  const { t } = useTranslation("accounts");
  const recovery = useLoaderData<typeof loader>();
  if (recovery.state === "form") return <NewPasswordForm token={recovery.token} email={recovery.email} />;
  if (recovery.state === "failed") {
    return (
      <section className={ui.card} aria-labelledby="link-failed-title">
        <h1 id="link-failed-title">{t("recovery.failedTitle")}</h1>
        <div className={ui.errorSummary} role="alert">
          <p>{recovery.message ?? t("invalidLink")}</p>
        </div>
        <p>{t("recovery.failedLead")}</p>
        <Link to="/forgot-password/email" className={ui.button}>
          {t("recovery.askNewLinkButton")}
        </Link>
      </section>
    );
  }
  return (
    <section className={ui.card} aria-labelledby="forgot-title">
      <h1 id="forgot-title">{t("recovery.startTitle")}</h1>
      <p>{t("recovery.startLead")}</p>
      <ol>
        {(t("recovery.startSteps", { returnObjects: true }) as string[]).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className={ui.row}>
        <Link to="/forgot-password/email" className={ui.button}>
          {t("recovery.startButton")}
        </Link>
        <Link to="/login">{t("recovery.backToLogin")}</Link>
      </div>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
