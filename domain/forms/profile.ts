import { z } from "zod";
import { COUNTRY_CODES } from "../countries";
import { PERSONAL_DATA_CHOICES, PERSONAL_DATA_FIELDS, personalDataLabelKey, type PersonalDataFieldSpec } from "../personal-data-fields";
import { CODES, labelsIn, rulesFor, type FormTexts } from "../validation";
import { PROFILE_LABELS } from "./profile.labels";

export * from "./profile.labels";

// The applicant's personal data (/personal-data, DESIGN §4.3): one schema for the portal's form
// and PUT /api/v1/me/profile, built from the fields' table (../personal-data-fields.ts); the browser
// gets ./profile.labels.ts and the generated constraints.
// The portal builds it with its request's words (`profileSchema(today, formTexts(t))`); the export
// below carries codes (../validation-codes.ts): the API and the form registry use it.

/** Each field's label: its key in the locale files. */
const LABEL_KEYS = Object.fromEntries(Object.keys(PROFILE_LABELS).map((name) => [name, `applicant:${personalDataLabelKey(name)}`])) as Record<
  keyof typeof PROFILE_LABELS,
  string
>;

const CHOICES = { ...PERSONAL_DATA_CHOICES, countries: COUNTRY_CODES };

/** What each rule of the table gives once parsed: a choice list's values, a number for ids and years. */
type ChoiceValue<L> = L extends keyof typeof PERSONAL_DATA_CHOICES ? (typeof PERSONAL_DATA_CHOICES)[L][number] : string;
type RuleOutput<R> = R extends { kind: "oneOf"; of: infer L } ? ChoiceValue<L> : R extends { kind: "id" | "year" } ? number : string;
type RuleInput<R> = R extends { kind: "id" } ? unknown : string;
type RuleSchema<R> = z.ZodType<RuleOutput<R>, RuleInput<R>>;
/** The object's shape: one rule per field of the table, optional where the table says so. */
type ProfileShape = {
  [F in PersonalDataFieldSpec as F["name"]]: F["rule"] extends { optional: true } ? z.ZodOptional<RuleSchema<F["rule"]>> : RuleSchema<F["rule"]>;
};

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
export function profileSchema(today: Date = new Date(), texts: FormTexts = CODES) {
  const rules = rulesFor(texts);
  const m = texts.message;
  const L = labelsIn(texts, LABEL_KEYS, PROFILE_LABELS);
  const thisYear = today.getUTCFullYear();
  const fieldRule = (f: PersonalDataFieldSpec): z.ZodType => {
    const field = L[f.name];
    const r = f.rule;
    const rule: z.ZodType = (() => {
      switch (r.kind) {
        case "text": {
          const text = rules.text(field, "min" in r ? { min: r.min, max: r.max } : { max: r.max });
          return "upper" in r && r.upper ? text.transform((v) => v.toUpperCase()) : text;
        }
        case "phone":
          return rules.phone(field, { min: r.min, max: r.max });
        case "date":
          return rules.date(field, { notAfterToday: r.notAfterToday, today });
        case "oneOf":
          return rules.oneOf(field, CHOICES[r.of]);
        case "id":
          return idField(field, m);
        case "year":
          return rules
            .digits(field, 4)
            .transform(Number)
            .refine((y) => y >= r.from && y <= thisYear, m("between", { field, min: r.from, max: thisYear }));
      }
    })();
    return "optional" in r && r.optional ? rule.optional() : rule;
  };
  return z.object(Object.fromEntries(PERSONAL_DATA_FIELDS.map((f) => [f.name, fieldRule(f)])) as ProfileShape).superRefine((v, ctx) => {
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
