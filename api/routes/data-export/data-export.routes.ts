import { createRoute, z } from "@hono/zod-openapi";
import { APPLICANT_ROLES, FACILITY_ROLES } from "#domain/roles";
import { errorResponses } from "../../lib/errors";
import { allow } from "../../middleware/allow";
import { requireUser } from "../../middleware/auth";

// "Download my data" (docs/decisions/028-data-export.md): one ZIP, streamed as it is built.

const tags = ["Unduh Data"];
const security = [{ ApiKey: [], Bearer: [] }];
const zipAnswer = {
  description:
    "Berkas ZIP (application/zip, Content-Disposition attachment): index.html (untuk dibaca, tanpa skrip), data.json (skema DataExportJson) dan setiap versi dokumen yang dikirim, apa adanya, di dokumen/. Dialirkan sambil dibuat; unduhan dicatat di log akses.",
  content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
};

export const ownDataExport = createRoute({
  method: "get",
  path: "/me/data-export",
  tags,
  summary:
    "Unduh seluruh data saya (pemohon): akun, data pribadi, permohonan dengan riwayat dan keputusannya, log akses, dan setiap versi dokumen; dibatasi per akun (429 dengan Retry-After)",
  security,
  middleware: [requireUser, allow(APPLICANT_ROLES, { otherwise: "not-found" })] as const,
  responses: { 200: zipAnswer, ...errorResponses(401, 404, 429) },
});

export const registrationDataExport = createRoute({
  method: "get",
  path: "/registrations/{id}/data-export",
  tags,
  summary:
    "Admin Fasyankes: unduh data tenaga kesehatan yang didaftarkannya (permohonan yang didaftarkan Fasyankes ini); dibatasi per akun (429 dengan Retry-After)",
  security,
  middleware: [requireUser, allow(FACILITY_ROLES, { otherwise: "not-found" })] as const,
  request: { params: z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, description: "id permohonan" }) }) },
  responses: { 200: zipAnswer, ...errorResponses(401, 404, 429) },
});
