// The facility-admin forms' words, without zod: the browser imports this module, the schemas live in
// ./admin-facilities.ts.
import { FACILITY_LABELS } from "./facility.labels";

export const FACILITY_ADMIN_LABELS = {
  full_name: FACILITY_LABELS.full_name,
  email: FACILITY_LABELS.email,
  facility_name: FACILITY_LABELS.facility_name,
  facility_type: FACILITY_LABELS.facility_type,
  address: FACILITY_LABELS.address,
  licence_number: FACILITY_LABELS.licence_number,
  contact_phone: FACILITY_LABELS.contact_phone,
  contact_email: FACILITY_LABELS.contact_email,
  decision: "Keputusan",
  reason: "Alasan",
} as const;
