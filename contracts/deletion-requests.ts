import { z } from "@hono/zod-openapi";
import { PageMetaSchema } from "./admin";

// A request to delete an account with a submitted application, decided by the Super Admin
// (docs/decisions/029-retention-and-deletion.md): what the applicant reads on /profile/hapus-akun and
// what the Super Admin lists on /deletion-requests.

export const DeletionRequestStatusSchema = z.enum(["PENDING", "APPROVED", "REJECTED"]);

/** The applicant's own request, as they read it. */
export const OwnDeletionRequestSchema = z
  .object({
    id: z.number().int(),
    status: DeletionRequestStatusSchema,
    note: z.string().nullable(),
    created_at: z.string(),
    decided_at: z.string().nullable(),
    reason: z.string().nullable().openapi({ description: "the Super Admin's reason, once decided" }),
  })
  .openapi("OwnDeletionRequest");

export const OwnDeletionStateSchema = z
  .object({
    has_submitted: z.boolean().openapi({ description: "false: the account is deleted directly (DELETE /me/account), no request needed" }),
    latest: OwnDeletionRequestSchema.nullable(),
  })
  .openapi("OwnDeletionState");

/** A row of the Super Admin's list. */
export const DeletionRequestRowSchema = OwnDeletionRequestSchema.extend({
  applicant_name: z.string(),
  applicant_email: z.string(),
  registration_numbers: z.array(z.string()).openapi({ description: "the person's submitted applications" }),
  decided_by_name: z.string().nullable(),
}).openapi("DeletionRequestRow");

export const DeletionRequestPageSchema = z.object({ data: z.array(DeletionRequestRowSchema), meta: PageMetaSchema });

export type OwnDeletionRequest = z.infer<typeof OwnDeletionRequestSchema>;
export type DeletionRequestRow = z.infer<typeof DeletionRequestRowSchema>;
