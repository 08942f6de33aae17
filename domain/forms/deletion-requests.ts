import { z } from "zod";
import { CODES, labelsIn, rulesFor, type FormTexts } from "../validation";

// A deletion request and its decision (docs/decisions/029-retention-and-deletion.md): the applicant's form
// on /profile/hapus-akun and POST /me/deletion-request; the Super Admin's on /deletion-requests and
// POST /admin/deletion-requests/:id/decision. The labels live in locales/<lng>/common.json.

export const DELETION_NOTE_MAX = 1000;
export const DELETION_REASON = { min: 5, max: 1000 } as const;
export const DELETION_DECISIONS = ["APPROVE", "REJECT"] as const;
export type DeletionDecision = (typeof DELETION_DECISIONS)[number];

const LABEL_KEYS = {
  note: "common:deleteAccount.request.note",
  decision: "admin:deletionRequests.fields.decision",
  reason: "admin:deletionRequests.fields.reason",
} as const;

const labels = (texts: FormTexts) => labelsIn(texts, LABEL_KEYS, { note: "Catatan untuk Super Admin", decision: "Keputusan", reason: "Alasan" });

export function deletionRequestSchemas(texts: FormTexts = CODES) {
  const rules = rulesFor(texts);
  const L = labels(texts);
  return {
    /** The applicant's request: an optional note to the Super Admin. */
    deletionRequest: z.object({
      note: rules.optionalText({ max: DELETION_NOTE_MAX, multiline: true }).transform((v) => v || undefined),
    }),
    /** The Super Admin's decision: approve or reject, always with the reason the person reads. */
    deletionDecision: z.object({
      decision: rules.oneOf(L.decision, DELETION_DECISIONS),
      reason: rules.text(L.reason, { ...DELETION_REASON, multiline: true }),
    }),
  };
}

const CODED = deletionRequestSchemas(CODES);

export const deletionRequestSchema = CODED.deletionRequest;
export type DeletionRequestInput = z.infer<typeof deletionRequestSchema>;
export const deletionDecisionSchema = CODED.deletionDecision;
export type DeletionDecisionInput = z.infer<typeof deletionDecisionSchema>;
