// Plain texts only, no zod: the browser bundles this module (labels, hints, messages on the page).
// Spec §5 "Field validation": one catalogue, Indonesian first with an English fallback.
// Every form schema builds its fields from `rules` in ./validation.ts so the texts live only here.

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
