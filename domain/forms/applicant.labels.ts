// The applicant's own small forms (SPE extras and the pathway choice): their Indonesian words, read
// from the locale file so they are written once, without zod (the schemas: ./applicant.ts; pages say
// them with t() in the request's language).
import { achievement, pathway, portfolio } from "#locales/id/applicant.json";

const P = portfolio.fields;
export const PORTFOLIO_LABELS = { kind: P.kind, title: P.title, institution: P.institution, year: P.year, description: P.description } as const;

const A = achievement.fields;
export const ACHIEVEMENT_LABELS = { type_code: A.type_code, title: A.title, year: A.year, description: A.description } as const;

export const PATHWAY_LABEL = pathway.label;
