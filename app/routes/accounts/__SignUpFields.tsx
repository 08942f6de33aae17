import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxField, ErrorSummary, Field, Honeypot, SubmitButton } from "~/components/forms";
import * as ui from "~/components/ui.css";

// What the sign-up forms share: the page's frame, contact, password, consent and the honeypot.

type Fields = Record<string, FieldMetadata<any>>;

/** Passwords never travel back to the browser. */
export const PASSWORD_FIELDS = ["password", "password_confirmation"];

/** The error summary's entries for the shared fields, in the order they show. */
export function contactSummary(fields: Fields, t: (key: string) => string) {
  return (["full_name", "email", "phone", "password", "password_confirmation", "consent"] as const).map((name) => ({
    meta: fields[name],
    label: t(`accounts:fields.${name}`),
  }));
}

export function FullNameField({ meta }: { meta: FieldMetadata<any> }) {
  const { t } = useTranslation("accounts");
  return <Field meta={meta} label={t("fields.full_name")} autoComplete="name" hint={t("hints.full_name")} />;
}

/** E-mail, phone, password with its confirmation, consent, and the honeypot. */
export function ContactAndPasswordFields({ fields }: { fields: Fields }) {
  const { t } = useTranslation("accounts");
  return (
    <>
      <Field meta={fields.email} label={t("fields.email")} type="email" autoComplete="email" inputMode="email" hint={t("hints.email")} />
      <Field meta={fields.phone} label={t("fields.phone")} type="tel" autoComplete="tel" inputMode="numeric" hint={t("hints.phone")} />
      <Field meta={fields.password} label={t("fields.password")} type="password" autoComplete="new-password" hint={t("hints.password")} />
      <Field meta={fields.password_confirmation} label={t("fields.password_confirmation")} type="password" autoComplete="new-password" />
      <CheckboxField meta={fields.consent} label={t("consent.label")} hint={t("consent.hint")} />
      <Honeypot />
    </>
  );
}

/**
 * The frame of a one-page sign-up: its title and lead, the links to the other kinds of account, the error
 * summary, the form (its fields are the children) with the submit button, and the way to the login.
 */
export function SignUpFrame({
  id,
  texts,
  others,
  form,
  summary,
  children,
}: {
  id: string;
  texts: { title: string; lead: string; submit: string; haveAccount: string; login: string };
  others: ReactNode;
  form: FormMetadata<any>;
  summary: Array<{ meta: FieldMetadata<any>; label: string }>;
  children: ReactNode;
}) {
  return (
    <section className={`${ui.card} ${ui.narrow}`} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{texts.title}</h1>
      <p className={ui.muted}>{texts.lead}</p>
      {others}
      <ErrorSummary form={form} fields={summary} />
      <Form method="post" {...getFormProps(form)}>
        {children}
        <SubmitButton>{texts.submit}</SubmitButton>
      </Form>
      <p>
        {texts.haveAccount} <Link to="/login">{texts.login}</Link>
      </p>
    </section>
  );
}
