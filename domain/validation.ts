import { z } from "zod";
import { validationMessage } from "./validation-messages";

// The zod side of spec §5 "Field validation"; the texts live in ./validation-messages.ts, which the
// browser may import (this module it may not: zod stays on the server).
export { VALIDATION_MESSAGES, validationMessage, type MessageParams, type RuleName } from "./validation-messages";

const m = validationMessage;

/** A required, trimmed text field. Conform hands empty inputs over as undefined. */
/** Control characters other than tab and line breaks: nothing a person types, and invalid in HTML. */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const withoutControlCharacters = (s: z.ZodString) => s.refine((v) => !CONTROL_CHARACTERS.test(v), m("regex"));

function requiredText(field: string) {
  return z.string({ error: () => m("required", { field }) }).trim().min(1, m("required", { field }));
}

// Zod building blocks carrying the spec's messages. `field` is the label the user reads.
export const rules = {
  required: requiredText,
  text: (field: string, opts: { min?: number; max: number }) => {
    let s = requiredText(field);
    if (opts.min) s = s.min(opts.min, m("min", { length: opts.min }));
    return withoutControlCharacters(s.max(opts.max, m("max", { length: opts.max })));
  },
  optionalText: (opts: { max: number }) => withoutControlCharacters(z.string().trim().max(opts.max, m("max", { length: opts.max }))).optional(),
  email: (field: string) => requiredText(field).max(254, m("max", { length: 254 })).pipe(z.email(m("email")).transform((e) => e.toLowerCase())),
  digits: (field: string, length: number) => requiredText(field).regex(new RegExp(`^\\d{${length}}$`), m("digits", { length })),
  numeric: (field: string, opts: { min?: number; max: number }) => {
    let s = requiredText(field).regex(/^\d+$/, m("numeric"));
    if (opts.min) s = s.min(opts.min, m("min", { length: opts.min }));
    return s.max(opts.max, m("max", { length: opts.max }));
  },
  password: (field: string, opts: { min: number; max: number } = { min: 8, max: 128 }) =>
    // Passwords are not trimmed: spaces are characters the user chose.
    z.string({ error: () => m("required", { field }) }).min(1, m("required", { field })).min(opts.min, m("min", { length: opts.min })).max(opts.max, m("max", { length: opts.max })),
  oneOf: <T extends string>(field: string, values: readonly [T, ...T[]]) =>
    z.enum(values, { error: (issue) => (issue.input === undefined ? m("required", { field }) : m("oneOf", { field })) }),
  accepted: (field: string) => z.literal("on", { error: () => m("required", { field }) }),
};

/** Adds a "confirmed" check: `confirmation` must equal `source` (spec: '{field} tidak cocok dengan {target}'). */
export function confirmed<T extends Record<string, unknown>>(
  schema: z.ZodType<T>,
  source: keyof T & string,
  confirmation: keyof T & string,
  labels: { field: string; target: string },
) {
  return schema.superRefine((value, ctx) => {
    if (value[source] !== value[confirmation]) {
      ctx.addIssue({ code: "custom", path: [confirmation], message: m("confirmed", labels) });
    }
  });
}
