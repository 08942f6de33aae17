import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { LOCALE } from "#domain/constants";
import { i18nConfig } from "~/i18n";

/** The locale cookie, kept 365 days (spec §9). */
export const localeCookie = createCookie(LOCALE.COOKIE_NAME, { path: "/", sameSite: "lax", httpOnly: true, maxAge: LOCALE.COOKIE_MAX_AGE_SEC });

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
