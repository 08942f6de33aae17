// The personal-data form's choices and their spec tables, apart from the field labels
// (./profile.labels.ts reads those from the locale file): the pages showing these choices import
// this module, so their browser bundle carries no locale text.

/** The form's fields in the order they show (./profile.labels.ts gives each its Indonesian label). */
export const PROFILE_FIELD_NAMES = [
  "full_name",
  "identity_type",
  "identity_number",
  "nationality",
  "birth_place",
  "birth_date",
  "gender",
  "address",
  "phone",
  "profession",
  "institution_id",
  "graduation_country",
  "graduation_year",
  "specialization_id",
  "photo",
] as const;
export type ProfileFieldName = (typeof PROFILE_FIELD_NAMES)[number];

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
