// The facility forms' Indonesian words, read from the locale files so they are written once, without
// zod (the schemas: ./facility.ts; pages say them with t() in the request's language).
import { fields } from "#locales/id/facility.json";
import { ACCOUNT_LABELS } from "./accounts.labels";

export const FACILITY_LABELS = {
  facility_name: fields.facility_name,
  facility_type: fields.facility_type,
  address: fields.address,
  licence_number: fields.licence_number,
  contact_phone: fields.contact_phone,
  contact_email: fields.contact_email,
  full_name: ACCOUNT_LABELS.full_name,
  email: ACCOUNT_LABELS.email,
  phone: ACCOUNT_LABELS.phone,
  password: ACCOUNT_LABELS.password,
  password_confirmation: ACCOUNT_LABELS.password_confirmation,
  consent: ACCOUNT_LABELS.consent,
  admin_nik: fields.admin_nik,
  admin_phone: fields.admin_phone,
  position_id: fields.position_id,
} as const;
