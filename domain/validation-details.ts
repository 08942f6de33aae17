// A field-level refusal (a VALIDATION_ERROR's `details[]`) as a code with its parameters, worded from the
// locale files: a spec §5 rule's words in `locales/<lng>/validation.json`, the API's own checks in
// `locales/<lng>/errors.json` (`details.<code>`, `detailVariants.<code>.<kind>`). A parameter that is a field's
// label is its locale key (`labels`), so each language says the label in its own words. A schema's message
// carries its code (./validation-codes.ts); the API words each detail in the default language from the same
// files, and the portal's API client words it again in the request's (app/utils/api.server.ts). Server code
// only: the browser never needs these texts.
import enAccounts from "#locales/en/accounts.json";
import enAdmin from "#locales/en/admin.json";
import enApplicant from "#locales/en/applicant.json";
import enCms from "#locales/en/cms.json";
import enCommon from "#locales/en/common.json";
import enErrors from "#locales/en/errors.json";
import enFacility from "#locales/en/facility.json";
import enRegistration from "#locales/en/registration.json";
import enReview from "#locales/en/review.json";
import enVerify from "#locales/en/verify.json";
import idAccounts from "#locales/id/accounts.json";
import idAdmin from "#locales/id/admin.json";
import idApplicant from "#locales/id/applicant.json";
import idCms from "#locales/id/cms.json";
import idCommon from "#locales/id/common.json";
import idErrors from "#locales/id/errors.json";
import idFacility from "#locales/id/facility.json";
import idRegistration from "#locales/id/registration.json";
import idReview from "#locales/id/review.json";
import idVerify from "#locales/id/verify.json";
import { requirementText } from "./document-words";
import { labelRef, readCoded, splitParams } from "./validation-codes";
import { VALIDATION_MESSAGES, type MessageParams } from "./validation-messages";

/** The API's own detail codes (a spec §5 rule name is a detail code too: `required`, `max`, `oneOf`, …). */
export type ApiDetailCode = keyof typeof idErrors.details;

/** A label of the API's own fields (the query's page, a login's e-mail), keyed `errors:fields.<name>`. */
export type ApiFieldName = keyof typeof idErrors.fields;

/** One field's refusal, as the API answers it. */
export interface ValidationDetail {
  path: string;
  /** a spec §5 rule (locales/<lng>/validation.json) or one of the API's detail codes (errors.json `details`) */
  code: string;
  /** the values its words need (a length, a limit, a field named by the request's own path) */
  params?: MessageParams;
  /** the locale key ("namespace:path") of each parameter that is a field's label */
  labels?: Record<string, string>;
  /** the default language's words, from the same locale files */
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

/** A label's words in a language by its locale key ("namespace:path"), or undefined for a key it cannot find. */
export type LabelTranslate = (key: string) => string | undefined;

/** The namespaces whose keys name fields' labels, in each language. */
const LABEL_NAMESPACES: Readonly<Record<"id" | "en", Readonly<Record<string, unknown>>>> = {
  id: {
    accounts: idAccounts,
    admin: idAdmin,
    applicant: idApplicant,
    cms: idCms,
    common: idCommon,
    errors: idErrors,
    facility: idFacility,
    registration: idRegistration,
    review: idReview,
    verify: idVerify,
  },
  en: {
    accounts: enAccounts,
    admin: enAdmin,
    applicant: enApplicant,
    cms: enCms,
    common: enCommon,
    errors: enErrors,
    facility: enFacility,
    registration: enRegistration,
    review: enReview,
    verify: enVerify,
  },
};

/** A label's words in a language, by its key: a document requirement's name by its id, else the key's text. */
export function labelText(key: string, lng: string): string | undefined {
  const requirement = /^documents:names\.(\d+)$/.exec(key);
  if (requirement) return requirementText(Number(requirement[1]), lng)?.name;
  const [ns, path] = key.split(":", 2);
  const namespaces = lng.startsWith("en") ? LABEL_NAMESPACES.en : LABEL_NAMESPACES.id;
  if (!ns || !path || !Object.hasOwn(namespaces, ns)) return undefined;
  let node: unknown = namespaces[ns];
  for (const part of path.split("."))
    node = node && typeof node === "object" && Object.hasOwn(node, part) ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

/**
 * A detail's words in a language: its template (a variant where params.kind names one), `{{name}}` filled with
 * a label's words where `labels` names its key (`translate`, else this module's namespaces), else from params.
 * Undefined for a code the catalogues do not hold or a parameter its words need that is missing.
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
    const key = labels && Object.hasOwn(labels, name) ? labels[name] : undefined;
    const label = key === undefined ? undefined : (translate?.(key) ?? labelText(key, lng));
    const value = label ?? (params && Object.hasOwn(params, name) ? params[name] : undefined);
    if (value === undefined) {
      complete = false;
      return "";
    }
    return String(value);
  });
  return complete ? text : undefined;
}

/** One of the API's own fields (errors.json `fields`) as a label parameter: its locale key. */
export function apiField(name: ApiFieldName): string {
  return labelRef(`errors:fields.${name}`);
}

/**
 * A detail of a code and its parameters (a parameter given as a label, `apiField` or `labelRef`, is answered
 * by its key in `labels`), with the default language's words.
 */
export function detail(path: string, code: string, params: MessageParams = {}): ValidationDetail {
  const { params: values, labels } = splitParams(params);
  return {
    path,
    code,
    ...(values ? { params: values } : {}),
    ...(labels ? { labels } : {}),
    message: detailText(code, values, "id", labels) ?? code,
  };
}

/**
 * The detail a schema's message carries (./validation-codes.ts): its code, parameters and labels' keys; a
 * message without a code (zod's own words, a text the schema wrote) is code `custom` with it as it is.
 */
export function detailOfMessage(path: string, message: string): ValidationDetail {
  const known = readCoded(message);
  if (!known) return { path, code: "custom", message };
  const { code, params, labels } = known;
  return {
    path,
    code,
    ...(params ? { params } : {}),
    ...(labels ? { labels } : {}),
    message: detailText(code, params, "id", labels) ?? code,
  };
}

/**
 * A schema's message in a language: the code it carries worded from the locale files (`translate` says a
 * label's key where the caller has more namespaces); a message without a code as it is.
 */
export function messageText(message: string, lng: string = "id", translate?: LabelTranslate): string {
  const known = readCoded(message);
  return (known && detailText(known.code, known.params, lng, known.labels, translate)) ?? message;
}
