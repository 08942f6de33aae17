import type { ReviewDetail } from "#contracts/review";
import { countryName } from "#domain/countries";
import { GENDER_LABELS, PROFESSION_LABELS, type Gender } from "#domain/forms/profile.choices";
import { PERSONAL_DATA_FIELDS, personalDataLabelKey, type ChoiceList, type PersonalDataFieldName, type ReferenceList } from "#domain/personal-data-fields";

// The applicant's personal data as people read it: the reviewer's detail page and the applicant's own check
// before sending show the same answers.

/** One answer of the applicant's personal data as the detail page shows it; `date`: an ISO day the page formats. */
export interface ShownAnswer {
  field: PersonalDataFieldName;
  value: string | number | null;
  date?: true;
}

/**
 * The applicant's personal data as the detail page (and the applicant's own check before sending) shows it, in the form's order (domain/personal-data-fields.ts):
 * coded answers as names (country, gender, profession, institution, specialization), resolved here so the page
 * does not carry the country list and the labels in its JavaScript; the identity type goes with its number.
 */
export function applicantShown(p: Pick<ReviewDetail["applicant"], PersonalDataFieldName | "institution_name" | "specialization_name">): ShownAnswer[] {
  const names: Record<ChoiceList | ReferenceList, (v: string | number) => string | null> = {
    countries: (v) => countryName(String(v)) ?? String(v),
    genders: (v) => GENDER_LABELS[v as Gender] ?? String(v),
    professions: (v) => PROFESSION_LABELS[v as keyof typeof PROFESSION_LABELS] ?? String(v),
    identityTypes: (v) => String(v),
    institutions: () => p.institution_name,
    specializations: () => p.specialization_name,
  };
  return PERSONAL_DATA_FIELDS.flatMap((f): ShownAnswer[] => {
    const raw: string | number | null = p[f.name];
    if (f.name === "identity_type") return [];
    if (f.name === "identity_number") return [{ field: f.name, value: raw === null ? null : `${raw}${p.identity_type ? ` (${p.identity_type})` : ""}` }];
    if (f.rule.kind === "date") return [{ field: f.name, value: raw, date: true }];
    return [{ field: f.name, value: raw !== null && "of" in f.rule ? names[f.rule.of](raw) : raw }];
  });
}

/** An answer with its field's label, in the request's words. */
export interface LabelledAnswer extends ShownAnswer {
  label: string;
}

/**
 * The answers of applicantShown with their labels (`applicant:personal.fields.*`) said by the server: the reviewer's
 * pages need only these fifteen words of the applicant's namespace, so the browser is not sent all of it for them.
 */
export function labelledAnswers(shown: ShownAnswer[], t: (key: string) => string): LabelledAnswer[] {
  return shown.map((a) => ({ ...a, label: t(personalDataLabelKey(a.field)) }));
}
