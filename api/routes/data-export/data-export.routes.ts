import { createRoute, z } from "@hono/zod-openapi";
import { APPLICANT_ROLES, FACILITY_ROLES } from "#domain/roles";
import { errorResponses } from "../../lib/errors";
import { allow } from "../../middleware/allow";
import { requireUser } from "../../middleware/auth";

// "Download my data" (docs/decisions/028-data-export.md): one ZIP, streamed as it is built.

const tags = ["Unduh Data"];
const security = [{ ApiKey: [], Bearer: [] }];
const partAnswer = {
  description:
    "Sebagian ZIP (Range dengan If-Range berisi ETag unduhan sebelumnya): byte yang diminta dari snapshot yang sama, sama persis; If-Range yang tidak cocok mendapat ZIP utuh (200).",
  content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
};
const sizeAnswer = {
  description: "Ukuran ZIP dalam byte, sebelum diunduh (tidak dihitung dan tidak dicatat)",
  content: { "application/json": { schema: z.object({ data: z.object({ size: z.number().int() }) }) } },
};
const zipAnswer = {
  description:
    "Berkas ZIP (application/zip, Content-Disposition attachment): index.html (untuk dibaca, tanpa skrip), data.json (skema DataExportJson) dan setiap versi dokumen yang dikirim, apa adanya, di dokumen/. Content-Length dan ETag dikirim lebih dulu; Accept-Ranges: bytes. Dialirkan sambil dibuat; unduhan dicatat di log akses (sekali, saat dimulai). Hanya unduhan yang selesai dihitung dalam batas per jam.",
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
  responses: { 200: zipAnswer, 206: partAnswer, ...errorResponses(401, 404, 429) },
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
  responses: { 200: zipAnswer, 206: partAnswer, ...errorResponses(401, 404, 429) },
});

export const ownDataExportSize = createRoute({
  method: "get",
  path: "/me/data-export/size",
  tags,
  summary: "Ukuran ZIP data saya (pemohon) sebelum diunduh",
  security,
  middleware: [requireUser, allow(APPLICANT_ROLES, { otherwise: "not-found" })] as const,
  responses: { 200: sizeAnswer, ...errorResponses(401, 404) },
});

export const registrationDataExportSize = createRoute({
  method: "get",
  path: "/registrations/{id}/data-export/size",
  tags,
  summary: "Admin Fasyankes: ukuran ZIP data tenaga kesehatan yang didaftarkannya, sebelum diunduh",
  security,
  middleware: [requireUser, allow(FACILITY_ROLES, { otherwise: "not-found" })] as const,
  request: { params: z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, description: "id permohonan" }) }) },
  responses: { 200: sizeAnswer, ...errorResponses(401, 404) },
});
