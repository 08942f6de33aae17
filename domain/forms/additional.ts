import { z } from "zod";
import { CODES, rulesFor, type FormTexts } from "../validation";
import { ADDITIONAL_LABELS } from "./additional.labels";

export * from "./additional.labels";

// A reviewer's request for an extra document from an SPE applicant (/portfolio/additional-requirements):
// one schema for the reviewer's form and POST /api/v1/review/applications/:id/additional-requirements.
// The portal builds it with its request's words (`additionalRequest(formTexts(t))`); the API uses
// additionalRequestSchema, which carries codes.

export function additionalRequest(texts: FormTexts = CODES) {
  return z.object({
    title: rulesFor(texts).text(texts.label("applicant:additional.fields.title", ADDITIONAL_LABELS.title), { min: 3, max: 150 }),
    description: rulesFor(texts).optionalText({ max: 1000 }),
  });
}

export const additionalRequestSchema = additionalRequest();

export type AdditionalRequest = z.infer<typeof additionalRequestSchema>;
