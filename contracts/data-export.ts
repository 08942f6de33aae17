import { z } from "@hono/zod-openapi";

// "Download my data" (docs/decisions/028-data-export.md): data.json inside the ZIP of GET /me/data-export
// and GET /registrations/{id}/data-export. index.html beside it says the same for a person.

const ZipFileSchema = z.object({
  zip_path: z.string().openapi({ example: "dokumen/ADP-2026-000001/Ijazah v1.pdf" }),
  file_id: z.string(),
  original_name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  mime: z.string(),
});

export const DataExportJsonSchema = z
  .object({
    format: z.literal("adaptasi-nakes-lln/data-export"),
    version: z.literal(1),
    created_at: z.string(),
    account: z.object({ id: z.string(), email: z.string(), full_name: z.string(), role: z.string(), created_at: z.string() }).passthrough(),
    personal_data: z.object({ full_name: z.string().nullable(), email: z.string(), photo: ZipFileSchema.nullable() }).passthrough(),
    applications: z.array(
      z
        .object({
          id: z.string(),
          registration_number: z.string().nullable(),
          jalur_id: z.string(),
          status: z.string(),
          timeline: z.array(z.object({ at: z.string(), action: z.string(), actor: z.string(), note: z.string().nullable() }).passthrough()),
          /** the decision letters issued when the file's process ended; a revoked one with its date and reason */
          letters: z.array(z.object({ number: z.string(), issued_at: z.string(), revoked_at: z.string().nullable(), revoke_reason: z.string().nullable() })),
          documents: z.array(
            z.object({
              requirement_id: z.number().int(),
              name: z.string(),
              versions: z.array(
                z
                  .object({
                    version: z.number().int(),
                    is_current: z.boolean(),
                    uploaded_at: z.string(),
                    zip_path: z.string().nullable(),
                    original_name: z.string(),
                    size: z.number().int(),
                  })
                  .passthrough(),
              ),
            }),
          ),
          additional_documents: z.array(z.object({ title: z.string(), file: ZipFileSchema.nullable() }).passthrough()),
        })
        .passthrough(),
    ),
    access_log: z.array(z.object({ at: z.string(), kind: z.string(), actor_role: z.string(), actor_name: z.string() }).passthrough()),
    /** every document in the ZIP, with its SHA-256 as stored when it was sent */
    files: z.array(
      z.object({ path: z.string(), file_id: z.string(), original_name: z.string(), size: z.number().int(), sha256: z.string(), mime: z.string() }),
    ),
  })
  .openapi("DataExportJson");

export type DataExportJson = z.infer<typeof DataExportJsonSchema>;
