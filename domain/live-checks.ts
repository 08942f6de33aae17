// The browser's copy of a form's rules (spec §5: messages appear while the user types), written by
// scripts/form-constraints.ts into domain/forms/live/<form>.generated.ts from the zod schemas, and read
// by app/utils/live-validation.ts. Plain data and types: no zod in the browser.
import type { Constraint } from "@conform-to/dom";
import type { RuleName } from "./validation-messages";

/** A test the browser can run on a field's text as the schema sees it at that step. */
export type LiveCheck =
  /** the field was sent (conform sends an empty input as nothing) */
  | { kind: "present" }
  /** exactly this value (a ticked checkbox: "on") */
  | { kind: "equals"; value: string }
  | { kind: "minLength"; n: number }
  | { kind: "maxLength"; n: number }
  | { kind: "pattern"; source: string; flags?: string }
  /** must NOT match (e.g. control characters) */
  | { kind: "notPattern"; source: string; flags?: string }
  /** a day of the calendar, typed mm/dd/yy or yyyy-mm-dd (domain/dates.ts) */
  | { kind: "date" }
  /** an ISO date no later than today */
  | { kind: "notAfterToday" };

/** A change the schema makes to the text before its next checks. */
export type LiveTransform = "trim" | "upper" | "lower" | "stripSpaces" | "isoDate";

/**
 * A failed check's message: a rule of the catalogue (domain/validation-messages.ts) with its
 * parameters, said in the page's language; or, for a text the catalogue lacks, the schema's own words.
 * A parameter equal to a field's Indonesian label is that field's label in the page's language; "$today"
 * is today's date as the form shows dates.
 */
export type LiveMessage = { rule: RuleName; params: Record<string, string | number> } | { text: string };

export type LiveStep = { check: LiveCheck; message: LiveMessage } | { transform: LiveTransform };

export interface LiveField {
  steps: LiveStep[];
  /** empty is fine (the schema's .optional()) */
  optional?: true;
  /** must equal that field's value (the `confirmed` rule), checked after the steps */
  confirms?: { source: string; message: LiveMessage };
}

export interface LiveForm {
  /** the form's name in domain/forms/registry.ts */
  name: string;
  /** each field's HTML constraints (required, minLength, pattern…), as conform's getZodConstraint gives them */
  constraint: Record<string, Constraint>;
  /** each field's Indonesian label, and where known its key in the locale files */
  labels: Record<string, { id: string; key?: string }>;
  fields: Record<string, LiveField>;
}

/**
 * Tells the generator what a zod refinement or transform does, so the browser can do the same:
 * `z.string().refine(live(isRealDate, { kind: "date" }), msg)`. Returns the function unchanged.
 */
export function live<F extends (...args: any[]) => any>(fn: F, twin: LiveCheck | LiveTransform): F {
  return Object.assign(fn, { live: twin });
}
