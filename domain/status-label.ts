// Spec §4 "Applicant status label": checked in order, the first match wins.
// The browser bundles this module: it holds the rules, not their words (the locale files' common.statusLabel,
// which the API reads through ./status-label-words.ts).
import { stageById, type ApplicationStatus } from "./workflow";
// The stored statuses live with the workflow that moves a file between them; the label's users import them here too.
export { APPLICATION_STATUSES, type ApplicationStatus } from "./workflow";
export const LABEL_COLOURS = ["yellow", "red", "green", "blue", "none"] as const;
export type LabelColour = (typeof LABEL_COLOURS)[number];

export interface StatusRecord {
  status: ApplicationStatus | null | undefined;
  is_submitted: boolean;
  tahap: { id: number } | null | undefined;
}

export interface StatusLabel {
  /** Row number of the spec table (1–13). */
  rule: number;
  label: string | null;
  colour: LabelColour;
}

const DOCUMENT_CHECK = [1, 11, 21];
const EQUIVALENCE = [2];
const COMPETENCY = [3, 12, 22];
const FEASIBILITY = [23];
const DEBRIEFING = [4, 13];

type Rule = { rule: number; when: (status: StatusRecord["status"], stage: number | undefined) => boolean; colour: LabelColour };

/** Rule 12: a draft. Rules 1–12 have a label; rule 13 has none. */
export const DRAFT_RULE = 12;
export const NO_LABEL_RULE = 13;

const RULES: readonly Rule[] = [
  { rule: 1, when: (s) => s === "IN-PROGRESS", colour: "yellow" },
  { rule: 2, when: (s, t) => s === "FAILED" && DOCUMENT_CHECK.includes(t!), colour: "red" },
  { rule: 3, when: (s, t) => s === "REUPLOAD" && DOCUMENT_CHECK.includes(t!), colour: "red" },
  { rule: 4, when: (s, t) => s === "FAILED" && EQUIVALENCE.includes(t!), colour: "red" },
  { rule: 5, when: (s, t) => s === "PASSED" && EQUIVALENCE.includes(t!), colour: "green" },
  { rule: 6, when: (s, t) => s === "FAILED" && COMPETENCY.includes(t!), colour: "red" },
  { rule: 7, when: (s, t) => s === "PASSED" && COMPETENCY.includes(t!), colour: "green" },
  { rule: 8, when: (s, t) => s === "FAILED" && FEASIBILITY.includes(t!), colour: "red" },
  { rule: 9, when: (s, t) => s === "PASSED" && FEASIBILITY.includes(t!), colour: "green" },
  { rule: 10, when: (s, t) => s === "PASSED" && DEBRIEFING.includes(t!), colour: "green" },
  { rule: 11, when: (s) => s === "PASSED", colour: "green" },
];

/** The rule of spec §4's table a record meets, and its colour; its words: ./status-label-words.ts, or `t()`. */
export function statusRule(record: StatusRecord): Omit<StatusLabel, "label"> {
  const stage = record.tahap?.id;
  for (const r of RULES) {
    if (r.when(record.status, stage)) return { rule: r.rule, colour: r.colour };
  }
  if (!record.is_submitted) return { rule: DRAFT_RULE, colour: "blue" };
  return { rule: NO_LABEL_RULE, colour: "none" };
}

/** The rules that have a label, in order (filters, legends). */
export const LABELLED_RULES: readonly number[] = [...RULES.map((r) => r.rule), DRAFT_RULE];

// What a label means: a label alone can mislead — rule 11 "Selesai" only says a stage was
// passed while the next has not started, and rule 13 shows nothing at all. Beside every label the
// portal names the stage it belongs to and what comes next (or how it ended). The words live in the
// locale files (common: statusMeaning.<key>, workflow: stage.<key>); this decides which sentence and its stages.

/** Which sentence explains a label: see locales common.statusMeaning. */
export type MeaningKey =
  | "draft" // not submitted yet
  | "inReview" // {stage} is being examined
  | "reupload" // {stage}: waiting for the applicant's corrected files
  | "failed" // {stage}: not passed, the file is closed
  | "passedNext" // {stage} passed — waiting for {next}
  | "passedFinal" // {stage} passed, the last stage: the process is complete
  | "submitted" // submitted, no stage recorded yet
  | "unknownStage"; // a stage id outside the workflow table: only its number is known

export interface LabelMeaning {
  rule: number;
  key: MeaningKey;
  /** the stage the label belongs to (its id: a page words it, app/utils/workflow-words.ts) */
  stage: number | null;
  /** the stage that comes next after a pass, when there is one */
  next: number | null;
}

export function labelMeaning(record: StatusRecord): LabelMeaning {
  const { rule } = statusRule(record);
  const id = record.tahap?.id;
  const stage = id === undefined ? undefined : stageById(id);
  const of = (key: MeaningKey, next: number | null = null): LabelMeaning => ({ rule, key, stage: stage?.id ?? null, next });
  if (rule === 12) return of("draft");
  if (id === undefined) return of("submitted");
  if (!stage) return { rule, key: "unknownStage", stage: id, next: null };
  switch (record.status) {
    case "IN-PROGRESS":
      return of("inReview");
    case "REUPLOAD":
      return of("reupload");
    case "FAILED":
      return of("failed");
    case "PASSED":
      return stage.onPassed === "final" ? of("passedFinal") : of("passedNext", stage.onPassed);
    default:
      return of("submitted");
  }
}
