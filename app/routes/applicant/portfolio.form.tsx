import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { applicantSchemas } from "#domain/forms/applicant";
import type { FormInput } from "#domain/forms/registry";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, Field, SubmitButton } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { accessToken } from "~/utils/api.server";
import { portfolio, speApplication } from "~/routes/applicant/__applicant.server";
import { requireUser } from "~/utils/guards.server";
import { toastCookie } from "~/utils/session.server";
import { APPLICANT_ROLES } from "#domain/roles";
import { formErrorsFor, i18next } from "~/utils/i18n.server";
import { titled } from "~/utils/page-title";
import { rules as portfolioRules } from "#domain/forms/live/portfolio.generated";
import { useLiveValidation } from "~/utils/live-validation";

export const handle = titled("portfolioAdd");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: APPLICANT_ROLES });
  if (!(await speApplication(context))) throw redirect("/portfolio");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: APPLICANT_ROLES });
  const application = await speApplication(context);
  if (!application) throw redirect("/portfolio");
  const submission = parseWithZod(await request.formData(), { schema: applicantSchemas().portfolio, formatError: await formErrorsFor(request) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { year, institution, description, ...rest } = submission.value;
  const current = await portfolio(context, application.id);
  const entry = { ...rest, institution: institution || null, year: year ? Number(year) : null, description: description || null };
  const token = await accessToken(context);
  const r = await context.api.call("PUT", `/applications/${application.id}/portfolio`, { token, body: { entries: [...current.entries, entry] } });
  if (!r.ok) return data(submission.reply({ formErrors: [r.error.message] }), { status: r.status >= 500 ? 503 : 400 });
  return redirect("/portfolio", {
    headers: { "Set-Cookie": await toastCookie({ severity: "success", message: (await i18next.getFixedT(request, "applicant"))("toast.portfolioSaved") }) },
  });
}

/** /portfolio/form: adds one portfolio entry. */
export default function PortfolioForm() {
  const { t } = useTranslation("applicant");
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<FormInput<"portfolio">>({
    id: "portfolio",
    lastResult,
    ...useLiveValidation(portfolioRules),
  });
  const optional = (label: string) => `${label} ${t("achievement.optional")}`;
  return (
    <section className={ui.card} aria-labelledby="portfolio-form-title">
      <h1 id="portfolio-form-title">{t("portfolio.formTitle")}</h1>
      <ErrorSummary
        form={form}
        fields={(["kind", "title", "institution", "year", "description"] as const).map((k) => ({ meta: fields[k], label: t(`portfolio.fields.${k}`) }))}
      />
      <Form method="post" {...getFormProps(form)} className={ui.formBlock}>
        <Field meta={fields.kind} label={t("portfolio.fields.kind")} hint={t("portfolio.kindHint")} />
        <Field meta={fields.title} label={t("portfolio.fields.title")} />
        <Field meta={fields.institution} label={optional(t("portfolio.fields.institution"))} />
        <Field meta={fields.year} label={optional(t("portfolio.fields.year"))} inputMode="numeric" />
        <Field meta={fields.description} label={optional(t("portfolio.fields.description"))} />
        <p className={ui.row}>
          <SubmitButton>{t("portfolio.submit")}</SubmitButton>
          <Link to="/portfolio">{t("portfolio.back")}</Link>
        </p>
      </Form>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
