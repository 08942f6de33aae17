import { z } from "zod";
import { rules } from "../validation";
import { ADDITIONAL_LABELS } from "./additional.labels";

export * from "./additional.labels";

// A reviewer's request for an extra document from an SPE applicant (/portfolio/additional-requirements):
// one schema for the reviewer's form and POST /api/v1/review/applications/:id/additional-requirements.

export const additionalRequestSchema = z.object({
  title: rules.text(ADDITIONAL_LABELS.title, { min: 3, max: 150 }),
  description: rules.optionalText({ max: 1000 }),
});

export type AdditionalRequest = z.infer<typeof additionalRequestSchema>;
