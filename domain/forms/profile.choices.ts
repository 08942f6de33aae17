// The personal-data form's choices and their spec tables, apart from the field labels
// (./profile.labels.ts reads those from the locale file): the pages showing these choices import
// this module, so their browser bundle carries no locale text.

import { GENDERS, PERSONAL_DATA_FIELDS, PROFESSIONS, type Gender } from "../personal-data-fields";

export { GENDERS, IDENTITY_TYPES, PROFESSIONS, type Gender, type IdentityType } from "../personal-data-fields";

/** The form's fields in the order they show (../personal-data-fields.ts), then the photo (uploaded apart). */
export type ProfileFieldName = (typeof PERSONAL_DATA_FIELDS)[number]["name"] | "photo";
export const PROFILE_FIELD_NAMES: readonly ProfileFieldName[] = [...PERSONAL_DATA_FIELDS.map((f) => f.name), "photo"];

export const GENDER_LABELS: Readonly<Record<Gender, string>> = { L: "Laki-laki", P: "Perempuan" };
export const PROFESSION_LABELS: Readonly<Record<(typeof PROFESSIONS)[number], string>> = {
  DOKTER: "Dokter",
  DOKTER_GIGI: "Dokter Gigi",
  PERAWAT: "Perawat",
  BIDAN: "Bidan",
  APOTEKER: "Apoteker",
  LAINNYA: "Lainnya",
};
