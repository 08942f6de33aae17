import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { COUNTRIES } from "#domain/countries";
import { type JalurId } from "#domain/documents";
import { GENDER_LABELS, GENDERS, IDENTITY_TYPES, PROFESSION_LABELS, PROFESSIONS } from "#domain/forms/profile.choices";
import { CONSTRAINTS } from "#domain/forms/constraints.generated";
import type { FormInput } from "#domain/forms/registry";
import type { ActivityKind } from "~/routes/facility/registration.server";
import { ErrorSummary, Field, RadioGroup, SelectField, SubmitButton } from "~/components/forms";
import * as ui from "~/components/ui.css";

// The facility admin's (role 8) "Pendaftaran" and "Status Pengajuan" (DESIGN §4): The professional's data form of a facility registration.
// One module per page, so each page loads only its own part.

const COUNTRY_OPTIONS = COUNTRIES.map(([value, label]) => ({ value, label }));

export interface ProfessionalFormData {
  jalur: JalurId;
  kind: ActivityKind | null;
  institutions: Array<{ id: number; name: string }>;
  specializations: Array<{ id: number; name: string }>;
}

const PERSON_FIELDS = [
  "full_name",
  "email",
  "identity_type",
  "identity_number",
  "nationality",
  "birth_place",
  "birth_date",
  "gender",
  "address",
  "phone",
  "profession",
  "institution_id",
  "graduation_country",
  "graduation_year",
  "specialization_id",
] as const;

/** /register-competency-evaluation/path/…: the professional's data; the pathway and kind come from the URL. */
export function ProfessionalForm({ loaded, lastResult }: { loaded: ProfessionalFormData; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation(["registration", "applicant", "accounts"]);
  const { jalur, kind, institutions, specializations } = loaded;
  const [form, fields] = useForm<FormInput<"registration">>({
    id: "professional",
    lastResult,
    defaultValue: { jalur_id: jalur, activity_kind_id: kind ? String(kind.id) : undefined, identity_type: "PASPOR" },
    constraint: CONSTRAINTS.registration,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const choose = t("form.choose");
  const summary = PERSON_FIELDS.filter((k) => k !== "specialization_id" || jalur === "SPE").map((k) => ({ meta: fields[k], label: k === "email" ? t("accounts:fields.email") : t(`applicant:personal.fields.${k}`) }));
  return (
    <>
      <h1>{t("form.title")}</h1>
      <p>
        {t("form.pathway")}: <strong>{t(`applicant:jalur.${jalur}`)}</strong>
        {kind ? ` — ${kind.name}` : null}
      </p>
      <p>{t("form.lead")}</p>
      <section className={ui.card}>
        <ErrorSummary form={form} fields={summary} />
        <Form method="post" {...getFormProps(form)} className={ui.formBlock}>
          <input type="hidden" name={fields.jalur_id.name} value={jalur} />
          {kind ? <input type="hidden" name={fields.activity_kind_id.name} value={String(kind.id)} /> : null}
          <Field meta={fields.full_name} label={t("applicant:personal.fields.full_name")} autoComplete="off" />
          <Field meta={fields.email} label={t("accounts:fields.email")} type="email" hint={t("form.emailHint")} autoComplete="off" inputMode="email" />
          <RadioGroup meta={fields.identity_type} legend={t("applicant:personal.fields.identity_type")} options={IDENTITY_TYPES.map((v) => ({ value: v, label: t(`form.identityType.${v}`) }))} />
          <Field meta={fields.identity_number} label={t("applicant:personal.fields.identity_number")} autoComplete="off" />
          <SelectField meta={fields.nationality} label={t("applicant:personal.fields.nationality")} options={COUNTRY_OPTIONS} placeholder={choose} />
          <Field meta={fields.birth_place} label={t("applicant:personal.fields.birth_place")} />
          <Field meta={fields.birth_date} label={t("applicant:personal.fields.birth_date")} type="date" hint={t("form.birthDateHint")} />
          <RadioGroup meta={fields.gender} legend={t("applicant:personal.fields.gender")} options={GENDERS.map((v) => ({ value: v, label: GENDER_LABELS[v] }))} />
          <Field meta={fields.address} label={t("applicant:personal.fields.address")} />
          <Field meta={fields.phone} label={t("applicant:personal.fields.phone")} type="tel" inputMode="tel" />
          <SelectField meta={fields.profession} label={t("applicant:personal.fields.profession")} options={PROFESSIONS.map((v) => ({ value: v, label: PROFESSION_LABELS[v] }))} placeholder={choose} />
          <SelectField meta={fields.institution_id} label={t("applicant:personal.fields.institution_id")} options={institutions.map((i) => ({ value: String(i.id), label: i.name }))} placeholder={choose} />
          <SelectField meta={fields.graduation_country} label={t("applicant:personal.fields.graduation_country")} options={COUNTRY_OPTIONS} placeholder={choose} />
          <Field meta={fields.graduation_year} label={t("applicant:personal.fields.graduation_year")} inputMode="numeric" />
          {jalur === "SPE" ? (
            <SelectField meta={fields.specialization_id} label={t("applicant:personal.fields.specialization_id")} options={specializations.map((s) => ({ value: String(s.id), label: s.name }))} placeholder={choose} />
          ) : null}
          <SubmitButton>{t("form.submit")}</SubmitButton>
        </Form>
      </section>
      <p>
        <Link to="/register-competency-evaluation/registration-path">{t("form.changePathway")}</Link>
      </p>
    </>
  );
}
