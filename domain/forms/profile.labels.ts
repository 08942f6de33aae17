// The personal-data form's words and choices, without zod (the schema: ./profile.ts).

export const PROFILE_LABELS = {
  full_name: "Nama Lengkap",
  identity_type: "Jenis Identitas",
  identity_number: "Nomor Identitas",
  nationality: "Kewarganegaraan",
  birth_place: "Tempat Lahir",
  birth_date: "Tanggal Lahir",
  gender: "Jenis Kelamin",
  address: "Alamat",
  phone: "Nomor Telepon",
  profession: "Profesi",
  institution_id: "Institusi Pendidikan",
  graduation_country: "Negara Kelulusan",
  graduation_year: "Tahun Lulus",
  specialization_id: "Spesialisasi",
  photo: "Pas Foto",
} as const;

export const IDENTITY_TYPES = ["NIK", "PASPOR"] as const;
export type IdentityType = (typeof IDENTITY_TYPES)[number];
export const GENDERS = ["L", "P"] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Readonly<Record<Gender, string>> = { L: "Laki-laki", P: "Perempuan" };
export const PROFESSIONS = ["DOKTER", "DOKTER_GIGI", "PERAWAT", "BIDAN", "APOTEKER", "LAINNYA"] as const;
export const PROFESSION_LABELS: Readonly<Record<(typeof PROFESSIONS)[number], string>> = {
  DOKTER: "Dokter",
  DOKTER_GIGI: "Dokter Gigi",
  PERAWAT: "Perawat",
  BIDAN: "Bidan",
  APOTEKER: "Apoteker",
  LAINNYA: "Lainnya",
};
