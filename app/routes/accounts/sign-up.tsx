import { getFormProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { accountSchemas } from "#domain/forms/accounts";
import type { FormInput } from "#domain/forms/registry";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, Field, SubmitButton } from "~/components/forms";
import { ContactAndPasswordFields, contactSummary, FullNameField } from "~/routes/accounts/__SignUpFields";
import * as ui from "~/components/ui.css";
import { submitSignUp } from "~/routes/accounts/__accounts.server";
import { requireAnonymous } from "~/utils/guards.server";
import { formTextsFor } from "~/utils/i18n.server";
import { titled } from "~/utils/page-title";
import { rules as citizenSignUpRules } from "#domain/forms/live/citizenSignUp.generated";
import { useLiveValidation } from "~/utils/live-validation";

// spec §2: on sign-up the FAQ points to the article about not being able to create an account.
export const handle = titled("signUp", { faq: "signUp" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context);
  const formData = await request.formData();
  const schema = accountSchemas(await formTextsFor(request)).citizenSignUp;
  return submitSignUp(request, context, formData, { schema, endpoint: "/register/citizen", resultPath: "/sign-up/result" });
}

/** /sign-up: an Indonesian citizen creates an account (spec §2). */
export default function SignUp() {
  const { t } = useTranslation(["accounts", "facility"]);
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<FormInput<"citizenSignUp">>({
    id: "sign-up",
    lastResult,
    ...useLiveValidation(citizenSignUpRules),
  });
  const [fullName, ...rest] = contactSummary(fields, t);
  return (
    <section className={`${ui.card} ${ui.narrow}`} aria-labelledby="sign-up-title">
      <h1 id="sign-up-title">{t("signUp.title")}</h1>
      <p className={ui.muted}>{t("signUp.lead")}</p>
      <p>
        {t("signUp.foreignQuestion")} <Link to="/wna/sign-up/welcome">{t("signUp.foreignLink")}</Link>
      </p>
      <p>
        {t("facility:signUp.question")} <Link to="/sign-up/fasyankes">{t("facility:signUp.link")}</Link>
      </p>
      <ErrorSummary form={form} fields={[fullName, { meta: fields.nik, label: t("accounts:fields.nik") }, ...rest]} />
      <Form method="post" {...getFormProps(form)}>
        <FullNameField meta={fields.full_name} />
        <Field meta={fields.nik} label={t("fields.nik")} inputMode="numeric" autoComplete="off" hint={t("hints.nik")} />
        <ContactAndPasswordFields fields={fields} />
        <SubmitButton>{t("signUp.submit")}</SubmitButton>
      </Form>
      <p>
        {t("signUp.haveAccount")} <Link to="/login">{t("signUp.login")}</Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
