import { z } from "@hono/zod-openapi";
import { JALUR_IDS } from "#domain/documents";
import { coded, labelRef } from "#domain/validation-codes";

// The documents each pathway asks for (GET /document-requirements): the API validates and documents
// with these schemas; the applicant's upload pages are typed with the type below (types only).

export const JalurSchema = z.enum(JALUR_IDS, { error: coded("oneOf", { field: labelRef("errors:fields.jalur") }) });

/** Spec §3 "Document requirement", plus `merged`. */
export const DocumentRequirementSchema = z
  .object({
    id: z.number().int(),
    jalur_id: JalurSchema,
    name: z.string(),
    description: z.string().nullable(),
    help_text: z.string(),
    max_size: z.number().int().openapi({ description: "MB" }),
    allowed_extnames: z.string().openapi({ example: "jpg,jpeg,png,pdf" }),
    order_num: z.number().int(),
    is_active: z.boolean(),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().nullable().openapi({ format: "date-time" }),
    is_kek: z.boolean(),
    allowed_mimetypes: z.string(),
    merged: z.boolean().openapi({ description: "Beberapa file digabung menjadi satu PDF" }),
  })
  .openapi("DocumentRequirement");

export const DocumentRequirementsQuerySchema = z.object({ jalur: JalurSchema.optional() });

export type DocumentRequirement = z.infer<typeof DocumentRequirementSchema>;
