// The registration forms' Indonesian labels, read from the locale files so they are written once,
// without zod (the schemas: ./registration.ts; pages say them with t() in the request's language).
// The pathway URLs live in ./registration.paths.ts, re-exported here.
import { fields as accountFields } from "#locales/id/accounts.json";
import { fields } from "#locales/id/registration.json";
import { PROFILE_LABELS } from "./profile.labels";

export * from "./registration.paths";

export const REGISTRATION_LABELS = {
  ...PROFILE_LABELS,
  email: accountFields.email,
  jalur_id: accountFields.jalur_id,
  activity_kind_id: fields.activity_kind_id,
} as const;
