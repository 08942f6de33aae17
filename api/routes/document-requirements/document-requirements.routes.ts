import { createRoute, z } from "@hono/zod-openapi";
import { JALUR_IDS } from "#domain/documents";
import { errorResponses } from "../../lib/errors";

const jalur = z.enum(JALUR_IDS, { error: "jalur harus salah satu dari REG, SPE atau OTH" });

/** Spec §3 "Document requirement", plus `merged`. */
export const DocumentRequirementSchema = z
  .object({
    id: z.number().int(),
    jalur_id: jalur,
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

export const listDocumentRequirements = createRoute({
  method: "get",
  path: "/document-requirements",
  tags: ["Dokumen"],
  summary: "Dokumen persyaratan yang aktif, urut order_num",
  request: { query: z.object({ jalur: jalur.optional() }) },
  responses: {
    200: {
      description: "Dokumen persyaratan",
      content: { "application/json": { schema: z.object({ data: z.array(DocumentRequirementSchema) }) } },
    },
    ...errorResponses(400),
  },
});
