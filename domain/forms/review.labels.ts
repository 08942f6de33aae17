// A reviewer's decision: the Indonesian words and messages (read from the locale file, so they are
// written once) and the limits, without zod (the schemas: ./review.ts; pages say the words with t()).
import { decision } from "#locales/id/review.json";

const F = decision.fields;
export const DECISION_LABELS = {
  stage_id: F.stage_id,
  decision: F.decision,
  note: F.note,
  internal_note: F.internal_note,
  documents: F.documents,
  reason: F.reason,
} as const;

/** The label of a document row's id, which only an error message names (the form shows the document's name). */
export const REQUIREMENT_LABEL = F.requirement_id;

const M = decision.messages;
export const DECISION_MESSAGES = {
  noteRequired: M.noteRequired,
  documentsRequired: M.documentsRequired,
  reasonRequired: M.reasonRequired,
} as const;

export const NOTE_MAX = 2000;
export const REASON_MAX = 500;
