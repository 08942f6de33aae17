import { createRoute, z } from "@hono/zod-openapi";
import { coded } from "#domain/validation-codes";
import { apiField } from "#domain/validation-details";
import { FacilityAdminDetailSchema, FacilityAdminSchema } from "#contracts/admin";
import { FACILITY_STATE_FILTERS, facilityAdminCreateSchema, facilityVerifySchema } from "#domain/forms/admin-facilities";
import { ADMIN_ONLY } from "#domain/roles";
import { errorResponses } from "../../lib/errors";
import { allow } from "../../middleware/allow";
import { requireUser } from "../../middleware/auth";
import { idParam, json, listOk, listQuery, ok, security } from "./shared";

// /admin-fasyankes-list: the Admin's facility admins (role 8) and the verification of their facility data.

const tags = ["Admin: Fasyankes"];
const middleware = [requireUser, allow(ADMIN_ONLY)];

export const listFacilities = createRoute({
  method: "get",
  path: "/admin/facilities",
  tags,
  summary:
    "Admin Fasyankes dengan data fasyankesnya, 25 per halaman; cari nama, surel, nama fasyankes, nomor izin; saring status verifikasi; yang menunggu lebih dahulu",
  security,
  middleware,
  request: {
    query: z.object({
      page: listQuery.page,
      q: listQuery.q,
      state: z.enum(FACILITY_STATE_FILTERS, { error: () => coded("oneOf", { field: apiField("verification_state") }) }).optional(),
    }),
  },
  responses: { 200: listOk("Admin Fasyankes", FacilityAdminSchema), ...errorResponses(400, 401, 403) },
});

export const createFacility = createRoute({
  method: "post",
  path: "/admin/facilities",
  tags,
  summary: "Buat akun Admin Fasyankes beserta data fasyankesnya (menunggu verifikasi); pemiliknya menerima surel untuk membuat kata sandi",
  security,
  middleware,
  request: { body: json(facilityAdminCreateSchema) },
  responses: { 201: ok("Akun dibuat", FacilityAdminDetailSchema), ...errorResponses(400, 401, 403, 409, 413) },
});

export const getFacility = createRoute({
  method: "get",
  path: "/admin/facilities/{id}",
  tags,
  summary: "Satu Admin Fasyankes: akun, data fasyankes, riwayat pengajuan dan tindakan admin",
  security,
  middleware,
  request: { params: idParam },
  responses: { 200: ok("Admin Fasyankes", FacilityAdminDetailSchema), ...errorResponses(401, 403, 404) },
});

export const verifyFacility = createRoute({
  method: "post",
  path: "/admin/facilities/{id}/verify",
  tags,
  summary: "Setujui atau tolak pengajuan terbaru yang masih menunggu (alasan wajib untuk menolak); Admin Fasyankes menerima surel",
  description: "409 VERIFICATION_NOT_PENDING bila pengajuan terbaru sudah diputuskan, tidak ada, atau bukan verification_id yang dikirim.",
  security,
  middleware,
  request: { params: idParam, body: json(facilityVerifySchema) },
  responses: { 200: ok("Admin Fasyankes", FacilityAdminDetailSchema), ...errorResponses(400, 401, 403, 404, 409, 413) },
});
