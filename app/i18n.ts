import { LOCALE } from "#domain/constants";
import en from "./locales/en/common.json";
import id from "./locales/id/common.json";

// spec §9: the interface locale is forced to Indonesian, English is the fallback.
export const i18nConfig = {
  supportedLngs: [...LOCALE.SUPPORTED],
  fallbackLng: LOCALE.FALLBACK,
  lng: LOCALE.DEFAULT,
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  resources: { id: { common: id }, "en-US": { common: en } },
};
