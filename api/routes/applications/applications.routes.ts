import { createRoute, z } from "@hono/zod-openapi";
import { apiField } from "#domain/validation-details";
import { AchievementsSchema, ApplicationSchema, ApplicationSummarySchema, FileHistorySchema, PortfolioSchema } from "#contracts/applications";
import { JALUR_IDS } from "#domain/documents";
import { rules } from "#domain/validation";
import { errorResponses } from "../../lib/errors";
import { jsonObject } from "../../lib/validation";
import { requireUser } from "../../middleware/auth";
import { ok, jsonBody } from "../../http/openapi";

const tags = ["Permohonan"];
const security = [{ ApiKey: [], Bearer: [] }];
// Multipart bodies are left out of the route's request: a declared body would be parsed (into memory)
// by the validator; the handlers stream it instead (api/services/uploads/receive.ts).
const MULTIPART_NOTE = "Isi multipart/form-data: satu atau lebih isian berkas doc_<id persyaratan>; beberapa berkas hanya untuk persyaratan `merged`.";

const UploadResultSchema = z
  .object({
    saved: z.array(z.number().int()),
    errors: z.array(
      z.object({
        requirement_id: z.number().int(),
        code: z.string().openapi({
          description: "a spec §5 rule or an API detail code (locales/<lng>/errors.json details), as a VALIDATION_ERROR detail's",
          example: "file_type",
        }),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        labels: z.record(z.string(), z.string()).optional(),
        message: z.string(),
      }),
    ),
  })
  .openapi("UploadResult");

const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });
const jalurBody = jsonObject({ jalur_id: rules.oneOf(apiField("pathway"), JALUR_IDS) });

export const getCurrent = createRoute({
  method: "get",
  path: "/applications/current",
  tags,
  summary: "Permohonan yang belum final milik pemohon, atau null",
  security,
  middleware: [requireUser] as const,
  responses: { 200: ok("Permohonan", ApplicationSchema.nullable()), ...errorResponses(401) },
});

export const getCurrentSummary = createRoute({
  method: "get",
  path: "/applications/current/summary",
  tags,
  summary: "Ringkasan permohonan yang belum final (status, tahap, label, dokumen yang kurang), atau null",
  security,
  middleware: [requireUser] as const,
  responses: { 200: ok("Ringkasan permohonan", ApplicationSummarySchema.nullable()), ...errorResponses(401) },
});

export const create = createRoute({
  method: "post",
  path: "/applications",
  tags,
  summary: "Buat draf permohonan pada jalur yang dipilih",
  security,
  // Applicants only (403 APPLICANTS_ONLY), decided after the body is validated: see the router.
  middleware: [requireUser] as const,
  request: { body: jsonBody(jalurBody) },
  responses: { 201: ok("Draf dibuat", ApplicationSchema), ...errorResponses(400, 401, 403, 409, 413) },
});

export const getOne = createRoute({
  method: "get",
  path: "/applications/{id}",
  tags,
  summary: "Permohonan: label, tahap, tenggat, dokumen, linimasa",
  security,
  middleware: [requireUser] as const,
  request: { params: idParam },
  responses: { 200: ok("Permohonan", ApplicationSchema), ...errorResponses(401, 404) },
});

export const changeJalur = createRoute({
  method: "put",
  path: "/applications/{id}/jalur",
  tags,
  summary: "Ganti jalur selama belum diajukan; data pribadi tetap",
  security,
  middleware: [requireUser] as const,
  request: { params: idParam, body: jsonBody(jalurBody) },
  responses: { 200: ok("Permohonan", ApplicationSchema), ...errorResponses(400, 401, 404, 409) },
});

export const uploadDocuments = createRoute({
  method: "post",
  path: "/applications/{id}/documents",
  tags,
  summary: "Unggah dokumen persyaratan (multipart, tipe diperiksa dari isi berkas)",
  security,
  middleware: [requireUser] as const,
  description: MULTIPART_NOTE,
  request: { params: idParam },
  responses: { 200: ok("Yang lolos disimpan; kesalahan per dokumen", UploadResultSchema), ...errorResponses(400, 401, 404, 409, 413, 429) },
});

export const deleteDocument = createRoute({
  method: "delete",
  path: "/applications/{id}/documents/{requirementId}",
  tags,
  summary: "Hapus versi terkini dokumen dari draf",
  security,
  middleware: [requireUser] as const,
  request: {
    params: idParam.extend({ requirementId: z.string().openapi({ param: { name: "requirementId", in: "path" } }) }),
  },
  responses: { 200: ok("Permohonan", ApplicationSchema), ...errorResponses(401, 404, 409) },
});

export const submit = createRoute({
  method: "post",
  path: "/applications/{id}/submit",
  tags,
  summary: "Ajukan permohonan (idempoten: pengajuan ulang mengembalikan permohonan yang sama)",
  security,
  middleware: [requireUser] as const,
  request: { params: idParam, body: jsonBody(jsonObject({ idempotency_key: z.string().max(100).optional() })) },
  responses: {
    200: ok("Permohonan diajukan", ApplicationSchema),
    ...errorResponses(401, 404),
    400: {
      description: "DOCUMENTS_MISSING (details per doc_<id>) atau PROFILE_INCOMPLETE",
      content: errorResponses(400)[400].content,
    },
  },
});

export const reupload = createRoute({
  method: "post",
  path: "/applications/{id}/reupload",
  tags,
  summary: "Unggah ulang dokumen yang diminta peninjau (disimpan saja; dikirim kembali lewat /reupload/submit)",
  security,
  middleware: [requireUser] as const,
  description: MULTIPART_NOTE,
  request: { params: idParam },
  responses: {
    200: ok("Yang lolos disimpan; permohonan tetap Perbaikan Berkas sampai dikirim kembali", UploadResultSchema.extend({ application: ApplicationSchema })),
    ...errorResponses(400, 401, 404, 409, 413, 429),
  },
});

export const returnReupload = createRoute({
  method: "post",
  path: "/applications/{id}/reupload/submit",
  tags,
  summary: "Kirim kembali berkas yang sudah diperbaiki ke peninjau: Dalam Proses pada tahap yang sama, jam SLA baru",
  security,
  middleware: [requireUser] as const,
  request: { params: idParam },
  responses: {
    200: ok("Permohonan kembali diproses", ApplicationSchema),
    ...errorResponses(401, 404, 409),
    400: {
      description: "DOCUMENTS_MISSING (details per doc_<id>): dokumen yang diminta belum diunggah ulang",
      content: errorResponses(400)[400].content,
    },
  },
});

export const getFileHistory = createRoute({
  method: "get",
  path: "/applications/{id}/file-history",
  tags,
  summary: "Riwayat berkas: semua versi tiap dokumen, kapan diunggah, kapan dan mengapa diganti (pemohon dan fasyankes pengaju saja)",
  security,
  middleware: [requireUser] as const,
  request: { params: idParam },
  responses: { 200: ok("Riwayat berkas", FileHistorySchema), ...errorResponses(401, 404) },
});

// SPE extras (spec §3 session working data: portfolio, achievementType, isAchievementDone).

export const getPortfolio = createRoute({
  method: "get",
  path: "/applications/{id}/portfolio",
  tags,
  summary: "Portofolio (SPE)",
  security,
  middleware: [requireUser] as const,
  request: { params: idParam },
  responses: { 200: ok("Portofolio", PortfolioSchema), ...errorResponses(401, 404) },
});

export const putPortfolio = createRoute({
  method: "put",
  path: "/applications/{id}/portfolio",
  tags,
  summary: "Simpan portofolio (mengganti semua entri); selama draf atau Perbaikan Berkas",
  security,
  middleware: [requireUser] as const,
  request: { params: idParam, body: jsonBody(PortfolioSchema) },
  responses: { 200: ok("Portofolio", PortfolioSchema), ...errorResponses(400, 401, 404, 409, 413) },
});

export const getAchievements = createRoute({
  method: "get",
  path: "/applications/{id}/achievements",
  tags,
  summary: "Capaian kinerja (SPE) dan tanda selesai",
  security,
  middleware: [requireUser] as const,
  request: { params: idParam },
  responses: { 200: ok("Capaian", AchievementsSchema), ...errorResponses(401, 404) },
});

export const putAchievements = createRoute({
  method: "put",
  path: "/applications/{id}/achievements",
  tags,
  summary: "Simpan capaian kinerja (mengganti semua) dan tanda selesai; selama draf atau Perbaikan Berkas",
  security,
  middleware: [requireUser] as const,
  request: { params: idParam, body: jsonBody(AchievementsSchema) },
  responses: { 200: ok("Capaian", AchievementsSchema), ...errorResponses(400, 401, 404, 409, 413) },
});
