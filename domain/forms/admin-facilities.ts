import { z } from "zod";
import { VERIFICATION_STATES, type VerificationState } from "../facility";
import { rules, validationMessage as m } from "../validation";
import { REASON_MAX } from "./admin";
import { FACILITY_ADMIN_LABELS } from "./admin-facilities.labels";
import { facilityFields } from "./facility";

export * from "./admin-facilities.labels";

// The Admin's facility-admin forms (/admin-fasyankes-list): one schema per form, used by the portal's
// action and by the /api/v1/admin/facilities endpoints for the same payload (the browser: ./admin-facilities.labels.ts).

const L = FACILITY_ADMIN_LABELS;

/** POST /admin/facilities and /admin-fasyankes-list/new: the account of a facility admin and the facility fields of its sign-up. */
export const facilityAdminCreateSchema = z.object({
  full_name: rules.text(L.full_name, { min: 3, max: 150 }),
  email: rules.email(L.email),
  ...facilityFields,
});
export type FacilityAdminCreate = z.infer<typeof facilityAdminCreateSchema>;

export const VERIFICATION_DECISIONS = ["APPROVE", "REJECT"] as const;
export type VerificationDecision = (typeof VERIFICATION_DECISIONS)[number];

/**
 * POST /admin/facilities/:id/verify and the decision form: a reason is required to reject, optional to
 * approve. `verification_id` (the entry the admin was looking at) makes a form left open while the
 * facility sent its data again answer 409 instead of deciding an entry nobody has read.
 */
export const facilityVerifySchema = z
  .object({
    decision: rules.oneOf(L.decision, VERIFICATION_DECISIONS),
    reason: z
      .string()
      .trim()
      .max(REASON_MAX, m("max", { length: REASON_MAX }))
      .optional()
      .transform((v) => v || undefined),
    verification_id: z.preprocess(
      (v) => (v === "" || v === null ? undefined : typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
      z.number({ error: () => m("integer", { field: "Pengajuan" }) }).int(m("integer", { field: "Pengajuan" })).positive(m("integer", { field: "Pengajuan" })).optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.decision === "REJECT" && !v.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: m("required", { field: L.reason }) });
  });
export type FacilityVerify = z.infer<typeof facilityVerifySchema>;

/** GET /admin/facilities?state= and the list's tabs. */
export const FACILITY_STATE_FILTERS = VERIFICATION_STATES as readonly [VerificationState, ...VerificationState[]];
