import { z } from "zod";
import { VERIFICATION_STATES } from "../facility";
import { CODES, labelsIn, rulesFor, type FormTexts } from "../validation";
import { REASON_MAX } from "./admin";
import { facilitySchemas, FACILITY_LABELS } from "./facility";

// The Admin's facility-admin forms (/admin-fasyankes-list): one schema per form, used by the portal's
// action and by the /api/v1/admin/facilities endpoints for the same payload; the pages read their labels
// from the locale files by the keys below.
// The portal builds them with its request's words; the exports named …Schema carry codes (../validation-codes.ts).

/** The labels beyond the facility's own (facility.ts): their keys in the locale files, and below their
 * Indonesian texts, which the API's schemas say. */
const LABEL_KEYS = {
  full_name: "accounts:fields.full_name",
  email: "accounts:fields.email",
  decision: "admin:fasyankes.fields.decision",
  reason: "admin:fasyankes.fields.reason",
  verification_id: "admin:fasyankes.fields.verification_id",
} as const;

const labels = (texts: FormTexts) =>
  labelsIn(texts, LABEL_KEYS, {
    full_name: FACILITY_LABELS.full_name,
    email: FACILITY_LABELS.email,
    decision: "Keputusan",
    reason: "Alasan",
    verification_id: "Pengajuan",
  });

export const VERIFICATION_DECISIONS = ["APPROVE", "REJECT"] as const;
export type VerificationDecision = (typeof VERIFICATION_DECISIONS)[number];

/** The Admin's facility-admin forms, saying their messages and labels in the language of `texts`. */
export function facilityAdminSchemas(texts: FormTexts = CODES) {
  const rules = rulesFor(texts);
  const m = texts.message;
  const L = labels(texts);
  return {
    /** POST /admin/facilities and /admin-fasyankes-list/new: the account of a facility admin and the facility fields of its sign-up. */
    facilityAdminCreate: z.object({
      full_name: rules.text(L.full_name, { min: 3, max: 150 }),
      email: rules.email(L.email),
      ...facilitySchemas(texts).facilityFields,
    }),

    /**
     * POST /admin/facilities/:id/verify and the decision form: a reason is required to reject, optional to
     * approve. `verification_id` (the entry the admin was looking at) makes a form left open while the
     * facility sent its data again answer 409 instead of deciding an entry nobody has read.
     */
    facilityVerify: z
      .object({
        decision: rules.oneOf(L.decision, VERIFICATION_DECISIONS),
        reason: rules
          .plainText(
            z
              .string()
              .trim()
              .max(REASON_MAX, m("max", { length: REASON_MAX })),
            { multiline: true },
          )
          .optional()
          .transform((v) => v || undefined),
        verification_id: z.preprocess(
          (v) => (v === "" || v === null ? undefined : typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
          z
            .number({ error: () => m("integer", { field: L.verification_id }) })
            .int(m("integer", { field: L.verification_id }))
            .positive(m("integer", { field: L.verification_id }))
            .optional(),
        ),
      })
      .superRefine((v, ctx) => {
        if (v.decision === "REJECT" && !v.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: m("required", { field: L.reason }) });
      }),
  };
}

const CODED = facilityAdminSchemas(CODES);

export const facilityAdminCreateSchema = CODED.facilityAdminCreate;
export type FacilityAdminCreate = z.infer<typeof facilityAdminCreateSchema>;
export const facilityVerifySchema = CODED.facilityVerify;
export type FacilityVerify = z.infer<typeof facilityVerifySchema>;

/** GET /admin/facilities?state= and the list's tabs. */
export const FACILITY_STATE_FILTERS = VERIFICATION_STATES;
