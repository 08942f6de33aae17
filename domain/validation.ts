import { z } from "zod";

// Spec §5 "Field validation": one catalogue, Indonesian first with an English fallback.
// Every form schema builds its fields from `rules` below so the texts live only here.

export type RuleName =
  | "required" | "required_if" | "email" | "min" | "max" | "numeric" | "digits" | "length" | "confirmed" | "size"
  | "regex" | "mimes" | "ext" | "image" | "integer" | "between" | "min_value" | "max_value" | "alpha" | "alpha_num"
  | "alpha_dash" | "alpha_spaces" | "oneOf" | "excluded" | "dimensions" | "double" | "is" | "is_not" | "default";

export const VALIDATION_MESSAGES: Readonly<Record<"id" | "en", Record<RuleName, string>>> = {
  id: {
    required: "{field} harus diisi",
    required_if: "{field} harus diisi",
    email: "harus berupa alamat surel yang benar",
    min: "minimal mengandung {length} karakter",
    max: "tidak boleh lebih dari {length} karakter",
    numeric: "harus berupa angka",
    digits: "harus berupa {length} digit angka",
    length: "Panjang harus tepat {length}",
    confirmed: "{field} tidak cocok dengan {target}",
    size: "harus lebih kecil dari {size}KB",
    regex: "Format salah",
    mimes: "{field} harus berupa tipe file yang valid",
    ext: "{field} harus berupa tipe file yang valid",
    image: "{field} harus berupa gambar",
    integer: "{field} harus berupa bilangan bulat",
    between: "{field} harus di antara {min} dan {max}",
    min_value: "{field} tidak boleh kurang dari {min}",
    max_value: "{field} tidak boleh lebih dari {max}",
    alpha: "{field} hanya boleh mengandung huruf",
    alpha_num: "{field} hanya boleh mengandung huruf dan angka",
    alpha_dash: "{field} hanya boleh mengandung huruf, angka, tanda hubung dan garis bawah",
    alpha_spaces: "{field} hanya boleh mengandung huruf dan spasi",
    oneOf: "{field} harus berupa nilai yang diizinkan",
    excluded: "{field} harus berupa nilai yang diizinkan",
    dimensions: "{field} harus berukuran {width} x {height} piksel",
    double: "{field} harus berupa desimal yang valid",
    is: "{field} tidak sesuai",
    is_not: "{field} tidak sesuai",
    default: "{field} is not valid.",
  },
  en: {
    required: "{field} is required",
    required_if: "{field} is required",
    email: "must be a valid email address",
    min: "must contain at least {length} characters",
    max: "may not be longer than {length} characters",
    numeric: "must be a number",
    digits: "must be {length} digits",
    length: "Length must be exactly {length}",
    confirmed: "{field} does not match {target}",
    size: "must be smaller than {size}KB",
    regex: "Wrong format",
    mimes: "{field} must be a valid file type",
    ext: "{field} must be a valid file type",
    image: "{field} must be an image",
    integer: "{field} must be a whole number",
    between: "{field} must be between {min} and {max}",
    min_value: "{field} may not be below {min}",
    max_value: "{field} may not be above {max}",
    alpha: "{field} may only contain letters",
    alpha_num: "{field} may only contain letters and numbers",
    alpha_dash: "{field} may only contain letters, numbers, dashes and underscores",
    alpha_spaces: "{field} may only contain letters and spaces",
    oneOf: "{field} must be an allowed value",
    excluded: "{field} must be an allowed value",
    dimensions: "{field} must be {width} by {height} pixels",
    double: "{field} must be a valid decimal",
    is: "{field} does not match",
    is_not: "{field} does not match",
    default: "{field} is not valid.",
  },
};

export type MessageParams = Record<string, string | number>;

/** The message of a rule; unknown rules fall back to the default text, missing locales to English. */
export function validationMessage(rule: string, params: MessageParams = {}, locale = "id"): string {
  const table = locale.startsWith("id") ? VALIDATION_MESSAGES.id : VALIDATION_MESSAGES.en;
  const template = (table as Record<string, string>)[rule] ?? VALIDATION_MESSAGES.en[rule as RuleName] ?? table.default;
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? `{${key}}`));
}

const m = validationMessage;

/** A required, trimmed text field. Conform hands empty inputs over as undefined. */
/** Control characters other than tab and line breaks: nothing a person types, and invalid in HTML. */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const withoutControlCharacters = (s: z.ZodString) => s.refine((v) => !CONTROL_CHARACTERS.test(v), m("regex"));

function requiredText(field: string) {
  return z.string({ error: () => m("required", { field }) }).trim().min(1, m("required", { field }));
}

// Zod building blocks carrying the spec's messages. `field` is the label the user reads.
export const rules = {
  required: requiredText,
  text: (field: string, opts: { min?: number; max: number }) => {
    let s = requiredText(field);
    if (opts.min) s = s.min(opts.min, m("min", { length: opts.min }));
    return withoutControlCharacters(s.max(opts.max, m("max", { length: opts.max })));
  },
  optionalText: (opts: { max: number }) => withoutControlCharacters(z.string().trim().max(opts.max, m("max", { length: opts.max }))).optional(),
  email: (field: string) => requiredText(field).max(254, m("max", { length: 254 })).pipe(z.email(m("email")).transform((e) => e.toLowerCase())),
  digits: (field: string, length: number) => requiredText(field).regex(new RegExp(`^\\d{${length}}$`), m("digits", { length })),
  numeric: (field: string, opts: { min?: number; max: number }) => {
    let s = requiredText(field).regex(/^\d+$/, m("numeric"));
    if (opts.min) s = s.min(opts.min, m("min", { length: opts.min }));
    return s.max(opts.max, m("max", { length: opts.max }));
  },
  password: (field: string, opts: { min: number; max: number } = { min: 8, max: 128 }) =>
    // Passwords are not trimmed: spaces are characters the user chose.
    z.string({ error: () => m("required", { field }) }).min(1, m("required", { field })).min(opts.min, m("min", { length: opts.min })).max(opts.max, m("max", { length: opts.max })),
  oneOf: <T extends string>(field: string, values: readonly [T, ...T[]]) =>
    z.enum(values, { error: (issue) => (issue.input === undefined ? m("required", { field }) : m("oneOf", { field })) }),
  accepted: (field: string) => z.literal("on", { error: () => m("required", { field }) }),
};

/** Adds a "confirmed" check: `confirmation` must equal `source` (spec: '{field} tidak cocok dengan {target}'). */
export function confirmed<T extends Record<string, unknown>>(
  schema: z.ZodType<T>,
  source: keyof T & string,
  confirmation: keyof T & string,
  labels: { field: string; target: string },
) {
  return schema.superRefine((value, ctx) => {
    if (value[source] !== value[confirmation]) {
      ctx.addIssue({ code: "custom", path: [confirmation], message: m("confirmed", labels) });
    }
  });
}
