import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { accountSchemas } from "#domain/forms/accounts";
import type { FormInput } from "#domain/forms/registry";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, Field, Honeypot, SubmitButton } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { caughtByHoneypot } from "~/routes/accounts/__accounts.server";
import { refusal } from "~/utils/form-reply.server";
import { formErrorsFor, i18next } from "~/utils/i18n.server";
import { toastCookie } from "~/utils/session.server";
import { titled } from "~/utils/page-title";
import { rules as emailOnlyRules } from "#domain/forms/live/emailOnly.generated";
import { useLiveValidation } from "~/utils/live-validation";

export const handle = titled((data?: Activation) => (data?.state === "failed" ? "accountActivation" : "resendActivation"));

type Activation = { state: "none" } | { state: "failed"; code: string; message: string | null };

// The mail's link is the only way in, so the single-use token is spent here, on the GET. An activated
// account goes straight to its own login page — a foreign national's is /wna/login — with the news.
export async function loader({ request, context }: LoaderFunctionArgs): Promise<Activation> {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return { state: "none" };
  const r = await context.api.call("POST", "/account/activate", { body: { token } });
  if (r.ok) {
    const { email, is_foreign } = r.body.data;
    const t = await i18next.getFixedT(request, "accounts");
    const message = email ? t("activation.successLeadEmail", { email }) : t("activation.successLead");
    throw redirect(is_foreign ? "/wna/login" : "/login", { headers: { "Set-Cookie": await toastCookie({ severity: "success", message }) } });
  }
  // A token mangled beyond its shape fails validation; the page says "invalid link" rather than "invalid data".
  return { state: "failed", code: r.error.code, message: r.error.code === "VALIDATION_ERROR" ? null : r.error.message };
}

// Spend the token once: the same URL is not loaded again after a post (a second call would say "already used").
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.searchParams.has("token") && currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate;

/** The resend form: always the same answer, whether or not the address has an account waiting. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  if (caughtByHoneypot(formData)) return redirect("/account-activation/success-resend");
  const submission = parseWithZod(formData, { schema: accountSchemas().emailOnly, formatError: await formErrorsFor(request) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const r = await context.api.call("POST", "/account/activation/resend", { body: { email: submission.value.email } });
  if (!r.ok) return refusal(submission, r);
  return redirect("/account-activation/success-resend");
}

function ResendForm({ headingLevel }: { headingLevel: "h1" | "h2" }) {
  const { t } = useTranslation("accounts");
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<FormInput<"emailOnly">>({
    id: "resend-activation",
    lastResult,
    ...useLiveValidation(emailOnlyRules),
  });
  const Heading = headingLevel;
  return (
    <section aria-labelledby="resend-title">
      <Heading id="resend-title">{t("activation.resendTitle")}</Heading>
      <p>{t("activation.resendLead")}</p>
      <ErrorSummary form={form} fields={[{ meta: fields.email, label: t("accounts:fields.email") }]} />
      {/* Posted without the token, so a failed resend never spends it again. */}
      <Form method="post" action="/account-activation" {...getFormProps(form)}>
        <Field meta={fields.email} label={t("fields.email")} type="email" autoComplete="email" inputMode="email" />
        <Honeypot />
        <SubmitButton>{t("activation.resendSubmit")}</SubmitButton>
      </Form>
    </section>
  );
}

/** /account-activation: activates from the mail's link; otherwise, or when the link fails, offers a new one. */
export default function AccountActivation() {
  const { t } = useTranslation("accounts");
  const activation = useLoaderData<typeof loader>();
  return (
    <section className={ui.card} aria-labelledby={activation.state === "failed" ? "failed-title" : "resend-title"}>
      {activation.state === "failed" ? (
        <>
          <h1 id="failed-title">{t("activation.failedTitle")}</h1>
          <div className={ui.errorSummary} role="alert">
            <p>{activation.message ?? t("invalidLink")}</p>
            {activation.code === "TOKEN_USED" ? (
              <p>
                {t("activation.usedHint")} <Link to="/login">{t("activation.loginCitizen")}</Link> · <Link to="/wna/login">{t("activation.loginForeign")}</Link>
              </p>
            ) : null}
          </div>
        </>
      ) : null}
      <ResendForm headingLevel={activation.state === "failed" ? "h2" : "h1"} />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
