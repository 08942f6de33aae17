// Plain texts only, no zod: the browser bundles this module (labels, hints, messages on the page).
// Spec §5 "Field validation": one catalogue, Indonesian first with an English fallback. The texts live
// in the locale files (locales/<lng>/validation.json), where a request's `t` finds them too; every
// form schema builds its fields from `rules` in ./validation.ts.
import en from "#locales/en/validation.json";
import id from "#locales/id/validation.json";

export type RuleName =
  | "required"
  | "required_if"
  | "email"
  | "min"
  | "max"
  | "numeric"
  | "digits"
  | "length"
  | "confirmed"
  | "size"
  | "regex"
  | "mimes"
  | "ext"
  | "image"
  | "integer"
  | "between"
  | "min_value"
  | "max_value"
  | "alpha"
  | "alpha_num"
  | "alpha_dash"
  | "alpha_spaces"
  | "oneOf"
  | "excluded"
  | "dimensions"
  | "double"
  | "is"
  | "is_not"
  | "default"
  | "controlCharacters"
  | "controlCharactersMultiline"
  | "accepted"
  // A date's three boxes (domain/dates.ts readDateParts): each message names the expected order and format.
  | "dateMonth"
  | "dateDay"
  | "dateYear"
  | "dateDayFirst"
  | "dateNoSuchDay";

/**
 * The catalogue of both locales, as the `validation` namespace of locales/ holds it (`{{field}}`
 * placeholders). Plain data: this module imports no i18n library.
 */
export const VALIDATION_MESSAGES: Readonly<Record<"id" | "en", Record<RuleName, string>>> = { id, en };

export type MessageParams = Record<string, string | number>;

/** The message of a rule; unknown rules fall back to the default text, missing locales to English. */
export function validationMessage(rule: string, params: MessageParams = {}, locale = "id"): string {
  const table = locale.startsWith("id") ? VALIDATION_MESSAGES.id : VALIDATION_MESSAGES.en;
  const template = (table as Record<string, string>)[rule] ?? VALIDATION_MESSAGES.en[rule as RuleName] ?? table.default;
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key] ?? `{${key}}`));
}
