// Spec §5 "Fields are validated aggressively: messages appear while the user types." With JavaScript,
// each form checks a field at each keystroke from the first one, beside the field (the summary at the
// top waits for a submit: ErrorSummary), with the rules and messages of its zod schema as scripts/form-constraints.ts copied them
// (domain/forms/live/<form>.generated.ts, one module per form) and the message catalogue: no zod in the browser (decision 011, amended by 019). The
// server checks every post again with the schema; it stays the judge, and without JavaScript the only one.
import { parse, type Submission } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import type { readDateParts } from "#domain/date-parts";
import { formatDateInput, parseDateInput, todayIso } from "#domain/dates";
import type { LiveCheck, LiveForm, LiveMessage, LiveTransform } from "#domain/live-checks";
import type { MessageParams } from "#domain/validation-messages";

/**
 * How the page says things: its language, a label's text by its locale key, and a rule's message
 * (the page's `t` on the validation namespace, i.e. the catalogue of domain/validation-messages.ts,
 * which is not imported here so that its two locale files stay out of the page's JavaScript).
 */
export interface LiveWords {
  locale: string;
  message: (rule: string, params: MessageParams) => string;
  /** a label's text by its locale key; undefined when the page lacks that text (the Indonesian label is said then) */
  t?: (key: string) => string | undefined;
  today?: Date;
  /** reads a date's three boxes: given by the pages with a DateField, so that only they load it */
  dateParts?: typeof readDateParts;
}

function passes(check: LiveCheck, value: string, today: Date): boolean {
  switch (check.kind) {
    case "present":
      return value !== "";
    case "equals":
      return value === check.value;
    case "minLength":
      return value.length >= check.n;
    case "maxLength":
      return value.length <= check.n;
    case "pattern":
      return new RegExp(check.source, check.flags).test(value);
    case "notPattern":
      return !new RegExp(check.source, check.flags).test(value);
    case "date":
      return parseDateInput(value, today) !== null;
    case "notAfterToday":
      return value <= todayIso(today);
  }
}

function transformed(value: string, t: LiveTransform, today: Date): string {
  switch (t) {
    case "trim":
      return value.trim();
    case "upper":
      return value.toUpperCase();
    case "lower":
      return value.toLowerCase();
    case "stripSpaces":
      return value.replace(/\s+/g, "");
    case "isoDate":
      return parseDateInput(value, today) ?? value;
  }
}

/** A message in the page's language: labels of the form's fields and "$today" said as the page says them. */
function say(message: LiveMessage, form: LiveForm, words: LiveWords): string {
  if ("text" in message) return message.text;
  const indonesian = words.locale.startsWith("id");
  const params = Object.fromEntries(
    Object.entries(message.params).map(([k, v]) => {
      if (v === "$today") return [k, formatDateInput(todayIso(words.today))];
      if (!indonesian && typeof v === "string" && words.t) {
        const label = Object.values(form.labels).find((l) => l.id === v);
        const said = label?.key ? words.t(label.key) : undefined;
        if (said) return [k, said];
      }
      return [k, v];
    }),
  );
  return words.message(message.rule, params);
}

/**
 * Each field's first failing check, as the schema's first message for it: `{ field: [message] }`.
 * Values other than text (files, lists) are left to the server; empty is the same as not sent.
 */
export function validateLive(form: LiveForm, payload: Record<string, unknown>, words: LiveWords): Record<string, string[]> {
  const today = words.today ?? new Date();
  const errors: Record<string, string[]> = {};
  const textOf = (v: unknown) => (v === undefined || v === null ? "" : typeof v === "string" ? v : null);
  for (const [name, field] of Object.entries(form.fields)) {
    let value = textOf(payload[name]);
    // A date's three boxes (app/components/DateField.tsx), read as the server reads them: a good date is
    // its ISO text for the field's own checks; a wrong one says each box's mistake on that box (conform shows
    // it once the box was typed in), a day the month lacks and the field's own checks on the year, left last.
    let key = name;
    let failed: LiveMessage | null = null;
    const parts = payload[name] as { year?: string } | null;
    if (value === null && parts && "year" in parts && words.dateParts) {
      key = `${name}.year`;
      const read = words.dateParts(parts);
      if ("iso" in read) value = read.iso;
      else if (read.problems[0].problem.rule === "required") value = "";
      else {
        for (const { box, problem } of read.problems)
          errors[`${name}.${box}`] = [say({ rule: problem.rule, params: "params" in problem ? problem.params : {} }, form, words)];
        continue;
      }
    }
    if (value === null || (value === "" && field.optional)) continue;
    for (const step of field.steps) {
      if ("transform" in step) value = transformed(value, step.transform, today);
      else if (!passes(step.check, value, today)) {
        failed = step.message;
        break;
      }
    }
    if (!failed && field.confirms && value !== textOf(payload[field.confirms.source])) failed = field.confirms.message;
    if (failed) errors[key] = [say(failed, form, words)];
  }
  return errors;
}

/**
 * conform's options for a portal form, to spread into useForm: its HTML constraints, and its live
 * checks (at each keystroke in a field, from the first). Sending the form always goes to the server,
 * which answers with every message, as without JavaScript.
 */
export function liveValidation(form: LiveForm, words: LiveWords) {
  return {
    constraint: form.constraint,
    shouldValidate: "onInput" as const,
    shouldRevalidate: "onInput" as const,
    // The value's type is the schema's on the server; here the payload passes as it was typed.
    onValidate({ formData }: { formData: FormData }): Submission<any, string[]> {
      return parse<any, string[]>(formData, {
        resolve(payload, intent) {
          // Sending the form is the server's to judge: it checks every field (files, lists, cross-field
          // rules the browser cannot copy) and answers with all the messages at once, as without
          // JavaScript. The browser speaks while the user types and leaves fields.
          if (!intent) return { value: payload };
          const error = validateLive(form, payload, words);
          return Object.keys(error).length ? { error } : { value: payload };
        },
      });
    },
  };
}

/**
 * liveValidation() in the page's language:
 * `import { rules as profileRules } from "#domain/forms/live/profile.generated"` and
 * `useForm({ id, lastResult, ...useLiveValidation(profileRules) })`; a form with a DateField passes
 * `readDateParts` (#domain/date-parts) too.
 */
export function useLiveValidation(form: LiveForm, dateParts?: typeof readDateParts) {
  // The validation namespace comes with the page's texts (decision 012), so its messages are at hand.
  const { t, i18n } = useTranslation(["common", "validation"]);
  return liveValidation(form, {
    locale: i18n.language ?? "id",
    message: (rule, params) => t(`validation:${rule}`, params),
    t: (key) => (i18n.exists(key) ? t(key) : undefined),
    dateParts,
  });
}
