import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { COUNTRIES } from "#domain/countries";
import { GENDER_LABELS, GENDERS, IDENTITY_TYPES, PROFESSION_LABELS, PROFESSIONS } from "#domain/forms/profile.choices";
import { DateField } from "~/components/DateField";
import { Field, RadioGroup, SelectField } from "~/components/forms";

const COUNTRY_OPTIONS = COUNTRIES.map(([value, label]) => ({ value, label }));

type ProfileField =
  | "full_name"
  | "identity_type"
  | "identity_number"
  | "nationality"
  | "birth_place"
  | "birth_date"
  | "gender"
  | "address"
  | "phone"
  | "profession"
  | "institution_id"
  | "graduation_country"
  | "graduation_year"
  | "specialization_id";

/**
 * A health professional's personal data (spec §3 "Data Personal"), as the applicant fills in their
 * own (/personal-data) and as a facility fills in a professional it registers: one list of fields,
 * so a field added to the profile is added to both forms here.
 */
export function ProfileFields({
  fields,
  own,
  afterName,
  institutions,
  specializations,
  words,
}: {
  fields: Record<ProfileField, FieldMetadata<any>>;
  /** the person's own data: the browser may fill it in; else a facility types someone else's */
  own: boolean;
  /** what comes right after the name: the account's e-mail, shown or asked */
  afterName: ReactNode;
  institutions: ReadonlyArray<{ id: number; name: string }>;
  /** null: no specialisation asked (every pathway but SPE) */
  specializations: ReadonlyArray<{ id: number; name: string }> | null;
  /** the page's own words around the labels: they differ slightly between the applicant's page and the facility's */
  words: { identityType: (value: (typeof IDENTITY_TYPES)[number]) => string; birthDateHint: string; specializationHint?: string };
}) {
  const { t } = useTranslation("applicant");
  const label = (name: ProfileField) => t(`personal.fields.${name}`);
  const auto = (value: string) => (own ? value : "off");
  return (
    <>
      <Field meta={fields.full_name} label={label("full_name")} autoComplete={auto("name")} />
      {afterName}
      <RadioGroup meta={fields.identity_type} legend={label("identity_type")} options={IDENTITY_TYPES.map((v) => ({ value: v, label: words.identityType(v) }))} />
      <Field meta={fields.identity_number} label={label("identity_number")} autoComplete="off" />
      <SelectField meta={fields.nationality} label={label("nationality")} options={COUNTRY_OPTIONS} />
      <Field meta={fields.birth_place} label={label("birth_place")} />
      <DateField meta={fields.birth_date} label={label("birth_date")} hint={words.birthDateHint} autoComplete={own ? "bday" : undefined} />
      <RadioGroup meta={fields.gender} legend={label("gender")} options={GENDERS.map((v) => ({ value: v, label: GENDER_LABELS[v] }))} />
      <Field meta={fields.address} label={label("address")} autoComplete={own ? "address-line1" : undefined} />
      <Field meta={fields.phone} label={label("phone")} type="tel" inputMode="tel" autoComplete={own ? "tel" : undefined} />
      <SelectField meta={fields.profession} label={label("profession")} options={PROFESSIONS.map((v) => ({ value: v, label: PROFESSION_LABELS[v] }))} />
      <SelectField meta={fields.institution_id} label={label("institution_id")} options={institutions.map((i) => ({ value: String(i.id), label: i.name }))} />
      <SelectField meta={fields.graduation_country} label={label("graduation_country")} options={COUNTRY_OPTIONS} />
      <Field meta={fields.graduation_year} label={label("graduation_year")} inputMode="numeric" />
      {specializations ? (
        <SelectField
          meta={fields.specialization_id}
          label={label("specialization_id")}
          options={specializations.map((s) => ({ value: String(s.id), label: s.name }))}
          hint={words.specializationHint}
        />
      ) : null}
    </>
  );
}
