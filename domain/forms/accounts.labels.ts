// The account forms' Indonesian words, without zod (the schemas: ./accounts.ts). They are read from
// the locale files, so a label is written once; pages say them with t() in the request's language,
// while the API and the default schemas use these Indonesian ones. Named imports of top-level keys
// keep a bundle that imports this module to those keys, not the whole locale file.
import { profile } from "#locales/id/common.json";
import { fields, hints } from "#locales/id/accounts.json";

export const ACCOUNT_LABELS = {
  full_name: fields.full_name,
  nik: fields.nik,
  email: fields.email,
  phone: fields.phone,
  password: fields.password,
  password_confirmation: fields.password_confirmation,
  consent: fields.consent,
  foreign_id: fields.foreign_id,
  nationality: fields.nationality,
  is_kek: fields.is_kek,
  jalur_id: fields.jalur_id,
  token: fields.token,
} as const;

export const PASSWORD_HINT = hints.password;

export const LOGIN_LABELS = { email: ACCOUNT_LABELS.email, password: ACCOUNT_LABELS.password } as const;

// The profile page's keys (common:profile.*), which the password-change schema already says.
export const PASSWORD_CHANGE_LABELS = {
  current_password: profile.currentPassword,
  new_password: profile.newPassword,
  new_password_confirmation: profile.confirmPassword,
} as const;
