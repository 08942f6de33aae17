import { z } from "zod";
import { JALUR_IDS } from "../documents";
import { rules, validationMessage as m } from "../validation";
import { wholeNumber } from "./admin";
import { profileSchema } from "./profile";
import { REGISTRATION_LABELS } from "./registration.labels";

export * from "./registration.labels";

// A facility admin (role 8) registers a professional (DESIGN §4 "Health-facility admin"): the
// applicant's personal data (domain/forms/profile.ts) plus the professional's e-mail, the pathway and,
// for OTH, the kind of activity. One schema for the portal's action and POST /api/v1/registrations
// (the browser: ./registration.labels.ts).

const L = REGISTRATION_LABELS;

const MAX_ID = 2_147_483_647;

/** /register-competency-evaluation/registration-path: the pathway, and for OTH its kind of activity. */
export const pathwayChoiceSchema = z
  .object({
    jalur_id: rules.oneOf(L.jalur_id, JALUR_IDS),
    activity_kind_id: wholeNumber(L.activity_kind_id, { min: 1, max: MAX_ID }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.jalur_id === "OTH" && v.activity_kind_id === undefined) {
      ctx.addIssue({ code: "custom", path: ["activity_kind_id"], message: m("required", { field: L.activity_kind_id }) });
    }
  });

/** `today` is injectable for tests, as in profileSchema. */
export function registrationSchema(today: Date = new Date()) {
  return profileSchema(today)
    .safeExtend({
      email: rules.email(L.email),
      jalur_id: rules.oneOf(L.jalur_id, JALUR_IDS),
      activity_kind_id: wholeNumber(L.activity_kind_id, { min: 1, max: MAX_ID }).optional(),
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
