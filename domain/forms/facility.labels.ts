// The facility forms' words, without zod: the browser imports this module, the schemas live in ./facility.ts.
import { ACCOUNT_LABELS } from "./accounts.labels";

export const FACILITY_LABELS = {
  facility_name: "Nama Fasyankes",
  facility_type: "Jenis Fasyankes",
  address: "Alamat Fasyankes",
  licence_number: "Nomor Izin Operasional",
  contact_phone: "Nomor Telepon Fasyankes",
  contact_email: "Alamat Surel Fasyankes",
  full_name: ACCOUNT_LABELS.full_name,
  email: ACCOUNT_LABELS.email,
  phone: ACCOUNT_LABELS.phone,
  password: ACCOUNT_LABELS.password,
  password_confirmation: ACCOUNT_LABELS.password_confirmation,
  consent: ACCOUNT_LABELS.consent,
  admin_nik: "NIK",
  admin_phone: "Nomor Telepon",
  position_id: "Jabatan",
} as const;
