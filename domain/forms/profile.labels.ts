// The personal-data form's Indonesian field labels, read from the locale file so they are written
// once, without zod (the schema: ./profile.ts; pages say them with t() in the request's language).
// The choices live in ./profile.choices.ts, re-exported here.
import { personal } from "#locales/id/applicant.json";
import type { ProfileFieldName } from "./profile.choices";

export * from "./profile.choices";

/** Each field's Indonesian label, by its name (../personal-data-fields.ts), and the photo's. */
export const PROFILE_LABELS = personal.fields satisfies Record<ProfileFieldName, string> as Readonly<Record<ProfileFieldName, string>>;
