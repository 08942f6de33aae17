// The browser's copy of a form's rules (domain/live-checks.ts), read off a zod schema: each field's
// checks in the order zod runs them, each with the code its message carries, named as the catalogue's
// rule. Where the copy cannot follow the schema (a refinement or transform without a `live` twin, a
// number, a preprocess), the field's copy stops: the browser then says less, never something else,
// and the server (the same schema) says the rest. Used by scripts/form-constraints.ts and its test;
// imports zod, so never by the browser.
import { getZodConstraint } from "@conform-to/zod/v4";
import type { z } from "zod";
import { formatDateInput, todayIso } from "../dates";
import type { LiveCheck, LiveField, LiveForm, LiveMessage, LiveStep, LiveTransform } from "../live-checks";
import { CONFIRMATIONS } from "../validation";
import { readCoded } from "../validation-codes";
import { detailText, labelText } from "../validation-details";
import { VALIDATION_MESSAGES, type RuleName } from "../validation-messages";

/** The names each rule's words need, from its Indonesian template. */
const NEEDS = Object.fromEntries(
  (Object.entries(VALIDATION_MESSAGES.id) as Array<[RuleName, string]>).map(([rule, template]) => [
    rule,
    [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!),
  ]),
) as Record<RuleName, string[]>;
const isRule = (code: string): code is RuleName => Object.hasOwn(NEEDS, code);

/** The locale keys of the labels a message names, for the form's own labels (a field's `required`). */
const LABEL_KEYS = new WeakMap<LiveMessage, Record<string, string>>();

/**
 * A schema's message (its code, ../validation-codes.ts) as the catalogue's rule and parameters, each label
 * said in Indonesian from its locale key; a code the catalogue does not hold is its Indonesian words.
 */
export function messageOf(message: string): LiveMessage {
  const known = readCoded(message);
  if (!known) return { text: message };
  const { code, params = {}, labels = {} } = known;
  if (!isRule(code)) return { text: detailText(code, params, "id", labels) ?? message };
  const today = formatDateInput(todayIso());
  const said = Object.fromEntries(
    NEEDS[code].map((name) => {
      const key = Object.hasOwn(labels, name) ? labels[name] : undefined;
      const value = key === undefined ? params[name] : (labelText(key, "id") ?? key);
      return [name, value === today ? "$today" : value];
    }),
  );
  const live: LiveMessage = { rule: code, params: said };
  if (Object.keys(labels).length) LABEL_KEYS.set(live, labels);
  return live;
}

type Def = { type: string; [k: string]: any };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const twinOf = (fn: unknown) => (fn as { live?: LiveCheck | LiveTransform } | undefined)?.live;
const errorText = (def: Def, input: unknown): string | undefined => {
  const e = typeof def.error === "function" ? def.error({ input, code: input === undefined ? "invalid_type" : "custom" }) : def.error;
  return typeof e === "string" ? e : (e?.message as string | undefined);
};

/** What a zod "overwrite" (trim, toUpperCase, toLowerCase) does, tried on a sample. */
function overwriteOf(tx: (v: string) => string): LiveTransform | null {
  if (tx(" a ") === "a") return "trim";
  if (tx("a") === "A") return "upper";
  if (tx("A") === "a") return "lower";
  return null;
}

/** Adds the steps of `schema` to `field`; false when the copy had to stop there. */
function walk(schema: unknown, field: LiveField): boolean {
  const def = defOf(schema);
  const steps = field.steps;
  const push = (check: LiveCheck, text: string | undefined) => {
    if (text === undefined) return false;
    steps.push({ check, message: messageOf(text) });
    return true;
  };
  switch (def.type) {
    case "optional":
      field.optional = true;
      return walk(def.innerType, field);
    case "pipe":
      return walk(def.in, field) && walk(def.out, field);
    case "transform": {
      const twin = twinOf(def.transform);
      if (typeof twin !== "string") return false;
      steps.push({ transform: twin });
      return true;
    }
    case "literal":
      return (
        push({ kind: "present" }, errorText(def, undefined)) &&
        def.values.length === 1 &&
        push({ kind: "equals", value: String(def.values[0]) }, errorText(def, "x"))
      );
    case "enum": {
      // The options are the page's own (a select, radios): only "chosen at all" is checked here.
      push({ kind: "present" }, errorText(def, undefined));
      return false;
    }
    case "string": {
      // "Sent at all" matters only at the start: inside a pipe the text is already there.
      const present = errorText(def, undefined);
      if (present !== undefined && steps.length === 0) push({ kind: "present" }, present);
      if (def.format === "email" && def.pattern instanceof RegExp) {
        // z.email(): the format is the type's own check, run before the chained ones.
        if (!push({ kind: "pattern", source: def.pattern.source, flags: def.pattern.flags || undefined }, errorText(def, "x"))) return false;
      } else if (def.format) return false;
      for (const check of def.checks ?? []) {
        const c = defOf(check) as Def & { check: string };
        const text = errorText(c, "x");
        if (c.check === "overwrite") {
          const t = overwriteOf(c.tx);
          if (!t) return false;
          steps.push({ transform: t });
        } else if (c.check === "min_length") {
          if (!push({ kind: "minLength", n: c.minimum }, text)) return false;
        } else if (c.check === "max_length") {
          if (!push({ kind: "maxLength", n: c.maximum }, text)) return false;
        } else if (c.check === "string_format" && c.pattern instanceof RegExp) {
          if (!push({ kind: "pattern", source: c.pattern.source, flags: c.pattern.flags || undefined }, text)) return false;
        } else if (c.check === "custom") {
          const twin = twinOf(c.fn);
          if (!twin || typeof twin === "string" || !push(twin, text)) return false;
        } else return false;
      }
      return true;
    }
    default:
      return false;
  }
}

/**
 * "Sent at all" followed (after a trim) by "at least one character" with the same message says it
 * twice: empty and missing are one to conform, so the second says it alone.
 */
function foldPresent(steps: LiveStep[]) {
  const [first, ...rest] = steps;
  if (!first || !("check" in first) || first.check.kind !== "present") return;
  const next = rest.find((s) => !("transform" in s && s.transform === "trim"));
  if (next && "check" in next && next.check.kind === "minLength" && next.check.n === 1 && JSON.stringify(next.message) === JSON.stringify(first.message))
    steps.shift();
}

/** The browser's copy of a form schema's rules. */
export function liveFormOf(schema: z.ZodType, name = ""): LiveForm {
  const def = defOf(schema);
  const fields: Record<string, LiveField> = {};
  const labels: LiveForm["labels"] = {};
  for (const [name, fieldSchema] of Object.entries<unknown>(def.shape ?? {})) {
    const field: LiveField = { steps: [] };
    walk(fieldSchema, field);
    foldPresent(field.steps);
    // A field's label is the {field} of its own "required" message.
    const required = field.steps.find(
      (s): s is Extract<LiveStep, { check: LiveCheck }> => "check" in s && "rule" in s.message && s.message.rule === "required",
    );
    const label = required && "rule" in required.message ? required.message.params.field : undefined;
    const key = required && LABEL_KEYS.get(required.message)?.field;
    if (typeof label === "string") labels[name] = key ? { id: label, key } : { id: label };
    if (field.steps.length || field.optional) fields[name] = field;
  }
  const confirmation = CONFIRMATIONS.get(schema);
  if (confirmation && fields[confirmation.confirmation]) {
    fields[confirmation.confirmation].confirms = { source: confirmation.source, message: messageOf(confirmation.message) };
  }
  return { name, constraint: getZodConstraint(schema), labels, fields };
}
