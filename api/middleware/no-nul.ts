import type { MiddlewareHandler } from "hono";
import { apiField, detail } from "#domain/validation-details";
import { ApiError } from "../lib/errors";
import type { AppEnv } from "../http/env";

// PostgreSQL cannot store U+0000 in text; a NUL in a field reached the INSERT and answered 500
// (found by the bad-input corpus). No field of this API has a use for it, so it is refused
// up front, before anything is written.

/**
 * No request of this API nests deeper than a few levels. A body nested 5,000 levels deep overflowed
 * the stack of a recursive walk and answered 500: the walk is iterative and stops here.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * No request of this API holds more than a few hundred values (50 portfolio entries of five fields). A body of
 * 170,000 empty objects, within its endpoint's size, kept the validator busy for most of a second: the walk
 * counts every value it looks at and stops here.
 */
export const MAX_JSON_VALUES = 10_000;

type Finding = { kind: "nul"; path: string } | { kind: "too-deep"; path: string } | { kind: "too-many"; path: string };

/** A path as a chain, made only for what is walked into (containers) or reported: no array per value. */
type PathNode = { key: string; parent: PathNode | null } | null;
const pathOf = (node: PathNode): string[] => {
  const keys: string[] = [];
  for (let at = node; at; at = at.parent) keys.push(at.key);
  return keys.reverse();
};

/**
 * The first NUL in a string or key, or the first value nested past MAX_JSON_DEPTH, in document order; walked
 * without recursion. A string or number costs a look, not an entry of the walk: a body of a hundred thousand
 * numbers is one loop (its size is bounded before this, api/middleware/body-limit.ts).
 */
function inspect(body: unknown): Finding | null {
  if (typeof body === "string") return body.includes("\u0000") ? { kind: "nul", path: "" } : null;
  // Each entry: a container to walk into, or a NUL found (reported when its turn comes, so the first in order wins).
  const stack: Array<{ value: object; depth: number; at: PathNode } | { nul: PathNode }> = [];
  if (body && typeof body === "object") stack.push({ value: body, depth: 0, at: null });
  let values = 0;
  while (stack.length > 0) {
    const entry = stack.pop()!;
    if ("nul" in entry) return { kind: "nul", path: pathOf(entry.nul).join(".") };
    const { value, depth, at } = entry;
    if (depth >= MAX_JSON_DEPTH) return { kind: "too-deep", path: pathOf(at)[0] ?? "" }; // the field it came in
    const keys = Array.isArray(value) ? null : Object.keys(value);
    const count = keys ? keys.length : (value as unknown[]).length;
    values += count;
    if (values > MAX_JSON_VALUES) return { kind: "too-many", path: "" };
    // Pushed in reverse, so the first field is looked at first (the path named is the first offender).
    for (let i = count - 1; i >= 0; i--) {
      const key = keys ? keys[i]! : null;
      const item = keys ? (value as Record<string, unknown>)[key!] : (value as unknown[])[i];
      if (typeof item === "string") {
        if (item.includes("\u0000")) stack.push({ nul: { key: key ?? String(i), parent: at } });
      } else if (item && typeof item === "object") {
        stack.push({ value: item, depth: depth + 1, at: { key: key ?? String(i), parent: at } });
      }
      if (key !== null && key.includes("\u0000")) stack.push({ nul: { key, parent: at } });
    }
  }
  return null;
}

const refuse = (finding: Finding) =>
  new ApiError(400, "VALIDATION_ERROR", undefined, {}, [
    finding.kind === "nul"
      ? detail(finding.path, "nul", { field: finding.path || apiField("body") })
      : finding.kind === "too-deep"
        ? detail(finding.path, "too_deep", { max: MAX_JSON_DEPTH })
        : detail(finding.path, "too_many_values", { max: MAX_JSON_VALUES }),
  ]);

/** 400 VALIDATION_ERROR for a NUL character in the query string or anywhere in a JSON body, absurd nesting, or absurdly many values. */
export const rejectNul: MiddlewareHandler<AppEnv> = async (c, next) => {
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (name.includes("\u0000") || values.some((v) => v.includes("\u0000"))) throw refuse({ kind: "nul", path: name });
  }
  if (c.req.method !== "GET" && c.req.header("content-type")?.toLowerCase().includes("json")) {
    let body: unknown;
    try {
      body = await c.req.json(); // cached: the route's validator reads the same parse
    } catch {
      return next(); // not JSON: the validator answers MALFORMED_BODY
    }
    const found = inspect(body);
    if (found !== null) throw refuse(found);
  }
  await next();
};
