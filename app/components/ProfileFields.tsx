import type { FieldMetadata } from "@conform-to/react";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { COUNTRIES } from "#domain/countries";
import { GENDER_LABELS, GENDERS, IDENTITY_TYPES, PROFESSION_LABELS, PROFESSIONS } from "#domain/forms/profile.choices";
import {
  PERSONAL_DATA_FIELDS,
  personalDataLabelKey,
  type ChoiceList,
  type PersonalDataField,
  type PersonalDataFieldName,
  type PersonalDataFieldSpec,
  type ReferenceList,
} from "#domain/personal-data-fields";
import { DateField } from "~/components/DateField";
import { Field, RadioGroup, SelectField } from "~/components/forms";

const COUNTRY_OPTIONS = COUNTRIES.map(([value, label]) => ({ value, label }));

type ProfileField = PersonalDataFieldName;

/**
 * A health professional's personal data (spec §3 "Data Personal"), as the applicant fills in their
 * own (/personal-data) and as a facility fills in a professional it registers: the fields of
 * domain/personal-data-fields.ts in its order, each shown as its `input` says.
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
  // Each choice list's options; a reference list not given (null) leaves its field out.
  const ids = (rows: ReadonlyArray<{ id: number; name: string }> | null) => rows?.map((r) => ({ value: String(r.id), label: r.name })) ?? null;
  const options: Record<ChoiceList | ReferenceList, Array<{ value: string; label: string }> | null> = {
    identityTypes: IDENTITY_TYPES.map((v) => ({ value: v, label: words.identityType(v) })),
    genders: GENDERS.map((v) => ({ value: v, label: GENDER_LABELS[v] })),
    professions: PROFESSIONS.map((v) => ({ value: v, label: PROFESSION_LABELS[v] })),
    countries: COUNTRY_OPTIONS,
    institutions: ids(institutions),
    specializations: ids(specializations),
  };
  const hints: Partial<Record<ProfileField, string>> = { birth_date: words.birthDateHint, specialization_id: words.specializationHint };
  return (
    <>
      {PERSONAL_DATA_FIELDS.map((f: PersonalDataField & PersonalDataFieldSpec) => {
        const meta = fields[f.name];
        const label = t(personalDataLabelKey(f.name));
        const hint = hints[f.name];
        const autoComplete = own ? f.autoComplete?.own : f.autoComplete?.other;
        const list = "of" in f.rule ? options[f.rule.of] : null;
        const input = (() => {
          switch (f.input) {
            case "date":
              return <DateField meta={meta} label={label} hint={hint} autoComplete={autoComplete === "bday" ? "bday" : undefined} />;
            case "radio":
              return <RadioGroup meta={meta} legend={label} options={list ?? []} />;
            case "select":
              return list ? <SelectField meta={meta} label={label} options={list} hint={hint} /> : null;
            default:
              return <Field meta={meta} label={label} type={f.input === "tel" ? "tel" : undefined} inputMode={f.input} autoComplete={autoComplete} />;
          }
        })();
        return (
          <Fragment key={f.name}>
            {input}
            {f.name === "full_name" ? afterName : null}
          </Fragment>
        );
      })}
    </>
  );
}
