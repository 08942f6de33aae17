import { z } from "@hono/zod-openapi";
import { PageMetaSchema } from "./admin";

// Kept no longer than needed (docs/decisions/029-retention-and-deletion.md): what the retention job will
// delete or anonymise, and when (the Super Admin's /retention); an applicant deleting their own account.

export const RetentionSettingsSchema = z
  .object({
    draft_months: z.number().int().openapi({ description: "RETENTION_DRAFT_MONTHS; 0: drafts are kept" }),
    account_months: z.number().int().openapi({ description: "RETENTION_ACCOUNT_MONTHS; 0: accounts are kept" }),
    closed_file_months: z.number().int().openapi({ description: "RETENTION_CLOSED_FILE_MONTHS; 0: closed files are kept as they are" }),
    notice_days: z.number().int(),
  })
  .openapi("RetentionSettings");

export const PlannedDeletionSchema = z
  .object({
    kind: z.enum(["DRAFT", "ACCOUNT", "CLOSED_FILE"]),
    /** the registration number (and name) of a file, or the account's name */
    label: z.string(),
    since: z.string().openapi({ description: "when its period started (last change, last use, last decision)" }),
    notice_at: z.string().nullable().openapi({ description: "when its owner was mailed; null: not yet (a closed file: never)" }),
    delete_at: z.string(),
  })
  .openapi("PlannedDeletion");

export const RetentionPageSchema = z.object({ settings: RetentionSettingsSchema, data: z.array(PlannedDeletionSchema), meta: PageMetaSchema });

export type RetentionPage = z.infer<typeof RetentionPageSchema>;
export type PlannedDeletionEntry = z.infer<typeof PlannedDeletionSchema>;
