import { useForm } from "@conform-to/react";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { facilitySchemas } from "#domain/forms/facility";
import type { FormInput } from "#domain/forms/registry";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { FacilityFields, facilitySummary } from "~/features/facilities/FacilityProfile";
import * as ui from "~/components/ui.css";
import { ContactAndPasswordFields, contactSummary, FullNameField, SignUpFrame } from "~/routes/accounts/__SignUpFields";
import { anonymousOnly, signUpAction } from "~/routes/accounts/__accounts.server";
import { titled } from "~/utils/page-title";
import { rules as facilitySignUpRules } from "#domain/forms/live/facilitySignUp.generated";
import { useLiveValidation } from "~/utils/live-validation";

// spec §2: on sign-up the FAQ points to the article about not being able to create an account.
export const handle = titled("facilityAdminSignUp", { faq: "signUp" });

export const loader = anonymousOnly;

export const action = signUpAction("/register/facility", facilitySchemas().facilitySignUp);

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
    <SignUpFrame
      id="facility-sign-up"
      texts={{ title: t("signUp.title"), lead: t("signUp.lead"), submit: t("signUp.submit"), haveAccount: t("signUp.haveAccount"), login: t("signUp.login") }}
      others={
        <p>
          {t("signUp.individualQuestion")} <Link to="/sign-up">{t("signUp.individualLink")}</Link>
        </p>
      }
      form={form}
      summary={[...facilitySummary(fields, t), ...contactSummary(fields, t)]}
    >
      <h2>{t("signUp.facilitySection")}</h2>
      <FacilityFields fields={fields} />
      <h2>{t("signUp.accountSection")}</h2>
      <FullNameField meta={fields.full_name} />
      <ContactAndPasswordFields fields={fields} />
      <p className={ui.hint}>{t("signUp.verificationNote")}</p>
    </SignUpFrame>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
