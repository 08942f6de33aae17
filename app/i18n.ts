import { LOCALE } from "#domain/constants";
import enAccounts from "./locales/en/accounts.json";
import enAdmin from "./locales/en/admin.json";
import enApplicant from "./locales/en/applicant.json";
import en from "./locales/en/common.json";
import enReview from "./locales/en/review.json";
import idAccounts from "./locales/id/accounts.json";
import idAdmin from "./locales/id/admin.json";
import idApplicant from "./locales/id/applicant.json";
import id from "./locales/id/common.json";
import idReview from "./locales/id/review.json";

// spec §9: the interface locale is forced to Indonesian, English is the fallback.
export const i18nConfig = {
  supportedLngs: [...LOCALE.SUPPORTED],
  fallbackLng: LOCALE.FALLBACK,
  lng: LOCALE.DEFAULT,
  defaultNS: "common",
  ns: ["common", "accounts", "applicant", "review", "admin"],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  resources: {
    id: { common: id, accounts: idAccounts, applicant: idApplicant, review: idReview, admin: idAdmin },
    "en-US": { common: en, accounts: enAccounts, applicant: enApplicant, review: enReview, admin: enAdmin },
  },
};
