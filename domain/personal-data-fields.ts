// The applicant's personal data (DESIGN §4.3, spec §3 "Data Personal"), each field declared once: its
// name (the form's field, the API's JSON key and the column of applicant_profiles, api/db/schema.ts,
// whose drizzle key is the name in camelCase), its rule, its input, whether a submission needs it,
// and by its place in this list its place in the form. The rest is derived from this table: the zod schema
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
  /** The form's field, the API's JSON key and the database column (snake_case; its key in the drizzle table: columnOf). */
  readonly name: string;
  readonly rule: PersonalDataRule;
  /** "text" when not given. */
  readonly input?: PersonalDataInput;
  readonly autoComplete?: { readonly own?: string; readonly other?: string };
  /** false: an application may be submitted without it (the SPE specialization is asked apart); else it is required. */
  readonly requiredForSubmit?: false;
}

/** The personal-data fields in the order the forms show them (the e-mail follows the name, outside this table). */
export const PERSONAL_DATA_FIELDS = [
  { name: "full_name", rule: { kind: "text", min: 3, max: 150 }, autoComplete: { own: "name", other: "off" } },
  { name: "identity_type", rule: { kind: "oneOf", of: "identityTypes" }, input: "radio" },
  { name: "identity_number", rule: { kind: "text", min: 5, max: 20, upper: true }, autoComplete: { own: "off", other: "off" } },
  { name: "nationality", rule: { kind: "oneOf", of: "countries" }, input: "select" },
  { name: "birth_place", rule: { kind: "text", max: 100 } },
  { name: "birth_date", rule: { kind: "date", notAfterToday: true }, input: "date", autoComplete: { own: "bday" } },
  { name: "gender", rule: { kind: "oneOf", of: "genders" }, input: "radio" },
  { name: "address", rule: { kind: "text", min: 5, max: 500 }, autoComplete: { own: "address-line1" } },
  { name: "phone", rule: { kind: "phone", min: 9, max: 15 }, input: "tel", autoComplete: { own: "tel" } },
  { name: "profession", rule: { kind: "oneOf", of: "professions" }, input: "select" },
  { name: "institution_id", rule: { kind: "id", of: "institutions" }, input: "select" },
  { name: "graduation_country", rule: { kind: "oneOf", of: "countries" }, input: "select" },
  { name: "graduation_year", rule: { kind: "year", from: 1950 }, input: "numeric" },
  { name: "specialization_id", rule: { kind: "id", of: "specializations", optional: true }, input: "select", requiredForSubmit: false },
] as const satisfies readonly PersonalDataField[];

export type PersonalDataFieldSpec = (typeof PERSONAL_DATA_FIELDS)[number];
export type PersonalDataFieldName = PersonalDataFieldSpec["name"];
type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
/** The drizzle table's key of each field's column: its name in camelCase (identity_number: identityNumber). */
export type PersonalDataColumn<N extends PersonalDataFieldName = PersonalDataFieldName> = N extends PersonalDataFieldName ? Camel<N> : never;
export const columnOf = <N extends PersonalDataFieldName>(name: N) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) as PersonalDataColumn<N>;

/** A field's label: its key in the locale files (namespace "applicant"). */
export const personalDataLabelKey = <N extends string>(name: N) => `personal.fields.${name}` as const;

/** The row's columns a submission needs filled in. */
export const requiredForSubmit = (): PersonalDataColumn[] => PERSONAL_DATA_FIELDS.filter((f) => !("requiredForSubmit" in f)).map((f) => columnOf(f.name));
