import { createRoute, z } from "@hono/zod-openapi";
import { coded } from "#domain/validation-codes";
import { apiField } from "#domain/validation-details";
import { DeletionRequestPageSchema, OwnDeletionRequestSchema, OwnDeletionStateSchema } from "#contracts/deletion-requests";
import { deletionDecisionSchema, deletionRequestSchema } from "#domain/forms/deletion-requests";
import { APPLICANT_ROLES, SUPER_ADMIN_ONLY } from "#domain/roles";
import { errorResponses } from "../../lib/errors";
import { emptyAsAbsent, jsonBody, ok, pageParam } from "../../http/openapi";
import { allow } from "../../middleware/allow";
import { requireUser } from "../../middleware/auth";

// An account with a submitted application is deleted on request, decided by the Super Admin
// (docs/decisions/029-retention-and-deletion.md).

const tags = ["Penyimpanan Data"];
const security = [{ ApiKey: [], Bearer: [] }];
const applicant = [requireUser, allow(APPLICANT_ROLES, { otherwise: "not-found" })];
const superAdmin = [requireUser, allow(SUPER_ADMIN_ONLY)];

export const ownDeletionRequest = createRoute({
  method: "get",
  path: "/me/deletion-request",
  tags,
  summary: "Permintaan hapus akun terbaru milik pemohon, dengan status dan alasan keputusannya",
  security,
  middleware: applicant,
  responses: { 200: ok("Perlu tidaknya permintaan, dan permintaan terbaru", OwnDeletionStateSchema), ...errorResponses(401, 404) },
});

export const requestDeletion = createRoute({
  method: "post",
  path: "/me/deletion-request",
  tags,
  summary: "Pemohon dengan permohonan yang sudah diajukan meminta akunnya dihapus; Super Admin memutuskan",
  description:
    "409 DELETION_REQUEST_PENDING bila masih ada permintaan yang menunggu; 409 DELETION_REQUEST_NOT_NEEDED bila belum ada permohonan yang diajukan (hapus langsung dengan DELETE /me/account).",
  security,
  middleware: applicant,
  request: { body: jsonBody(deletionRequestSchema) },
  responses: { 201: ok("Permintaan dikirim", OwnDeletionRequestSchema), ...errorResponses(400, 401, 404, 409, 413) },
});

export const listDeletionRequests = createRoute({
  method: "get",
  path: "/admin/deletion-requests",
  tags,
  summary: "Permintaan hapus akun: yang menunggu lebih dahulu (terlama dulu), lalu yang sudah diputuskan; 25 per halaman",
  security,
  middleware: superAdmin,
  request: {
    query: z.object({
      page: emptyAsAbsent(pageParam),
      id: emptyAsAbsent(
        z
          .string()
          .regex(/^[1-9]\d{0,8}$/, coded("integer", { field: apiField("request_id") }))
          .optional()
          .openapi({ description: "only this request (the decision form)", example: "1" }),
      ),
    }),
  },
  responses: {
    200: { description: "Satu halaman permintaan", content: { "application/json": { schema: DeletionRequestPageSchema } } },
    ...errorResponses(400, 401, 403),
  },
});

export const decideDeletionRequest = createRoute({
  method: "post",
  path: "/admin/deletion-requests/{id}/decision",
  tags,
  summary: "Setujui atau tolak permintaan hapus akun, dengan alasan yang dibaca pemohon; disetujui: surel dikirim, lalu akun dikosongkan",
  description: "404 NOT_FOUND untuk id yang tidak ada atau tidak valid; 409 DELETION_REQUEST_DECIDED bila sudah diputuskan.",
  security,
  middleware: superAdmin,
  request: { params: z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, example: "1" }) }), body: jsonBody(deletionDecisionSchema) },
  responses: { 200: ok("Permintaan diputuskan", OwnDeletionRequestSchema), ...errorResponses(400, 401, 403, 404, 409, 413) },
});
