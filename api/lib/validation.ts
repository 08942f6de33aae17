import { z } from "@hono/zod-openapi";
import type { Hook } from "@hono/zod-openapi";
import { coded } from "#domain/validation-codes";
import { apiField, detail, detailOfMessage, type ApiFieldName, type ValidationDetail } from "#domain/validation-details";
import { errorBody, MESSAGES } from "./errors";

// Every failed field is answered as the code its schema's message carries (domain/validation-codes.ts) with
// its parameters (domain/validation-details.ts), worded in Indonesian from the locale files; the portal words
// it again in the request's language.

/** A JSON request body: an object, refused with `not_an_object` when it is not one. */
export function jsonObject<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape, { error: () => coded("not_an_object") });
}

/** A field of the API's own (not a shared form's): its label from errors.json `fields`. */
export function requiredText(name: ApiFieldName, max: number) {
  const field = apiField(name);
  return z
    .string({ error: (issue) => (issue.input === undefined ? coded("required", { field }) : coded("invalid_type", { field, kind: "string" })) })
    .min(1, coded("required", { field }))
    .max(max, coded("too_long", { field, max }));
}

export function emailField(name: ApiFieldName = "email") {
  const field = apiField(name);
  return z
    .string({ error: (issue) => (issue.input === undefined ? coded("required", { field }) : coded("invalid_type", { field, kind: "string" })) })
    .trim()
    .toLowerCase()
    .min(1, coded("required", { field }))
    .max(254, coded("too_long", { field, max: 254 }))
    .pipe(z.email(coded("email_address", { field })));
}

/** zod's default (English) wording of an issue, for fields whose schema carries no message of its own. */
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized|Expected)\b/;

const TYPES = new Set(["string", "number", "int", "boolean", "array", "object"]);

/**
 * The detail of an issue: the code its message carries, or where zod fell back to its own English
 * (e.g. a number or a repeated query parameter where an optional text belongs; found by the bad-input
 * corpus) a code for the issue itself, the field named by its path.
 */
function detailOf(issue: z.core.$ZodIssue): ValidationDetail {
  const path = issue.path.join(".");
  if (!ZOD_DEFAULT.test(issue.message)) return detailOfMessage(path, issue.message);
  // A path is the request's own: named as it is, never remembered.
  const field = issue.path.length ? path : apiField("body");
  switch (issue.code) {
    case "invalid_type":
      return detail(path, "invalid_type", TYPES.has(issue.expected) ? { field, kind: issue.expected } : { field });
    case "too_big":
      return issue.origin === "string"
        ? detail(path, "too_long", { field, max: Number(issue.maximum) })
        : detail(path, "too_big", { field, max: Number(issue.maximum) });
    case "too_small":
      return issue.origin === "string"
        ? detail(path, "too_short", { field, min: Number(issue.minimum) })
        : detail(path, "too_small", { field, min: Number(issue.minimum) });
    case "invalid_value":
      return detail(path, "oneOf", { field });
    case "unrecognized_keys":
      return detail(path, "unrecognized_keys", { keys: issue.keys.join(", ") });
    default:
      // Spec §5: the default message of any other failure.
      return detail(path, "default", { field });
  }
}

/**
 * Turns zod failures into 400 VALIDATION_ERROR with one detail per issue. The shared form schemas
 * (domain/forms) carry no message for a body that is not an object; it gets the same code here.
 */
export const validationHook: Hook<unknown, any, any, unknown> = (result, c) => {
  if (result.success) return;
  const details = result.error.issues.map((issue) =>
    issue.path.length === 0 && issue.code === "invalid_type" ? detail("", "not_an_object") : detailOf(issue),
  );
  return c.json(errorBody("VALIDATION_ERROR", MESSAGES.VALIDATION_ERROR, details), 400);
};
