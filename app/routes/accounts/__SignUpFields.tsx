import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { CheckboxField, Field, Honeypot } from "~/components/forms";

// What the citizen and foreign-national sign-up forms share: contact, password, consent and the honeypot.

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
