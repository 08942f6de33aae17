import { z } from "@hono/zod-openapi";
import { JALUR_IDS } from "#domain/documents";
import { FACILITY_STATE_FILTERS } from "#domain/forms/admin-facilities";
import { RefSchema } from "./applications";
import { facilityDataFields } from "./facility";

// What the admin endpoints answer (/api/v1/admin/…): the API validates and documents with these
// schemas; the portal's admin pages are typed with the types below (types only; no zod reaches a page).

/** A page of a list: the admin lists and a facility's registrations. */
export const PageMetaSchema = z
  .object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int(), pages: z.number().int() })
  .openapi("PageMeta");

/** One admin action on an account, newest first on the account's page. */
export const AdminAuditEntrySchema = z
  .object({
    id: z.number().int(),
    action: z.string().openapi({ example: "USER_DEACTIVATE" }),
    actor_name: z.string().nullable(),
    actor_role: z.number().int(),
    reason: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    created_at: z.string(),
  })
  .openapi("AdminAuditEntry");

export const StateSchema = z
  .enum(FACILITY_STATE_FILTERS)
  .openapi({ description: "pending, verified, rejected, notSubmitted (domain/facility.ts verificationState)" });

export const FacilityAdminSchema = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    full_name: z.string(),
    is_active: z.boolean(),
    is_hospital_verified: z.boolean(),
    facility_name: z.string().nullable(),
    facility_type: z.string().nullable(),
    licence_number: z.string().nullable(),
    verification_state: StateSchema,
    submitted_at: z.string().nullable().openapi({ description: "Waktu pengajuan terbaru" }),
  })
  .openapi("FacilityAdmin");

export const VerificationEntrySchema = z
  .object({
    id: z.number().int(),
    is_approved: z.boolean(),
    is_rejected: z.boolean(),
    reason: z.string().nullable(),
    created_at: z.string(),
    decided_at: z.string().nullable(),
  })
  .openapi("FacilityVerificationEntry");

export const FacilityAdminDetailSchema = z
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
        ...facilityDataFields,
        position: RefSchema.nullable(),
        updated_at: z.string(),
      })
      .nullable(),
    verifications: z.array(VerificationEntrySchema).openapi({ description: "Semua pengajuan, terbaru lebih dahulu" }),
    audit: z.array(AdminAuditEntrySchema).openapi({ description: "Tindakan admin terbaru atas akun ini, terbaru lebih dahulu" }),
  })
  .openapi("FacilityAdminDetail");

/** /user-list: a staff account, and its page with the admin actions taken on it. */
export const StaffSchema = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    full_name: z.string(),
    role_id: z.number().int(),
    position: RefSchema.nullable(),
    phone: z.string().nullable(),
    is_active: z.boolean(),
    activated_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("StaffUser");

export const StaffDetailSchema = StaffSchema.extend({
  audit: z.array(AdminAuditEntrySchema).openapi({ description: "Tindakan admin terbaru atas akun ini, terbaru lebih dahulu" }),
}).openapi("StaffUserDetail");

/** A row of the reference lists (/specialization-list, /institution-list, /master-position). */
export const EntrySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    country: z.string().nullable().optional().openapi({ description: "Institusi saja: kode negara ISO 3166-1 alpha-2" }),
    is_active: z.boolean(),
    in_use: z.boolean().openapi({ description: "Dirujuk oleh data pribadi pemohon atau akun staf; tidak dapat dihapus" }),
    created_at: z.string(),
  })
  .openapi("ReferenceEntry");

/** /sla-setting: the days of one review stage. */
export const SlaStageSchema = z
  .object({
    stage_id: z.number().int().openapi({ description: "Tahap (stage id): a page words it in the request's language" }),
    jalur_id: z.enum(JALUR_IDS),
    days: z.number().int(),
    updated_at: z.string().nullable(),
  })
  .openapi("SlaStage");

/** /mail-outbox: a mail the worker gave up on after its last attempt; never its body (which holds links). */
export const FailedMailSchema = z
  .object({
    id: z.string(),
    kind: z.string().openapi({ example: "activation", description: "Sebab surel: activation, password_reset, decision, reupload_request, …" }),
    recipient: z.string(),
    subject: z.string(),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("FailedMail");

/**
 * /mail-outbox: whether mail leaves this instance (docs/decisions/024-database-copies.md). `held`: it runs
 * on a copy of the database (another PUBLIC_URL was recorded); `redirected`: MAIL_REDIRECT_TO gets every mail.
 */
export const MailDeliverySchema = z
  .object({
    mail: z.enum(["sending", "held", "redirected"]),
    jobs: z.boolean().openapi({ description: "Apakah tugas terjadwal (pengingat SLA, ringkasan, pengingat perbaikan berkas) berjalan" }),
    reason: z.enum(["public-url-mismatch"]).optional(),
    pending: z.number().int().openapi({ description: "Surel yang menunggu dikirim" }),
  })
  .openapi("MailDelivery");

export type PageMeta = z.infer<typeof PageMetaSchema>;
export type FailedMail = z.infer<typeof FailedMailSchema>;
export type MailDelivery = z.infer<typeof MailDeliverySchema>;
export type AuditEntry = z.infer<typeof AdminAuditEntrySchema>;
export type FacilityAdminRow = z.infer<typeof FacilityAdminSchema>;
export type VerificationEntry = z.infer<typeof VerificationEntrySchema>;
export type FacilityAdminDetail = z.infer<typeof FacilityAdminDetailSchema>;
export type Staff = z.infer<typeof StaffSchema>;
export type StaffDetail = z.infer<typeof StaffDetailSchema>;
export type Entry = z.infer<typeof EntrySchema>;
export type SlaStage = z.infer<typeof SlaStageSchema>;
