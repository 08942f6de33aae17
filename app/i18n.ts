import { LOCALE } from "#domain/constants";
import enAccounts from "#locales/en/accounts.json";
import enAdmin from "#locales/en/admin.json";
import enCms from "#locales/en/cms.json";
import enFacility from "#locales/en/facility.json";
import enRegistration from "#locales/en/registration.json";
import enApplicant from "#locales/en/applicant.json";
import en from "#locales/en/common.json";
import enReview from "#locales/en/review.json";
import enValidation from "#locales/en/validation.json";
import enWorkflow from "#locales/en/workflow.json";
import enVerify from "#locales/en/verify.json";
import idAccounts from "#locales/id/accounts.json";
import idAdmin from "#locales/id/admin.json";
import idCms from "#locales/id/cms.json";
import idFacility from "#locales/id/facility.json";
import idRegistration from "#locales/id/registration.json";
import idApplicant from "#locales/id/applicant.json";
import id from "#locales/id/common.json";
import idReview from "#locales/id/review.json";
import idValidation from "#locales/id/validation.json";
import idWorkflow from "#locales/id/workflow.json";
import idVerify from "#locales/id/verify.json";

// spec §9: the interface locale is forced to Indonesian, English is the fallback.
/**
 * Everything but the texts. The server holds both locales; the browser gets the Indonesian namespaces
 * the page used, inline at the end of the HTML (entry.server `inlineTexts`), and loads any other one
 * on demand (entry.client), so no page carries every text in its JavaScript.
 */
export const i18nBaseConfig = {
  supportedLngs: [...LOCALE.SUPPORTED],
  fallbackLng: LOCALE.FALLBACK,
  lng: LOCALE.DEFAULT,
  defaultNS: "common",
  ns: ["common", "accounts", "applicant", "review", "admin", "cms", "facility", "registration", "validation", "workflow", "verify"],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};

/** The global the server writes the page's texts into, read once by entry.client. */
export const INLINE_TEXTS_GLOBAL = "__i18n";

export const ID_RESOURCES = {
  common: id,
  accounts: idAccounts,
  applicant: idApplicant,
  review: idReview,
  admin: idAdmin,
  cms: idCms,
  facility: idFacility,
  registration: idRegistration,
  validation: idValidation,
  workflow: idWorkflow,
  verify: idVerify,
};

export const i18nConfig = {
  ...i18nBaseConfig,
  resources: {
    id: ID_RESOURCES,
    "en-US": {
      common: en,
      accounts: enAccounts,
      applicant: enApplicant,
      review: enReview,
      admin: enAdmin,
      cms: enCms,
      facility: enFacility,
      registration: enRegistration,
      validation: enValidation,
      workflow: enWorkflow,
      verify: enVerify,
    },
  },
};
