import fc from "fast-check";

/** One seed for the whole corpus: the same cases on every run. Override with BAD_INPUT_SEED to explore. */
export const SEED = Number(process.env.BAD_INPUT_SEED ?? 20260808);

/** A stable small number from a text, so each endpoint/field draws its own (but fixed) sample. */
export function seedFor(...parts: string[]): number {
  let h = SEED | 0;
  for (const ch of parts.join("|")) h = (Math.imul(h ^ ch.charCodeAt(0), 16777619) + 1) | 0;
  return h >>> 0;
}

/** `n` values of `arb`, deterministic for (key). */
export function draw<T>(arb: fc.Arbitrary<T>, key: string, n = 1): T[] {
  return fc.sample(arb, { seed: seedFor(key), numRuns: n });
}

export const HUGE = 100_000;

/** Hand-picked hostile strings: markup, SQL, template and path look-alikes, bidi, emoji, control characters. */
export const NASTY_STRINGS: readonly string[] = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(document.cookie)>',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  "1); SELECT pg_sleep(5); --",
  "a\u0000b",
  "\u0000",
  "\u202Eevil\u202C gpj.exe",
  "مرحبا بالعالم \u200F",
  "👩‍⚕️🏥💉🇮🇩",
  "\u0007\u001b[31mred\u001b[0m\b\f\v",
  "\r\n\r\nSet-Cookie: x=1",
  "\ud800",
  "${jndi:ldap://example.invalid/a}",
  "../../../../etc/passwd",
  "%00%27%22",
  "{{7*7}}<%= 7*7 %>",
  "   ",
  "Z̸̢̛̤͙̲a̷l̵g̶o̴",
  "null",
  "NaN",
  "-0",
  "\uFEFF\u200B\u2028\u2029",
  "Ｓｅｌｅｃｔ　＊",
];

/** A generated string with any code points (incl. surrogate halves and control characters). */
export const anyString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(...NASTY_STRINGS),
);

/** Any JSON value that is not of `type`. */
export function wrongTypeFor(type: string | undefined): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [];
  if (type !== "string") options.push(anyString);
  if (type !== "number" && type !== "integer") options.push(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })));
  if (type !== "boolean") options.push(fc.boolean());
  if (type !== "array") options.push(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }));
  if (type !== "object") options.push(fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }));
  options.push(fc.constant(null));
  return fc.oneof(...options);
}

/** Texts that are not JSON (or not the JSON object the API wants). */
export const INVALID_JSON_TEXTS: readonly string[] = [
  "{",
  '{"a":}',
  "{'single': 'quotes'}",
  '{"a":1,}',
  "",
  "\u0000\u0001\u0002",
  '{"a":"\\ud800"}',
  "[1,2,",
  "NaN",
  '{"__proto__":{"isAdmin":true}}',
];

export const NON_OBJECT_BODIES: readonly unknown[] = [[], [{}], "tekst", 42, true, null];

/** Nesting no request of this API comes near; 5,000 levels overflowed a recursive walk. */
export const ABSURD_DEPTH = 5_000;

/**
 * JSON text of arrays or objects nested `depth` levels deep, built as text: no recursive encoder
 * (JSON.stringify included) is trusted with it.
 */
export function nestedJson(depth: number, kind: "arrays" | "objects", inner = "1"): string {
  return kind === "arrays" ? "[".repeat(depth) + inner + "]".repeat(depth) : '{"a":'.repeat(depth) + inner + "}".repeat(depth);
}

export const WRONG_CONTENT_TYPES: readonly { type: string | undefined; body: string }[] = [
  { type: "text/plain", body: '{"a":1}' },
  { type: "application/x-www-form-urlencoded", body: "a=1&b=%3Cscript%3E" },
  { type: "application/xml", body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
  { type: undefined, body: '{"a":1}' },
  { type: "application/json; charset=utf-16", body: '{"a":1}' },
];

/** Values for path and query parameters (already strings). */
export const BAD_PARAMS: readonly string[] = [
  "-1",
  "0",
  "1.5",
  "99999999999999999999999",
  "9223372036854775808",
  "abc",
  "1 OR 1=1",
  "1'; DROP TABLE users; --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "\u0000",
  "%",
  "👩‍⚕️",
  "\u202E1",
  " 1 ",
  "x".repeat(5000),
];
