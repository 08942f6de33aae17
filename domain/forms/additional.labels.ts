// The additional-document request's Indonesian words, read from the locale file so they are written
// once (the schema: ./additional.ts; pages say them with t() in the request's language).
import { additional } from "#locales/id/applicant.json";

export const ADDITIONAL_LABELS = {
  title: additional.fields.title,
  description: additional.fields.description,
  file: additional.fields.file,
} as const;
