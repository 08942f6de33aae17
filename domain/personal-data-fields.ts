// The applicant's personal data (DESIGN §4.3, spec §3 "Data Personal"), each field declared once: its
// name (the form's field, the API's JSON key and the database column), its column in the drizzle table
// (api/db/schema.ts applicantProfiles), its rule, its input, whether a submission needs it, and by its
// place in this list its place in the form. The rest is derived from this table: the zod schema
// (./forms/profile.ts), the labels (./forms/profile.labels.ts, the key `applicant:personal.fields.<name>`),
// the form (app/components/ProfileFields.tsx), the API's contract (contracts/profile.ts) and its
// mappings to and from the row (api/services/profile.ts, applications.ts).
// The browser loads this module with the form: no zod here, no locale text, no country table.

export const IDENTITY_TYPES = ["NIK", "PASPOR"] as const;
export type IdentityType = (typeof IDENTITY_TYPES)[number];
export const GENDERS = ["L", "P"] as const;
export type Gender = (typeof GENDERS)[number];
export const PROFESSIONS = ["DOKTER", "DOKTER_GIGI", "PERAWAT", "BIDAN", "APOTEKER", "LAINNYA"] as const;
export type Profession = (typeof PROFESSIONS)[number];

/** The closed choices a field may name, by the name its rule uses; "countries" is domain/countries.ts's table. */
export const PERSONAL_DATA_CHOICES = { identityTypes: IDENTITY_TYPES, genders: GENDERS, professions: PROFESSIONS } as const;
export type ChoiceList = keyof typeof PERSONAL_DATA_CHOICES | "countries";
/** The reference tables (GET /institutions, /specializations) a field picks an id from. */
export type ReferenceList = "institutions" | "specializations";

/**
 * A field's rule, as domain/validation.ts's builders take it (./forms/profile.ts builds the zod):
 * text: trimmed, `upper` keeps it in capitals; phone: digits and a leading "+"; date: ISO, `notAfterToday`
 * refuses a future day; oneOf: one of a choice list; id: a row of a reference table; year: four digits
 * from `from` to this year. `optional`: the form may leave it empty.
 */
export type PersonalDataRule = { optional?: true } & (
  | { kind: "text"; min?: number; max: number; upper?: true }
  | { kind: "phone"; min: number; max: number }
  | { kind: "date"; notAfterToday?: true }
  | { kind: "oneOf"; of: ChoiceList }
  | { kind: "id"; of: ReferenceList }
  | { kind: "year"; from: number }
);

/**
 * How the form shows a field: an input (text, tel, numeric), the date input, radio buttons or a select
 * (its options: the rule's list). `autoComplete`: on the person's own form, and on a form someone else fills.
 */
export type PersonalDataInput = "text" | "tel" | "numeric" | "date" | "radio" | "select";

export interface PersonalDataField {
  /** The form's field, the API's JSON key and the database column (snake_case). */
  readonly name: string;
  /** The column's key in the drizzle table applicantProfiles (camelCase). */
  readonly column: string;
  readonly rule: PersonalDataRule;
  readonly input: PersonalDataInput;
  readonly autoComplete?: { readonly own?: string; readonly other?: string };
  /** An application can be submitted only with this field filled in (the SPE specialization is asked apart). */
  readonly requiredForSubmit: boolean;
}

/** The personal-data fields in the order the forms show them (the e-mail follows the name, outside this table). */
export const PERSONAL_DATA_FIELDS = [
  { name: "full_name", column: "fullName", rule: { kind: "text", min: 3, max: 150 }, input: "text", autoComplete: { own: "name", other: "off" }, requiredForSubmit: true },
  { name: "identity_type", column: "identityType", rule: { kind: "oneOf", of: "identityTypes" }, input: "radio", requiredForSubmit: true },
  { name: "identity_number", column: "identityNumber", rule: { kind: "text", min: 5, max: 20, upper: true }, input: "text", autoComplete: { own: "off", other: "off" }, requiredForSubmit: true },
  { name: "nationality", column: "nationality", rule: { kind: "oneOf", of: "countries" }, input: "select", requiredForSubmit: true },
  { name: "birth_place", column: "birthPlace", rule: { kind: "text", max: 100 }, input: "text", requiredForSubmit: true },
  { name: "birth_date", column: "birthDate", rule: { kind: "date", notAfterToday: true }, input: "date", autoComplete: { own: "bday" }, requiredForSubmit: true },
  { name: "gender", column: "gender", rule: { kind: "oneOf", of: "genders" }, input: "radio", requiredForSubmit: true },
  { name: "address", column: "address", rule: { kind: "text", min: 5, max: 500 }, input: "text", autoComplete: { own: "address-line1" }, requiredForSubmit: true },
  { name: "phone", column: "phone", rule: { kind: "phone", min: 9, max: 15 }, input: "tel", autoComplete: { own: "tel" }, requiredForSubmit: true },
  { name: "profession", column: "profession", rule: { kind: "oneOf", of: "professions" }, input: "select", requiredForSubmit: true },
  { name: "institution_id", column: "institutionId", rule: { kind: "id", of: "institutions" }, input: "select", requiredForSubmit: true },
  { name: "graduation_country", column: "graduationCountry", rule: { kind: "oneOf", of: "countries" }, input: "select", requiredForSubmit: true },
  { name: "graduation_year", column: "graduationYear", rule: { kind: "year", from: 1950 }, input: "numeric", requiredForSubmit: true },
  { name: "specialization_id", column: "specializationId", rule: { kind: "id", of: "specializations", optional: true }, input: "select", requiredForSubmit: false },
] as const satisfies readonly PersonalDataField[];

export type PersonalDataFieldSpec = (typeof PERSONAL_DATA_FIELDS)[number];
export type PersonalDataFieldName = PersonalDataFieldSpec["name"];
/** The drizzle table's key of each field's column. */
export type PersonalDataColumn = PersonalDataFieldSpec["column"];

/** A field's label: its key in the locale files (namespace "applicant"). */
export const personalDataLabelKey = <N extends string>(name: N) => `personal.fields.${name}` as const;

/** The row's columns a submission needs filled in. */
export const REQUIRED_FOR_SUBMIT: readonly PersonalDataColumn[] = PERSONAL_DATA_FIELDS.filter((f) => f.requiredForSubmit).map((f) => f.column);
