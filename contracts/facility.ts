import { z } from "@hono/zod-openapi";
import { FACILITY_TYPES, VERIFICATION_STATES } from "#domain/facility";
import { LABEL_COLOURS } from "#domain/status-label";
import { MoveSchema } from "./applications";

// The facility admin's own account as the API answers it (GET /me/facility, /me/facility/dashboard):
// the API validates and documents with these schemas; the portal types /personal-data and /dashboard
// with the types below (types only; no zod reaches a page).

/** The facility's data as its admin sends it for verification; both the admin's and the Admin's view answer it. */
export const facilityDataFields = {
  facility_name: z.string(),
  facility_type: z.string().openapi({ example: FACILITY_TYPES[0] }),
  address: z.string(),
  licence_number: z.string(),
  contact_phone: z.string(),
  contact_email: z.string().nullable(),
  admin_nik: z.string().nullable(),
  admin_phone: z.string().nullable(),
};

const Verification = {
  state: z.enum(VERIFICATION_STATES),
  reason: z.string().nullable().openapi({ description: "Alasan penolakan, hanya bila ditolak" }),
  submitted_at: z.string().nullable().openapi({ description: "Waktu pengajuan terbaru" }),
};

export const MyFacilitySchema = z
  .object({
    full_name: z.string(),
    email: z.string(),
    phone: z.string().nullable().openapi({ description: "Nomor telepon akun, dari pendaftaran" }),
    facility: z
      .object({
        ...facilityDataFields,
        position_id: z.number().int().nullable(),
        position_name: z.string().nullable(),
      })
      .nullable(),
    ...Verification,
  })
  .openapi("MyFacility");

export const DashboardSchema = z
  .object({
    ...Verification,
    submitted: z.number().int().openapi({ description: "Pendaftaran yang sudah diajukan" }),
    drafts: z.number().int().openapi({ description: "Draf Permohonan" }),
    counts: z.array(
      z.object({
        rule: z.number().int().openapi({ description: "Spec §4's label by its rule (1–12): a page words it in the request's language" }),
        colour: z.enum(LABEL_COLOURS),
        count: z.number().int(),
      }),
    ),
    recent: z.array(
      MoveSchema.extend({
        id: z.number().int(),
        registration_number: z.string(),
        applicant_name: z.string().nullable(),
      }),
    ),
  })
  .openapi("FacilityDashboard");

export type MyFacility = z.infer<typeof MyFacilitySchema>;
export type FacilityDashboard = z.infer<typeof DashboardSchema>;
