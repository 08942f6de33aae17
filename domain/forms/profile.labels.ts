// The personal-data form's Indonesian field labels, read from the locale file so they are written
// once, without zod (the schema: ./profile.ts; pages say them with t() in the request's language).
// The choices live in ./profile.choices.ts, re-exported here.
import { personal } from "#locales/id/applicant.json";
import type { ProfileFieldName } from "./profile.choices";

export * from "./profile.choices";

const F = personal.fields;
export const PROFILE_LABELS = {
  full_name: F.full_name,
  identity_type: F.identity_type,
  identity_number: F.identity_number,
  nationality: F.nationality,
  birth_place: F.birth_place,
  birth_date: F.birth_date,
  gender: F.gender,
  address: F.address,
  phone: F.phone,
  profession: F.profession,
  institution_id: F.institution_id,
  graduation_country: F.graduation_country,
  graduation_year: F.graduation_year,
  specialization_id: F.specialization_id,
  photo: F.photo,
} as const satisfies Record<ProfileFieldName, string>;
