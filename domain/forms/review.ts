import { z } from "zod";
import { CODES, labelsIn, rules, rulesFor, type FormTexts } from "../validation";
import { DECISIONS, type Decision } from "../workflow";
import { DECISION_LABELS, DECISION_MESSAGES, NOTE_MAX, REASON_MAX, REQUIREMENT_LABEL } from "./review.labels";

export * from "./review.labels";

// A reviewer's decision on the open stage of an application (docs/decisions/018-review-api-rules.md):
// `decisionBodySchema` is the JSON of POST /api/v1/review/applications/:id/decisions, `decisionFormSchema`
// the portal's form (a checkbox and a reason per current document) that turns into that body.

/** The form's labels, with the document row's. */
const FORM_LABELS = { ...DECISION_LABELS, requirement_id: REQUIREMENT_LABEL };

const keysOf = <K extends string>(labels: Record<K, string>, prefix: string) =>
  Object.fromEntries(Object.keys(labels).map((name) => [name, `${prefix}.${name}`])) as Record<K, string>;

/** A positive whole number from a form (string) or JSON (number). */
function positiveInt(field: string, m: FormTexts["message"] = CODES.message) {
  return z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? m("required", { field }) : m("integer", { field })) })
      .int(m("integer", { field }))
      .positive(m("integer", { field })),
  );
}

/** A note (a textarea): line breaks are kept. */
const optionalNote = rules.optionalText({ max: NOTE_MAX, multiline: true });

/** The checks that depend on the decision: a note for FAILED and REUPLOAD, at least one document for REUPLOAD. */
function needsNote(decision: Decision, note: string | undefined): boolean {
  return (decision === "FAILED" || decision === "REUPLOAD") && !note?.trim();
}

/** The decision's own messages, each its locale key (the API answers the key). */
const BODY_MESSAGES = labelsIn(CODES, keysOf(DECISION_MESSAGES, "review:decision.messages"), DECISION_MESSAGES);
const BODY_LABELS = labelsIn(CODES, keysOf(DECISION_LABELS, "review:decision.fields"), DECISION_LABELS);
const m = CODES.message;

export const decisionBodySchema = z
  .object({
    stage_id: positiveInt(BODY_LABELS.stage_id),
    decision: rules.oneOf(BODY_LABELS.decision, DECISIONS),
    note: optionalNote,
    internal_note: optionalNote,
    documents: z
      .array(
        z.object({
          requirement_id: positiveInt(REQUIREMENT_LABEL),
          reason: rules.plainText(
            z
              .string({ error: () => BODY_MESSAGES.reasonRequired })
              .trim()
              .min(1, BODY_MESSAGES.reasonRequired)
              .max(REASON_MAX, m("max", { length: REASON_MAX })),
          ),
        }),
      )
      .max(50)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (needsNote(v.decision, v.note)) ctx.addIssue({ code: "custom", path: ["note"], message: BODY_MESSAGES.noteRequired });
    if (v.decision === "REUPLOAD" && !v.documents?.length) ctx.addIssue({ code: "custom", path: ["documents"], message: BODY_MESSAGES.documentsRequired });
  });

export type DecisionBody = z.infer<typeof decisionBodySchema>;

/**
 * The form: every current document is a row `documents[i]` with its requirement id (hidden), a checkbox
 * `selected` and a `reason`; only the ticked rows of a REUPLOAD go to the API, and a reason's error stays
 * on its own row. Built with the request's words by the portal (`decisionForm(formTexts(t))`).
 */
export function decisionForm(texts: FormTexts = CODES) {
  const rules = rulesFor(texts);
  const m = texts.message;
  const L = labelsIn(texts, keysOf(FORM_LABELS, "review:decision.fields"), FORM_LABELS);
  const M = labelsIn(texts, keysOf(DECISION_MESSAGES, "review:decision.messages"), DECISION_MESSAGES);
  const note = rules.optionalText({ max: NOTE_MAX, multiline: true });
  return z
    .object({
      stage_id: positiveInt(L.stage_id, m),
      decision: rules.oneOf(L.decision, DECISIONS),
      note,
      internal_note: note,
      documents: z
        .array(
          z.object({
            requirement_id: positiveInt(L.requirement_id, m),
            selected: z.literal("on").optional(),
            reason: rules
              .plainText(
                z
                  .string()
                  .trim()
                  .max(REASON_MAX, m("max", { length: REASON_MAX })),
              )
              .optional(),
          }),
        )
        .max(50)
        .default([]),
    })
    .superRefine((v, ctx) => {
      if (needsNote(v.decision, v.note)) ctx.addIssue({ code: "custom", path: ["note"], message: M.noteRequired });
      if (v.decision !== "REUPLOAD") return;
      if (!v.documents.some((d) => d.selected)) ctx.addIssue({ code: "custom", path: ["documents"], message: M.documentsRequired });
      v.documents.forEach((d, i) => {
        if (d.selected && !d.reason) ctx.addIssue({ code: "custom", path: ["documents", i, "reason"], message: M.reasonRequired });
      });
    });
}

export const decisionFormSchema = decisionForm();

export type DecisionForm = z.infer<typeof decisionFormSchema>;

/** The API body of a valid form, and for each of its documents the form row it came from (to place the API's errors). */
export function decisionBody(form: DecisionForm): { body: DecisionBody; rows: number[] } {
  const picked = form.decision === "REUPLOAD" ? form.documents.map((d, i) => ({ d, i })).filter(({ d }) => d.selected) : [];
  return {
    body: {
      stage_id: form.stage_id,
      decision: form.decision,
      note: form.note || undefined,
      internal_note: form.internal_note || undefined,
      documents: form.decision === "REUPLOAD" ? picked.map(({ d }) => ({ requirement_id: d.requirement_id, reason: d.reason ?? "" })) : undefined,
    },
    rows: picked.map(({ i }) => i),
  };
}
