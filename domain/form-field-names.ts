// Hostile field names. A form's field name is a path ("email", "items[2].type") that conform expands
// into objects and arrays when it parses a submission: `email[99999999]=1`, 17 bytes, became an array of
// a hundred million entries and killed the process. Every form body — the portal's (server/request-body.ts)
// and the API's multipart uploads (api/services/uploads/receive.ts) — is checked against these limits
// before anything parses it. No form of the portal comes near them.

export const FIELD_NAME_LIMITS = {
  /** fields in one body (the largest form, the review decision with one reason per document, has under 60) */
  maxFields: 200,
  /** characters in one name (the longest the portal writes is under 40) */
  maxNameLength: 128,
  /** the largest list index in a name (no list of ours holds more than a few dozen entries) */
  maxIndex: 1000,
  /** path segments in one name ("a.b[0].c" has four; the portal nests at most three) */
  maxDepth: 8,
} as const;

export type FieldNameProblem = "too-many-fields" | "name-too-long" | "bad-index" | "bad-syntax" | "too-deep";

// One segment: a key, "[]" (append) or "[digits]"; keys are separated by one dot. As conform's parsePath reads
// names, but without throwing and without turning an index into a number first.
const SEGMENT = /([^.[\]]+)|\[([^\]]*)\]/y;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const RESERVED = new Set(["__proto__", "constructor", "prototype"]);

/**
 * What is wrong with one field name, or null when a form of ours could have written it. No form of ours has
 * a field without a name: the empty name (an urlencoded `=1`) and none at all (a multipart part whose
 * Content-Disposition is a bare `form-data`, `name=""` or only `name*=`) are refused.
 */
export function fieldNameProblem(name: string | undefined): FieldNameProblem | null {
  if (!name) return "bad-syntax";
  if (name.length > FIELD_NAME_LIMITS.maxNameLength) return "name-too-long";
  if (CONTROL.test(name)) return "bad-syntax";
  let at = 0;
  let depth = 0;
  while (at < name.length) {
    if (depth > 0 && name[at] === ".") at += 1; // one dot between segments, never at the end
    SEGMENT.lastIndex = at;
    const match = SEGMENT.exec(name);
    if (!match) return "bad-syntax";
    const [, key, index] = match;
    if (key !== undefined) {
      if (RESERVED.has(key)) return "bad-syntax";
    } else if (index !== "") {
      if (!/^\d{1,4}$/.test(index!)) return "bad-index";
      if (Number(index) > FIELD_NAME_LIMITS.maxIndex) return "bad-index";
    }
    depth += 1;
    if (depth > FIELD_NAME_LIMITS.maxDepth) return "too-deep";
    at = SEGMENT.lastIndex;
  }
  return null;
}

/** The first problem among a body's field names (in order), or null. Stops counting past the limit. */
export function fieldNamesProblem(names: Iterable<string | undefined>): FieldNameProblem | null {
  let count = 0;
  for (const name of names) {
    count += 1;
    if (count > FIELD_NAME_LIMITS.maxFields) return "too-many-fields";
    const problem = fieldNameProblem(name);
    if (problem) return problem;
  }
  return null;
}
