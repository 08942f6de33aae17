import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { FormInput } from "#domain/forms/registry";
import { ErrorSummary, Field, SubmitButton } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { rules as loginRules } from "#domain/forms/live/login.generated";
import { useLiveValidation } from "~/utils/live-validation";

/** The login form shared by /login and /wna/login. */
export function LoginForm({ variant }: { variant: "citizen" | "foreign" }) {
  const { t } = useTranslation();
  const lastResult = useActionData<any>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm<FormInput<"login">>({
    id: "login",
    lastResult,
    ...useLiveValidation(loginRules),
  });
  const foreign = variant === "foreign";
  return (
    <section className={`${ui.card} ${ui.narrow}`} aria-labelledby="login-title">
      <h1 id="login-title">{t(foreign ? "login.titleWna" : "login.title")}</h1>
      <p className={ui.muted}>{t(foreign ? "login.leadWna" : "login.lead")}</p>
      <ErrorSummary
        form={form}
        fields={[
          { meta: fields.email, label: t("login.email") },
          { meta: fields.password, label: t("login.password") },
        ]}
      />
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <Field meta={fields.email} label={t("login.email")} type="email" autoComplete="username" inputMode="email" />
        <Field meta={fields.password} label={t("login.password")} type="password" autoComplete="current-password" />
        <SubmitButton>{t("login.submit")}</SubmitButton>
      </Form>
      <p>
        <Link to="/forgot-password">{t("login.forgot")}</Link>
      </p>
      <p>
        {t("login.noAccount")} <Link to={foreign ? "/wna/sign-up/welcome" : "/sign-up"}>{t("login.signUp")}</Link>
      </p>
      {/* An account not yet activated is refused with the API's message; the way to a new link is always here. */}
      <p>
        <Link to="/account-activation">{t("login.activationHint")}</Link>
      </p>
      <p>
        <Link to={foreign ? "/login" : "/wna/login"}>{t(foreign ? "login.otherCitizen" : "login.otherWna")}</Link>
      </p>
    </section>
  );
}
