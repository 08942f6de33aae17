import { getFormProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { facilitySchemas } from "#domain/forms/facility";
import type { FormInput } from "#domain/forms/registry";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { FacilityFields, facilitySummary } from "~/routes/facility/__facility";
import { ErrorSummary, SubmitButton } from "~/components/forms";
import { ContactAndPasswordFields, contactSummary, FullNameField } from "~/routes/accounts/__SignUpFields";
import * as ui from "~/components/ui.css";
import { submitSignUp } from "~/routes/accounts/__accounts.server";
import { requireAnonymous } from "~/utils/guards.server";
import { formTextsFor } from "~/utils/i18n.server";
import { titled } from "~/utils/page-title";
import { rules as facilitySignUpRules } from "#domain/forms/live/facilitySignUp.generated";
import { useLiveValidation } from "~/utils/live-validation";

// spec §2: on sign-up the FAQ points to the article about not being able to create an account.
export const handle = titled("facilityAdminSignUp", { faq: "signUp" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context);
  const formData = await request.formData();
  const schema = facilitySchemas(await formTextsFor(request)).facilitySignUp;
  return submitSignUp(request, context, formData, { schema, endpoint: "/register/facility", resultPath: "/sign-up/result" });
}

/** /sign-up/fasyankes: a health-facility admin (role 8) creates an account with the facility's data (DESIGN §4). */
export default function FacilitySignUp() {
  const { t } = useTranslation("facility");
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<FormInput<"facilitySignUp">>({
    id: "facility-sign-up",
    lastResult,
    ...useLiveValidation(facilitySignUpRules),
  });
  return (
    <section className={`${ui.card} ${ui.narrow}`} aria-labelledby="facility-sign-up-title">
      <h1 id="facility-sign-up-title">{t("signUp.title")}</h1>
      <p className={ui.muted}>{t("signUp.lead")}</p>
      <p>
        {t("signUp.individualQuestion")} <Link to="/sign-up">{t("signUp.individualLink")}</Link>
      </p>
      <ErrorSummary form={form} fields={[...facilitySummary(fields, t), ...contactSummary(fields, t)]} />
      <Form method="post" {...getFormProps(form)}>
        <h2>{t("signUp.facilitySection")}</h2>
        <FacilityFields fields={fields} />
        <h2>{t("signUp.accountSection")}</h2>
        <FullNameField meta={fields.full_name} />
        <ContactAndPasswordFields fields={fields} />
        <p className={ui.hint}>{t("signUp.verificationNote")}</p>
        <SubmitButton>{t("signUp.submit")}</SubmitButton>
      </Form>
      <p>
        {t("signUp.haveAccount")} <Link to="/login">{t("signUp.login")}</Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
