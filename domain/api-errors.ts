// The API's failures are codes with parameters; their words live in the locale files
// (locales/<lng>/errors.json: `api.<CODE>`, or `apiVariants.<CODE>.<kind>` where params.kind names one).
// The API words its own answer in the default language for programs that read `message`; the portal and
// the mails word the code again in the request's language (app/utils/api.server.ts). Plain data: the
// browser may bundle this module.
import en from "#locales/en/errors.json";
import id from "#locales/id/errors.json";

/** A code the API answers with: one per key of the catalogue's `api`. */
export type ApiErrorCode = keyof typeof id.api;

export type ApiErrorParams = Record<string, string | number>;

type Catalogue = { api: Readonly<Record<string, string>>; apiVariants: Readonly<Record<string, Readonly<Record<string, string>>>> };
const CATALOGUES: Readonly<Record<"id" | "en", Catalogue>> = { id, en };

/** Every code, in the catalogue's order. */
export const API_ERROR_CODES = Object.keys(id.api) as ApiErrorCode[];

/** True when the catalogue words this code (an unknown code from another API version is not). */
export function isApiErrorCode(code: string): code is ApiErrorCode {
  return Object.hasOwn(id.api, code);
}

/**
 * The words of a code in a language: the variant `params.kind` names when the catalogue has one, else the
 * code's own text, `{{name}}` filled from params. Undefined for a code the catalogue does not know, or
 * when a parameter its words need is missing (the caller keeps the API's own words then).
 */
export function apiErrorText(code: string, params: ApiErrorParams | undefined, lng: string): string | undefined {
  const table = lng.startsWith("en") ? CATALOGUES.en : CATALOGUES.id;
  if (!Object.hasOwn(table.api, code)) return undefined;
  const kind = params?.kind;
  const variants = Object.hasOwn(table.apiVariants, code) ? table.apiVariants[code] : undefined;
  const template = (typeof kind === "string" && variants && Object.hasOwn(variants, kind) ? variants[kind] : undefined) ?? table.api[code]!;
  let complete = true;
  const text = template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = params && Object.hasOwn(params, key) ? params[key] : undefined;
    if (value === undefined) complete = false;
    return String(value ?? "");
  });
  return complete ? text : undefined;
}
