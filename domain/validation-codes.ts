// A schema's message is a code, never words: the rule that refused, its parameters, and the locale key of
// each parameter that is a field's label. Where the message is shown — the API's refusal
// (domain/validation-details.ts), the browser's copy of the rules (domain/forms/live-rules.ts) — its words
// are looked up by that code in the locale files. A zod issue's message is a string, so the code travels
// as one: `coded()` writes it, `readCoded()` reads it back. No imports: the browser may bundle it.
import type { MessageParams } from "./validation-messages";

/** What a schema says about a refused field: a rule or detail code, its values, and its labels' locale keys. */
export interface CodedMessage {
  code: string;
  params?: MessageParams;
  /** the locale key ("namespace:path") of each parameter that is a field's label */
  labels?: Record<string, string>;
}

const CODE = "code:";
const LABEL = "label:";

/** A field's label as a schema passes it on: its locale key, marked so a message keeps it apart from values. */
export function labelRef(key: string): string {
  return LABEL + key;
}

/** The locale key of a label passed as `labelRef(key)`, else undefined. */
export function labelKeyOf(value: unknown): string | undefined {
  return typeof value === "string" && value.startsWith(LABEL) ? value.slice(LABEL.length) : undefined;
}

/** Splits parameters into values and labels' keys (those passed as `labelRef`). */
export function splitParams(params: MessageParams = {}): Omit<CodedMessage, "code"> {
  const values: MessageParams = {};
  const labels: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const key = labelKeyOf(value);
    if (key === undefined) values[name] = value;
    else labels[name] = key;
  }
  return { ...(Object.keys(values).length ? { params: values } : {}), ...(Object.keys(labels).length ? { labels } : {}) };
}

/** A code with its parameters as a schema's message (a parameter given as `labelRef(key)` is a label). */
export function coded(code: string, params?: MessageParams): string {
  return CODE + JSON.stringify({ code, ...splitParams(params) });
}

/**
 * The code a schema's message carries: a `coded()` message, or a label said as the whole message (code
 * `text`, its label's key). Undefined for any other string (zod's own wording, conform's markers).
 */
export function readCoded(message: string): CodedMessage | undefined {
  const key = labelKeyOf(message);
  if (key !== undefined) return { code: "text", labels: { text: key } };
  if (!message.startsWith(CODE)) return undefined;
  try {
    const value = JSON.parse(message.slice(CODE.length)) as CodedMessage;
    return typeof value?.code === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}
