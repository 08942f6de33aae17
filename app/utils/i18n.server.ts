import { createCookie, type Cookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { LOCALE } from "#domain/constants";
import { formTexts, type FormTexts } from "#domain/validation";
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

export const i18next = new RemixI18Next({
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
 * A `t` for server code with no request at hand (a session found expired, an API refusal deep in a
 * helper). Every request's language is the default one (spec §9: forced to Indonesian), so this says
 * what the request's `t` would.
 */
export function defaultT(namespace?: string) {
  return i18next.getFixedT(LOCALE.DEFAULT, namespace);
}

/** The words a form's schema says to this request: validation messages and field labels in its language. */
export async function formTextsFor(request: Request): Promise<FormTexts> {
  return formTexts(await i18next.getFixedT(request));
}
