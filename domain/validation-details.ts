// A field-level refusal (a VALIDATION_ERROR's `details[]`) as a code with its parameters, worded from the
// locale files: a spec §5 rule's words in `locales/<lng>/validation.json`, the API's own checks in
// `locales/<lng>/errors.json` (`details.<code>`, `detailVariants.<code>.<kind>`). A parameter that is a field's
// label carries its locale key beside it (`labels`), so the portal says the label in its own language too.
// The API words each detail in the default language; the portal's API client words it again in the
// request's (app/utils/api.server.ts). Server code only: the browser never needs these texts.
import enErrors from "#locales/en/errors.json";
import idErrors from "#locales/id/errors.json";
import { VALIDATION_MESSAGES, validationMessage, type MessageParams } from "./validation-messages";

/** The API's own detail codes (a spec §5 rule name is a detail code too: `required`, `max`, `oneOf`, …). */
export type ApiDetailCode = keyof typeof idErrors.details;

/** A label of the API's own fields (the query's page, a login's e-mail), keyed `errors:fields.<name>`. */
export type ApiFieldName = keyof typeof idErrors.fields;

/** One field's refusal, as the API answers it. */
export interface ValidationDetail {
  path: string;
  /** a spec §5 rule (locales/<lng>/validation.json) or one of the API's detail codes (errors.json `details`) */
  code: string;
  params?: MessageParams;
  /** the locale key ("namespace:path") of each parameter that is a field's label, to say it in another language */
  labels?: Record<string, string>;
  /** the default language's words */
  message: string;
}

type Catalogue = {
  details: Readonly<Record<string, string>>;
  detailVariants: Readonly<Record<string, Readonly<Record<string, string>>>>;
  fields: Readonly<Record<string, string>>;
};
const CATALOGUES: Readonly<Record<"id" | "en", Catalogue>> = { id: idErrors, en: enErrors };
const catalogueOf = (lng: string) => (lng.startsWith("en") ? CATALOGUES.en : CATALOGUES.id);

/** True when the code is a spec §5 rule of the validation catalogue. */
const isRule = (code: string) => Object.hasOwn(VALIDATION_MESSAGES.id, code);

/** A label's words in a language: a key the caller knows (`translate`), or one of the API's own fields. */
export type LabelTranslate = (key: string) => string | undefined;

function apiFieldLabel(key: string, lng: string): string | undefined {
  const name = key.startsWith("errors:fields.") ? key.slice("errors:fields.".length) : undefined;
  const fields = catalogueOf(lng).fields;
  return name !== undefined && Object.hasOwn(fields, name) ? fields[name] : undefined;
}

/**
 * A detail's words in a language: its template (a variant where params.kind names one), `{{name}}` filled from
 * params, each label parameter said in the language when its key is known. Undefined for a code the
 * catalogues do not hold or a parameter its words need that is missing (the caller keeps the API's words).
 */
export function detailText(
  code: string,
  params: MessageParams | undefined,
  lng: string,
  labels?: Readonly<Record<string, string>>,
  translate?: LabelTranslate,
): string | undefined {
  const table = catalogueOf(lng);
  let template: string | undefined;
  if (Object.hasOwn(table.details, code)) {
    const kind = params?.kind;
    const variants = Object.hasOwn(table.detailVariants, code) ? table.detailVariants[code] : undefined;
    template = (typeof kind === "string" && variants && Object.hasOwn(variants, kind) ? variants[kind] : undefined) ?? table.details[code];
  } else if (isRule(code)) {
    template = (lng.startsWith("en") ? VALIDATION_MESSAGES.en : VALIDATION_MESSAGES.id)[code as keyof typeof VALIDATION_MESSAGES.id];
  }
  if (template === undefined) return undefined;
  let complete = true;
  const text = template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params && Object.hasOwn(params, name) ? params[name] : undefined;
    if (value === undefined) {
      complete = false;
      return "";
    }
    const key = labels && Object.hasOwn(labels, name) ? labels[name] : undefined;
    const label = key === undefined ? undefined : (apiFieldLabel(key, lng) ?? translate?.(key));
    return label ?? String(value);
  });
  return complete ? text : undefined;
}

// What the API's Indonesian texts were made of. The shared form schemas (domain/forms) word their messages
// through INDONESIAN (./validation.ts), which says each one here: a zod issue then carries only the words,
// and the API finds the rule, its parameters and the labels' keys again by those words.
const SAID = new Map<string, { code: string; params: MessageParams }>();
const LABEL_KEYS = new Map<string, string>();

/** Notes that `text` is the Indonesian label of the locale key `key` (the first key said wins); returns the text. */
export function rememberLabel(key: string, text: string): string {
  if (!LABEL_KEYS.has(text)) LABEL_KEYS.set(text, key);
  return text;
}

/** The Indonesian label of one of the API's own fields (errors.json `fields`), remembered with its key. */
export function apiField(name: ApiFieldName): string {
  return rememberLabel(`errors:fields.${name}`, CATALOGUES.id.fields[name]);
}

/** The Indonesian words of a code with its parameters (a rule's as validationMessage says them). */
function indonesian(code: string, params: MessageParams): string {
  return isRule(code) && !Object.hasOwn(CATALOGUES.id.details, code) ? validationMessage(code, params, "id") : (detailText(code, params, "id") ?? code);
}

/**
 * The Indonesian words of a code with its parameters, remembered so a detail can name its code again. For
 * messages a schema says (fixed labels and limits), never for values a request brings: what is remembered
 * stays for the process's life.
 */
export function said(code: string, params: MessageParams = {}): string {
  const text = indonesian(code, params);
  if (!SAID.has(text)) SAID.set(text, { code, params });
  return text;
}

/** The keys of the parameters that are remembered labels. */
function labelsOf(params: MessageParams): Record<string, string> | undefined {
  const labels = Object.entries(params).flatMap(([name, value]) => {
    const key = typeof value === "string" ? LABEL_KEYS.get(value) : undefined;
    return key ? [[name, key] as const] : [];
  });
  return labels.length ? Object.fromEntries(labels) : undefined;
}

/** A detail of a code and its parameters, worded in Indonesian; `known` names label keys the caller knows. */
export function detail(path: string, code: string, params: MessageParams = {}, known?: Record<string, string>): ValidationDetail {
  const labels = known ?? labelsOf(params);
  return { path, code, ...(Object.keys(params).length ? { params } : {}), ...(labels ? { labels } : {}), message: indonesian(code, params) };
}

/**
 * A detail from the words alone (a zod issue's message): the code and parameters that said them, or a label
 * said as the whole message (code `text`), or code `custom` with the words as they are.
 */
export function detailOfMessage(path: string, message: string): ValidationDetail {
  const known = SAID.get(message);
  if (known) return detail(path, known.code, known.params);
  const key = LABEL_KEYS.get(message);
  if (key) return { path, code: "text", params: { text: message }, labels: { text: key }, message };
  return { path, code: "custom", message };
}
