import { z } from "zod";
import { COUNTRY_CODES } from "../countries";
import { INDONESIAN, labelsIn, rulesFor, type FormTexts } from "../validation";
import { GENDERS, IDENTITY_TYPES, PROFESSIONS, PROFILE_LABELS } from "./profile.labels";

export * from "./profile.labels";

// The applicant's personal data (/personal-data, DESIGN §4.3): one schema for the portal's form
// and PUT /api/v1/me/profile; the browser gets ./profile.labels.ts and the generated constraints.
// The portal builds it with its request's words (`profileSchema(today, formTexts(t))`); the export
// below is the Indonesian one the API and the form registry use.

/** Each field's label: its key in the locale files. */
const LABEL_KEYS = Object.fromEntries(Object.keys(PROFILE_LABELS).map((name) => [name, `applicant:personal.fields.${name}`])) as Record<
  keyof typeof PROFILE_LABELS,
  string
>;

/** A positive whole number from a form (string) or JSON (number); empty means not given. */
function idField(field: string, m: FormTexts["message"]) {
  return z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? m("required", { field }) : m("integer", { field })) })
      .int(m("integer", { field }))
      .positive(m("oneOf", { field })),
  );
}

/** `today` is injectable for tests; birth dates and graduation years cannot lie in the future. */
export function profileSchema(today: Date = new Date(), texts: FormTexts = INDONESIAN) {
  const rules = rulesFor(texts);
  const m = texts.message;
  const L = labelsIn(texts, LABEL_KEYS, PROFILE_LABELS);
  const thisYear = today.getUTCFullYear();
  return z
    .object({
      full_name: rules.text(L.full_name, { min: 3, max: 150 }),
      identity_type: rules.oneOf(L.identity_type, IDENTITY_TYPES),
      identity_number: rules.text(L.identity_number, { min: 5, max: 20 }).transform((v) => v.toUpperCase()),
      nationality: rules.oneOf(L.nationality, COUNTRY_CODES),
      birth_place: rules.text(L.birth_place, { max: 100 }),
      birth_date: rules.date(L.birth_date, { notAfterToday: true, today }),
      gender: rules.oneOf(L.gender, GENDERS),
      address: rules.text(L.address, { min: 5, max: 500 }),
      phone: rules.phone(L.phone, { min: 9, max: 15 }),
      profession: rules.oneOf(L.profession, PROFESSIONS),
      institution_id: idField(L.institution_id, m),
      graduation_country: rules.oneOf(L.graduation_country, COUNTRY_CODES),
      graduation_year: rules
        .digits(L.graduation_year, 4)
        .transform(Number)
        .refine((y) => y >= 1950 && y <= thisYear, m("between", { field: L.graduation_year, min: 1950, max: thisYear })),
      specialization_id: idField(L.specialization_id, m).optional(),
    })
    .superRefine((v, ctx) => {
      // NIK: the 16 digits of an Indonesian identity card; a passport number: letters and digits.
      if (v.identity_type === "NIK" && !/^\d{16}$/.test(v.identity_number)) {
        ctx.addIssue({ code: "custom", path: ["identity_number"], message: m("digits", { length: 16 }) });
      } else if (v.identity_type === "PASPOR" && !/^[A-Z0-9]+$/.test(v.identity_number)) {
        ctx.addIssue({ code: "custom", path: ["identity_number"], message: m("alpha_num", { field: L.identity_number }) });
      }
    });
}

export const profileFormSchema = profileSchema();
export type ProfileForm = z.infer<typeof profileFormSchema>;
