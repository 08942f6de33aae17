import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { accountSchemas } from "#domain/forms/accounts";
import type { FormInput } from "#domain/forms/registry";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, Field, Honeypot, SubmitButton } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { caughtByHoneypot } from "~/routes/accounts/__accounts.server";
import { formErrorsFor } from "~/utils/i18n.server";
import { refusal } from "~/utils/form-reply.server";
import { titled } from "~/utils/page-title";
import { rules as emailOnlyRules } from "#domain/forms/live/emailOnly.generated";
import { useLiveValidation } from "~/utils/live-validation";

export const handle = titled("forgotPassword");

/** Asks for a recovery link; the next page says the same whether or not the address has an account. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  if (caughtByHoneypot(formData)) return redirect("/forgot-password/email-send");
  const submission = parseWithZod(formData, { schema: accountSchemas().emailOnly, formatError: await formErrorsFor(request) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const r = await context.api.call("POST", "/password/forgot", { body: { email: submission.value.email } });
  if (!r.ok) return refusal(submission, r);
  return redirect("/forgot-password/email-send");
}

/** /forgot-password/email: the address the recovery link goes to. */
export default function ForgotPasswordEmail() {
  const { t } = useTranslation("accounts");
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<FormInput<"emailOnly">>({
    id: "forgot-password",
    lastResult,
    ...useLiveValidation(emailOnlyRules),
  });
  return (
    <section className={ui.card} aria-labelledby="forgot-email-title">
      <h1 id="forgot-email-title">{t("recovery.emailTitle")}</h1>
      <p>{t("recovery.emailLead")}</p>
      <ErrorSummary form={form} fields={[{ meta: fields.email, label: t("accounts:fields.email") }]} />
      <Form method="post" {...getFormProps(form)}>
        <Field meta={fields.email} label={t("fields.email")} type="email" autoComplete="email" inputMode="email" />
        <Honeypot />
        <SubmitButton>{t("recovery.emailSubmit")}</SubmitButton>
      </Form>
      <p>
        <Link to="/login">{t("recovery.backToLogin")}</Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
