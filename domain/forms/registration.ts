import { z } from "zod";
import { JALUR_IDS } from "../documents";
import { CODES, labelsIn, rulesFor, type FormTexts } from "../validation";
import { wholeNumber } from "./admin";
import { profileSchema } from "./profile";
import { REGISTRATION_LABELS } from "./registration.labels";

export * from "./registration.labels";

// A facility admin (role 8) registers a professional (DESIGN §4 "Health-facility admin"): the
// applicant's personal data (domain/forms/profile.ts) plus the professional's e-mail, the pathway and,
// for OTH, the kind of activity. One schema for the portal's action and POST /api/v1/registrations
// (the browser: ./registration.labels.ts). The portal builds them with its request's words
// (`formTexts(t)`); the exports named …Schema carry codes (../validation-codes.ts) the API and the registry use.

/** The labels beyond the personal data's (those are profile.ts's): their keys in the locale files. */
const LABEL_KEYS = {
  email: "accounts:fields.email",
  jalur_id: "accounts:fields.jalur_id",
  activity_kind_id: "registration:fields.activity_kind_id",
  specialization_id: "applicant:personal.fields.specialization_id",
} as const;

const labels = (texts: FormTexts) =>
  labelsIn(texts, LABEL_KEYS, {
    email: REGISTRATION_LABELS.email,
    jalur_id: REGISTRATION_LABELS.jalur_id,
    activity_kind_id: REGISTRATION_LABELS.activity_kind_id,
    specialization_id: REGISTRATION_LABELS.specialization_id,
  });

const MAX_ID = 2_147_483_647;

/** /register-competency-evaluation/registration-path: the pathway, and for OTH its kind of activity. */
export function pathwayChoice(texts: FormTexts = CODES) {
  const rules = rulesFor(texts);
  const L = labels(texts);
  return z
    .object({
      jalur_id: rules.oneOf(L.jalur_id, JALUR_IDS),
      activity_kind_id: wholeNumber(L.activity_kind_id, { min: 1, max: MAX_ID }, texts).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.jalur_id === "OTH" && v.activity_kind_id === undefined) {
        ctx.addIssue({ code: "custom", path: ["activity_kind_id"], message: texts.message("required", { field: L.activity_kind_id }) });
      }
    });
}

export const pathwayChoiceSchema = pathwayChoice();

/** `today` is injectable for tests, as in profileSchema. */
export function registrationSchema(today: Date = new Date(), texts: FormTexts = CODES) {
  const rules = rulesFor(texts);
  const m = texts.message;
  const L = labels(texts);
  return profileSchema(today, texts)
    .safeExtend({
      email: rules.email(L.email),
      jalur_id: rules.oneOf(L.jalur_id, JALUR_IDS),
      activity_kind_id: wholeNumber(L.activity_kind_id, { min: 1, max: MAX_ID }, texts).optional(),
    })
    .superRefine((v, ctx) => {
      // SPE needs the specialization (as the applicant's submit does); OTH names its kind of activity.
      if (v.jalur_id === "SPE" && v.specialization_id === undefined) {
        ctx.addIssue({ code: "custom", path: ["specialization_id"], message: m("required", { field: L.specialization_id }) });
      }
      if (v.jalur_id === "OTH" && v.activity_kind_id === undefined) {
        ctx.addIssue({ code: "custom", path: ["activity_kind_id"], message: m("required", { field: L.activity_kind_id }) });
      }
    });
}

export const registrationFormSchema = registrationSchema();
export type RegistrationForm = z.infer<typeof registrationFormSchema>;
