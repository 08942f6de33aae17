import type { MiddlewareHandler } from "hono";
import { apiField, detail } from "#domain/validation-details";
import { ApiError } from "../lib/errors";
import type { AppEnv } from "../lib/types";

// PostgreSQL cannot store U+0000 in text; a NUL in a field reached the INSERT and answered 500
// (found by the bad-input corpus). No field of this API has a use for it, so it is refused
// up front, before anything is written.

/**
 * No request of this API nests deeper than a few levels. A body nested 5,000 levels deep overflowed
 * the stack of a recursive walk and answered 500: the walk is iterative and stops here.
 */
export const MAX_JSON_DEPTH = 64;

type Finding = { kind: "nul"; path: string } | { kind: "too-deep"; path: string };

/** The first NUL in a string or key, or the first value nested past MAX_JSON_DEPTH; walked without recursion. */
function inspect(body: unknown): Finding | null {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value: body, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return { kind: "nul", path: path.join(".") };
      continue;
    }
    if (!value || typeof value !== "object") continue;
    if (path.length >= MAX_JSON_DEPTH) return { kind: "too-deep", path: path[0] ?? "" }; // the field it came in
    const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value);
    // Pushed in reverse, so the first field is looked at first (the path named is the first offender).
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i];
      if (key.includes("\u0000")) return { kind: "nul", path: [...path, key].join(".") };
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}

const refuse = (finding: Finding) =>
  new ApiError(400, "VALIDATION_ERROR", undefined, {}, [
    finding.kind === "nul"
      ? detail(finding.path, "nul", { field: finding.path || apiField("body") })
      : detail(finding.path, "too_deep", { max: MAX_JSON_DEPTH }),
  ]);

/** 400 VALIDATION_ERROR for a NUL character in the query string or anywhere in a JSON body, or absurd nesting. */
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
