import { z } from "@hono/zod-openapi";
import { PageMetaSchema } from "./admin";

// Who read an applicant's data (docs/decisions/026-access-log.md): the applicant's /profile/akses-data,
// the facility's view of the professionals it registered, the Super Admin's /access-log.

export const AccessEntrySchema = z
  .object({
    id: z.number().int(),
    created_at: z.string().openapi({ example: "2026-11-27T07:00:00.000Z" }),
    kind: z.enum(["DETAIL", "DOCUMENT", "EXPORT", "ACCESS_LOG", "DATA_EXPORT", "PUBLIC_VERIFY"]),
    actor_role: z.number().int(),
    actor_name: z.string(),
    applicant_name: z.string().nullable(),
    registration_number: z.string().nullable(),
    document_name: z.string().nullable(),
    version: z.number().int().nullable(),
    stage_id: z.number().int().nullable(),
    /** EXPORT: the filter the list was exported with; ACCESS_LOG: the search */
    filter: z.record(z.string(), z.string()).nullable(),
  })
  .openapi("AccessEntry");

export const AccessLogPageSchema = z.object({ data: z.array(AccessEntrySchema), meta: PageMetaSchema });

export type AccessEntry = z.infer<typeof AccessEntrySchema>;
