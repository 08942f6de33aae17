import { z } from "zod";
import { formatDateInput, parseDateInput, todayIso } from "./dates";
import { live } from "./live-checks";
import { coded, labelRef } from "./validation-codes";
import type { MessageParams, RuleName } from "./validation-messages";

// The zod side of spec §5 "Field validation"; the texts live in the locale files, read by
// ./validation-messages.ts, which the browser may import (this module it may not: zod stays on the server).
export { VALIDATION_MESSAGES, validationMessage, type MessageParams, type RuleName } from "./validation-messages";

/** A translate function as i18next's `t` is one: a key ("namespace:path") and its values. */
export type Translate = (key: string, params?: MessageParams) => string;

/** The words a schema says, in one language: the rules' messages and the fields' labels. */
export interface FormTexts {
  message: (rule: RuleName, params?: MessageParams) => string;
  /** A field's label: its key in the locale files, and its Indonesian text (the domain's label). */
  label: (key: string, indonesian: string) => string;
}

/**
 * Codes, not words: the API's schemas and the form registry's. Each message is a rule with its parameters
 * and each label its locale key (./validation-codes.ts), so the API answers a failed field with its code and
 * words it from the locale files, and the browser's copy of the rules names each message's rule.
 */
export const CODES: FormTexts = {
  message: (rule, params) => coded(rule, params),
  label: (key) => labelRef(key),
};

/** The words of a request: its `t` finds the messages in the validation namespace, labels by key. */
export function formTexts(t: Translate): FormTexts {
  return { message: (rule, params) => t(`validation:${rule}`, params), label: (key) => t(key) };
}

/** A form's labels in the language of `texts`: each field's locale key, with its Indonesian text. */
export function labelsIn<K extends string>(texts: FormTexts, keys: Record<K, string>, indonesian: Record<K, string>): Record<K, string> {
  return Object.fromEntries(Object.entries<string>(keys).map(([name, key]) => [name, texts.label(key, indonesian[name as K])])) as Record<K, string>;
}

/**
 * Control characters (C0 with tab and line breaks, DEL, C1): nothing a person types into a one-line field, and
 * what turns a stored name into a second mail header line, a broken CSV row, a forged log line or an escape
 * sequence on an operator's terminal. Every name and free text refuses them (SECURITY.md).
 */
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;

/** The same in a multi-line text (a textarea), where a line break is text: LF, or CR LF as a browser sends it. */
export const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)/;

const noControlCharacters = live((v: string) => !CONTROL_CHARACTERS.test(v), { kind: "notPattern", source: CONTROL_CHARACTERS.source });
const noControlButLineBreaks = live((v: string) => !CONTROL_CHARACTERS_BUT_LINE_BREAKS.test(v), {
  kind: "notPattern",
  source: CONTROL_CHARACTERS_BUT_LINE_BREAKS.source,
});

/** A text field's shape: one line (an input, the default) or several (a textarea: notes, reasons, announcements). */
export interface TextShape {
  multiline?: boolean;
}
const stripSpaces = live((v: string) => v.replace(/\s+/g, ""), "stripSpaces");
const isRealDate = live((v: string) => parseDateInput(v) !== null, { kind: "date" });
const toIsoDate = live((v: string) => parseDateInput(v)!, "isoDate");

/** Zod building blocks carrying the spec's messages in the language of `texts`. `field` is the label the user reads. */
export function rulesFor(texts: FormTexts) {
  const m = texts.message;
  /**
   * The one check every name and free text goes through: no control characters, and in a multi-line text
   * none but line breaks. A field with its own messages (a reviewer's note) wraps its string in it.
   */
  const plainText = (s: z.ZodString, shape: TextShape = {}) =>
    shape.multiline ? s.refine(noControlButLineBreaks, m("controlCharactersMultiline")) : s.refine(noControlCharacters, m("controlCharacters"));
  /** A required, trimmed text field. Conform hands empty inputs over as undefined. */
  const requiredText = (field: string) =>
    z
      .string({ error: () => m("required", { field }) })
      .trim()
      .min(1, m("required", { field }));
  return {
    required: requiredText,
    plainText,
    /** A required name or text, trimmed, of at most `max` (and at least `min`) characters. */
    text: (field: string, opts: { min?: number; max: number } & TextShape) => {
      let s = requiredText(field);
      if (opts.min) s = s.min(opts.min, m("min", { length: opts.min }));
      return plainText(s.max(opts.max, m("max", { length: opts.max })), opts);
    },
    /** An optional text, trimmed, of at most `max` characters. */
    optionalText: (opts: { max: number } & TextShape) =>
      plainText(
        z
          .string()
          .trim()
          .max(opts.max, m("max", { length: opts.max })),
        opts,
      ).optional(),
    email: (field: string) =>
      requiredText(field)
        .max(254, m("max", { length: 254 }))
        .pipe(z.email(m("email")).transform((e) => e.toLowerCase())),
    digits: (field: string, length: number) => requiredText(field).regex(new RegExp(`^\\d{${length}}$`), m("digits", { length })),
    numeric: (field: string, opts: { min?: number; max: number }) => {
      let s = requiredText(field).regex(/^\d+$/, m("numeric"));
      if (opts.min) s = s.min(opts.min, m("min", { length: opts.min }));
      return s.max(opts.max, m("max", { length: opts.max }));
    },
    /**
     * A phone number as people write it, Indonesian or international: digits in groups separated by
     * spaces, and a leading "+" for an international number ("+63 917 123 4567"). It is kept as the
     * digits alone, with that "+"; the length counts the digits. Anything else is "harus berupa angka".
     */
    phone: (field: string, opts: { min: number; max: number }) =>
      requiredText(field)
        .transform(stripSpaces)
        .pipe(
          z
            .string()
            .regex(/^\+?\d+$/, m("numeric"))
            // Lengths count what follows a leading "+", whatever it is: a non-digit is the numeric rule's to name.
            .regex(new RegExp(`^\\+?.{${opts.min},}$`), m("min", { length: opts.min }))
            .regex(new RegExp(`^\\+?.{0,${opts.max}}$`), m("max", { length: opts.max })),
        ),
    /**
     * A date (spec §9: typed mm/dd/yy; ISO yyyy-mm-dd is taken too), kept as ISO yyyy-mm-dd. A day
     * that does not exist (02/30/24) is "Format salah" like a wrong shape; `notAfterToday` refuses
     * a future day (a birth date) with max_value, today shown as the form shows dates.
     */
    date: (field: string, opts: { notAfterToday?: boolean; today?: Date } = {}) => {
      const iso = requiredText(field).refine(isRealDate, m("regex")).transform(toIsoDate);
      if (!opts.notAfterToday) return iso;
      // `today` is injectable for tests; else it is the day of the check, not of the schema's making.
      const today = () => todayIso(opts.today ?? new Date());
      const notAfterToday = live((v: string) => v <= today(), { kind: "notAfterToday" });
      return iso.pipe(z.string().refine(notAfterToday, { error: () => m("max_value", { field, max: formatDateInput(today()) }) }));
    },
    password: (field: string, opts: { min: number; max: number } = { min: 8, max: 128 }) =>
      // Passwords are not trimmed: spaces are characters the user chose.
      z
        .string({ error: () => m("required", { field }) })
        .min(1, m("required", { field }))
        .min(opts.min, m("min", { length: opts.min }))
        .max(opts.max, m("max", { length: opts.max })),
    oneOf: <T extends string>(field: string, values: readonly [T, ...T[]]) =>
      z.enum(values, { error: (issue) => (issue.input === undefined ? m("required", { field }) : m("oneOf", { field })) }),
    /** A box to tick (consent): its message says to tick it, not to "fill it in". */
    accepted: (field: string) => z.literal("on", { error: () => m("accepted", { field }) }),
  };
}

export const rules = rulesFor(CODES);

/** Adds a "confirmed" check: `confirmation` must equal `source` (spec: '{field} tidak cocok dengan {target}'). */
export function confirmed<T extends Record<string, unknown>>(
  schema: z.ZodType<T>,
  source: keyof T & string,
  confirmation: keyof T & string,
  labels: { field: string; target: string },
  texts: FormTexts = CODES,
) {
  const checked = schema.superRefine((value, ctx) => {
    if (value[source] !== value[confirmation]) {
      ctx.addIssue({ code: "custom", path: [confirmation], message: texts.message("confirmed", labels) });
    }
  });
  CONFIRMATIONS.set(checked, { source, confirmation, message: texts.message("confirmed", labels) });
  return checked;
}

/** The `confirmed` checks of the schemas built by confirmed(), for the browser's copy of the rules (scripts/form-constraints.ts). */
export const CONFIRMATIONS = new WeakMap<object, { source: string; confirmation: string; message: string }>();
