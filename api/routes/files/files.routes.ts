import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../lib/errors";
import { requireUser } from "../../middleware/auth";

export const getFile = createRoute({
  method: "get",
  path: "/files/{id}",
  tags: ["Berkas"],
  summary: "Unduh berkas: pemilik, fasyankes pengaju, dan peninjau permohonannya",
  security: [{ ApiKey: [], Bearer: [] }],
  middleware: [requireUser] as const,
  request: {
    params: z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) }),
    query: z.object({
      inline: z.string().optional().openapi({
        description: "`1`: tampilkan PDF atau gambar di peramban atau di penampil dokumen portal (Content-Disposition inline); DOC/DOCX tetap diunduh",
      }),
    }),
  },
  responses: {
    200: {
      description:
        "Isi berkas, Content-Disposition attachment (inline hanya PDF, PNG dan JPEG; DOC/DOCX selalu attachment), X-Content-Type-Options nosniff, Content-Security-Policy sandbox (inline: `sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'` dan X-Frame-Options SAMEORIGIN untuk penampil dokumen; attachment: `frame-ancestors 'none'`, X-Frame-Options DENY)",
      content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } },
    },
    ...errorResponses(401, 404),
  },
});
