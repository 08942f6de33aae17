import { useForm } from "@conform-to/react";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { accountSchemas } from "#domain/forms/accounts";
import type { FormInput } from "#domain/forms/registry";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { Field } from "~/components/forms";
import { ContactAndPasswordFields, contactSummary, FullNameField, SignUpFrame } from "~/routes/accounts/__SignUpFields";
import { anonymousOnly, signUpAction } from "~/routes/accounts/__accounts.server";
import { titled } from "~/utils/page-title";
import { rules as citizenSignUpRules } from "#domain/forms/live/citizenSignUp.generated";
import { useLiveValidation } from "~/utils/live-validation";

// spec §2: on sign-up the FAQ points to the article about not being able to create an account.
export const handle = titled("signUp", { faq: "signUp" });

export const loader = anonymousOnly;

export const action = signUpAction("/register/citizen", accountSchemas().citizenSignUp);

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
    <SignUpFrame
      id="sign-up"
      texts={{ title: t("signUp.title"), lead: t("signUp.lead"), submit: t("signUp.submit"), haveAccount: t("signUp.haveAccount"), login: t("signUp.login") }}
      others={
        <>
          <p>
            {t("signUp.foreignQuestion")} <Link to="/wna/sign-up/welcome">{t("signUp.foreignLink")}</Link>
          </p>
          <p>
            {t("facility:signUp.question")} <Link to="/sign-up/fasyankes">{t("facility:signUp.link")}</Link>
          </p>
        </>
      }
      form={form}
      summary={[fullName, { meta: fields.nik, label: t("accounts:fields.nik") }, ...rest]}
    >
      <FullNameField meta={fields.full_name} />
      <Field meta={fields.nik} label={t("fields.nik")} inputMode="numeric" autoComplete="off" hint={t("hints.nik")} />
      <ContactAndPasswordFields fields={fields} />
    </SignUpFrame>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
