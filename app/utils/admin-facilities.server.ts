import type { VerificationState } from "#domain/facility";
import type { AuditEntry } from "./admin.server";

// What /api/v1/admin/facilities answers (api/routes/admin/facilities.routes.ts), for /admin-fasyankes-list.

export interface FacilityAdminRow {
  id: string;
  email: string;
  full_name: string;
  is_active: boolean;
  is_hospital_verified: boolean;
  facility_name: string | null;
  facility_type: string | null;
  facility_type_label: string | null;
  licence_number: string | null;
  verification_state: VerificationState;
  submitted_at: string | null;
}

export interface VerificationEntry {
  id: number;
  is_approved: boolean;
  is_rejected: boolean;
  reason: string | null;
  created_at: string;
  decided_at: string | null;
}

export interface FacilityAdminDetail {
  id: string;
  email: string;
  full_name: string;
  phone: string | null;
  is_active: boolean;
  is_hospital_verified: boolean;
  activated_at: string | null;
  created_at: string;
  verification_state: VerificationState;
  facility: {
    facility_name: string;
    facility_type: string;
    facility_type_label: string | null;
    address: string;
    licence_number: string;
    contact_phone: string;
    contact_email: string | null;
    admin_nik: string | null;
    admin_phone: string | null;
    position: { id: number; name: string } | null;
    updated_at: string;
  } | null;
  verifications: VerificationEntry[];
  audit: AuditEntry[];
}

