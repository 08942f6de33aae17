import { createRoute, z } from "@hono/zod-openapi";
import { FACILITY_STATE_FILTERS, facilityAdminCreateSchema, facilityVerifySchema } from "#domain/forms/admin-facilities";
import { ADMIN_ONLY } from "#domain/roles";
import { errorResponses } from "../../lib/errors";
import { allow } from "../../middleware/allow";
import { requireUser } from "../../middleware/auth";
import { AdminAuditEntrySchema, idParam, json, listOk, listQuery, ok, security } from "./shared";

// /admin-fasyankes-list: the Admin's facility admins (role 8) and the verification of their facility data.

const tags = ["Admin: Fasyankes"];
const middleware = [requireUser, allow(ADMIN_ONLY)];

const StateSchema = z.enum(FACILITY_STATE_FILTERS).openapi({ description: "pending, verified, rejected, notSubmitted (domain/facility.ts verificationState)" });

export const FacilityAdminSchema = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    full_name: z.string(),
    is_active: z.boolean(),
    is_hospital_verified: z.boolean(),
    facility_name: z.string().nullable(),
    facility_type: z.string().nullable(),
    facility_type_label: z.string().nullable(),
    licence_number: z.string().nullable(),
    verification_state: StateSchema,
    submitted_at: z.string().nullable().openapi({ description: "Waktu pengajuan terbaru" }),
  })
  .openapi("FacilityAdmin");

const VerificationEntrySchema = z
  .object({
    id: z.number().int(),
    is_approved: z.boolean(),
    is_rejected: z.boolean(),
    reason: z.string().nullable(),
    created_at: z.string(),
    decided_at: z.string().nullable(),
  })
  .openapi("FacilityVerificationEntry");

const FacilityAdminDetailSchema = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    full_name: z.string(),
    phone: z.string().nullable(),
    is_active: z.boolean(),
    is_hospital_verified: z.boolean(),
    activated_at: z.string().nullable(),
    created_at: z.string(),
    verification_state: StateSchema,
    facility: z
      .object({
        facility_name: z.string(),
        facility_type: z.string(),
        facility_type_label: z.string().nullable(),
        address: z.string(),
        licence_number: z.string(),
        contact_phone: z.string(),
        contact_email: z.string().nullable(),
        admin_nik: z.string().nullable(),
        admin_phone: z.string().nullable(),
        position: z.object({ id: z.number().int(), name: z.string() }).nullable(),
        updated_at: z.string(),
      })
      .nullable(),
    verifications: z.array(VerificationEntrySchema).openapi({ description: "Semua pengajuan, terbaru lebih dahulu" }),
    audit: z.array(AdminAuditEntrySchema).openapi({ description: "Tindakan admin terbaru atas akun ini, terbaru lebih dahulu" }),
  })
  .openapi("FacilityAdminDetail");

export const listFacilities = createRoute({
  method: "get",
  path: "/admin/facilities",
  tags,
  summary: "Admin Fasyankes dengan data fasyankesnya, 25 per halaman; cari nama, surel, nama fasyankes, nomor izin; saring status verifikasi; yang menunggu lebih dahulu",
  security,
  middleware,
  request: {
    query: z.object({
      page: listQuery.page,
      q: listQuery.q,
      state: z.enum(FACILITY_STATE_FILTERS, { error: "Status verifikasi harus berupa nilai yang diizinkan" }).optional(),
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
