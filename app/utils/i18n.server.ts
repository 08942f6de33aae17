import { createCookie, type Cookie } from "@remix-run/node";
import { createInstance, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import { LOCALE } from "#domain/constants";
import { patchOn } from "#domain/framework-patches";
import { formTexts, type FormTexts } from "#domain/validation";
import { messageText } from "#domain/validation-details";
import { i18nConfig } from "~/i18n";
import { getEnv } from "./env.server";

let locale: Cookie | undefined;

/** The locale cookie, kept 365 days (spec §9); Secure in production, as every cookie of the portal. */
export function localeCookie(): Cookie {
  locale ??= createCookie(LOCALE.COOKIE_NAME, {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: getEnv().NODE_ENV === "production",
    maxAge: LOCALE.COOKIE_MAX_AGE_SEC,
  });
  return locale;
}

const remix = new RemixI18Next({
  detection: {
    supportedLanguages: [...LOCALE.SUPPORTED],
    fallbackLanguage: LOCALE.FALLBACK,
    // Forced to Indonesian whatever the browser asks (spec §1, §9).
    order: ["custom"],
    findLocale: async () => LOCALE.DEFAULT,
  },
  i18next: i18nConfig,
});

/**
 * One i18next instance per language, made and initialised once per process: the page render
 * (entry.server, through a per-request view) and every server `t` below share it. remix-i18next's own
 * getFixedT made and initialised a new instance on every call (0.5 ms and its garbage each).
 */
const shared = new Map<string, Promise<I18n>>();

export function languageInstance(lng: string): Promise<I18n> {
  // Switched off (FRAMEWORK_PATCHES_OFF=shared-i18n-instance): a new instance per call, as remix-i18next makes.
  if (!patchOn("shared-i18n-instance")) return newInstance(lng);
  let made = shared.get(lng);
  if (!made) {
    made = newInstance(lng);
    shared.set(lng, made);
  }
  return made;
}

async function newInstance(lng: string): Promise<I18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({ ...i18nConfig, lng });
  if (patchOn("language-hierarchies")) rememberHierarchies(instance);
  return instance;
}

/**
 * Language codes resolved once: i18next resolves a code's fallback hierarchy on every `t()` (through
 * Intl.getCanonicalLocales for "en-US"); it depends only on the configured languages, so each
 * (code, fallback) is remembered per instance.
 */
export function rememberHierarchies(instance: I18n): void {
  type Utils = { toResolveHierarchy: (code: string, fallbackCode?: unknown) => string[] };
  const utils = instance.services.languageUtils as unknown as Utils;
  const resolve = utils.toResolveHierarchy.bind(utils);
  const known = new Map<string, string[]>();
  utils.toResolveHierarchy = (code, fallbackCode) => {
    // An object or function fallback is not a key: resolved each time, as i18next would.
    if (fallbackCode !== undefined && typeof fallbackCode !== "string") return resolve(code, fallbackCode);
    const key = `${code}|${fallbackCode ?? ""}`;
    let codes = known.get(key);
    if (!codes) known.set(key, (codes = resolve(code, fallbackCode)));
    return codes;
  };
}

/** The request's language, and a server `t` in it from the shared instance. */
export const i18next = {
  getLocale: (request: Request): Promise<string> => remix.getLocale(request),
  async getFixedT(requestOrLocale: Request | string, namespace?: string) {
    const lng = typeof requestOrLocale === "string" ? requestOrLocale : await remix.getLocale(requestOrLocale);
    return (await languageInstance(lng)).getFixedT(lng, namespace ?? null);
  },
};

/**
 * A `t` for server code with no request at hand (a session found expired, an API refusal deep in a
 * helper). Every request's language is the default one (spec §9: forced to Indonesian), so this says
 * what the request's `t` would.
 */
export function defaultT(namespace?: string) {
  return i18next.getFixedT(LOCALE.DEFAULT, namespace);
}

/** A spec §5 rule's words to this request (a date's boxes, read before the schema): validation messages and labels in its language. */
export async function formTextsFor(request: Request): Promise<FormTexts> {
  return formTexts(await i18next.getFixedT(request));
}

/**
 * A form's refusals to this request, as conform's `formatError`: each message of the schema carries its code
 * (#domain/validation-codes), worded here from the locale files in the request's language.
 */
export async function formErrorsFor(request: Request): Promise<(issues: ReadonlyArray<{ message: string }>) => string[]> {
  const lng = await i18next.getLocale(request);
  return (issues) => issues.map((issue) => messageText(issue.message, lng));
}
