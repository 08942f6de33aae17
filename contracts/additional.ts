import { z } from "@hono/zod-openapi";

// Extra documents a reviewer asks an SPE applicant for (/applications/{id}/additional-requirements):
// the API validates and documents with these schemas; the applicant's and the reviewer's pages are
// typed with the types below (types only; no zod reaches a page).

export const AdditionalItemSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    requested_at: z.string(),
    requested_by_role: z.number().int().openapi({ description: "Peran peninjau yang meminta (role_id): a page words it in the request's language" }),
    stage_id: z.number().int(),
    file: z.object({ file_id: z.string().uuid(), original_name: z.string(), size: z.number().int(), uploaded_at: z.string() }).nullable(),
  })
  .openapi("AdditionalRequirement");

export const AdditionalListSchema = z
  .object({
    items: z.array(AdditionalItemSchema),
    may_answer: z.boolean().openapi({ description: "Pemohon dapat mengunggah (berkas sedang ditinjau)" }),
    may_request: z.boolean().openapi({ description: "Peran ini dapat meminta dokumen tambahan sekarang" }),
  })
  .openapi("AdditionalRequirementList");

export type AdditionalItem = z.infer<typeof AdditionalItemSchema>;
export type AdditionalList = z.infer<typeof AdditionalListSchema>;
