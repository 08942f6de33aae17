import { z } from "zod";
import { JALUR_IDS } from "../documents";
import { CODES, labelsIn, rulesFor, type FormTexts } from "../validation";
import { ACHIEVEMENT_LABELS, PATHWAY_LABEL, PORTFOLIO_LABELS } from "./applicant.labels";

export * from "./applicant.labels";

// The applicant's own small forms: one schema per form for the portal's action; the browser gets
// ./applicant.labels.ts and the generated constraints. The portal builds them with its request's words
// (`applicantSchemas(formTexts(t))`); the exports named …Schema carry codes (../validation-codes.ts).

const keysOf = <K extends string>(labels: Record<K, string>, prefix: string) =>
  Object.fromEntries(Object.keys(labels).map((name) => [name, `${prefix}.${name}`])) as Record<K, string>;

/** The applicant's small forms, saying their messages and labels in the language of `texts`. */
export function applicantSchemas(texts: FormTexts = CODES) {
  const rules = rulesFor(texts);
  const P = labelsIn(texts, keysOf(PORTFOLIO_LABELS, "applicant:portfolio.fields"), PORTFOLIO_LABELS);
  const A = labelsIn(texts, keysOf(ACHIEVEMENT_LABELS, "applicant:achievement.fields"), ACHIEVEMENT_LABELS);
  const pathwayLabel = texts.label("applicant:pathway.label", PATHWAY_LABEL);

  const optionalYear = z
    .string()
    .trim()
    .regex(/^\d{4}$/, texts.message("digits", { length: 4 }))
    .optional();

  return {
    /** /portfolio/form: one portfolio entry of an SPE applicant. */
    portfolio: z.object({
      kind: rules.text(P.kind, { max: 50 }),
      title: rules.text(P.title, { max: 200 }),
      institution: rules.optionalText({ max: 200 }),
      year: optionalYear,
      description: rules.optionalText({ max: 2000 }),
    }),

    /** /performance-achievement: one achievement of an SPE applicant. */
    achievement: z.object({
      type_code: rules.text(A.type_code, { max: 50 }),
      title: rules.text(A.title, { max: 200 }),
      year: optionalYear,
      description: rules.optionalText({ max: 2000 }),
    }),

    /** /registration-path: the applicant's choice of pathway. */
    pathway: z.object({
      jalur_id: z.enum(JALUR_IDS, { error: () => texts.message("required", { field: pathwayLabel }) }),
    }),
  };
}

const CODED = applicantSchemas(CODES);

export const portfolioSchema = CODED.portfolio;
export const achievementSchema = CODED.achievement;
export const pathwaySchema = CODED.pathway;
