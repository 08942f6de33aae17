import { z } from "zod";
import { JALUR_IDS } from "../documents";
import { rules, validationMessage } from "../validation";
import { ACHIEVEMENT_LABELS, PATHWAY_LABEL, PORTFOLIO_LABELS } from "./applicant.labels";

export * from "./applicant.labels";

// The applicant's own small forms: one schema per form for the portal's action; the browser gets
// ./applicant.labels.ts and the generated constraints.

const optionalYear = z
  .string()
  .trim()
  .regex(/^\d{4}$/, validationMessage("digits", { length: 4 }))
  .optional();

/** /portfolio/form: one portfolio entry of an SPE applicant. */
export const portfolioSchema = z.object({
  kind: rules.text(PORTFOLIO_LABELS.kind, { max: 50 }),
  title: rules.text(PORTFOLIO_LABELS.title, { max: 200 }),
  institution: rules.optionalText({ max: 200 }),
  year: optionalYear,
  description: rules.optionalText({ max: 2000 }),
});

/** /performance-achievement: one achievement of an SPE applicant. */
export const achievementSchema = z.object({
  type_code: rules.text(ACHIEVEMENT_LABELS.type_code, { max: 50 }),
  title: rules.text(ACHIEVEMENT_LABELS.title, { max: 200 }),
  year: optionalYear,
  description: rules.optionalText({ max: 2000 }),
});

/** /registration-path: the applicant's choice of pathway. */
export const pathwaySchema = z.object({
  jalur_id: z.enum(JALUR_IDS, { error: () => validationMessage("required", { field: PATHWAY_LABEL }) }),
});
