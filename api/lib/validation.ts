import { z } from "@hono/zod-openapi";
import type { Hook } from "@hono/zod-openapi";
import { validationMessage } from "#domain/validation-messages";
import { errorBody, MESSAGES } from "./errors";

const NOT_AN_OBJECT = "Isi permintaan harus berupa objek JSON";

/** A JSON request body: an object, said in Indonesian when it is not one. */
export function jsonObject<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape, { error: NOT_AN_OBJECT });
}

// Field schemas with the spec's Indonesian messages (spec §5 "Field validation").

export function requiredText(field: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${field} harus diisi` : `${field} harus berupa teks`) })
    .min(1, `${field} harus diisi`)
    .max(max, `${field} tidak boleh lebih dari ${max} karakter`);
}

export function emailField(field = "E-mail") {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${field} harus diisi` : `${field} harus berupa teks`) })
    .trim()
    .toLowerCase()
    .min(1, `${field} harus diisi`)
    .max(254, `${field} tidak boleh lebih dari 254 karakter`)
    .pipe(z.email(`${field} harus berupa alamat surel yang benar`));
}


const TYPE_WORDS: Record<string, string> = {
  string: "teks",
  number: "angka",
  int: "bilangan bulat",
  boolean: "nilai ya/tidak",
  array: "daftar",
  object: "objek",
};

/** zod's default (English) wording of an issue, for fields whose schema carries no Indonesian message. */
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized|Expected)\b/;

/**
 * The issue's own message, or an Indonesian one where zod fell back to English (e.g. a number or a
 * repeated query parameter where an optional text belongs; found by the bad-input corpus).
 */
function indonesian(issue: z.core.$ZodIssue): string {
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  const field = issue.path.length ? String(issue.path.join(".")) : "Isi permintaan";
  switch (issue.code) {
    case "invalid_type":
      return `${field} harus berupa ${TYPE_WORDS[issue.expected] ?? "nilai yang benar"}`;
    case "too_big":
      return issue.origin === "string"
        ? `${field} tidak boleh lebih dari ${issue.maximum} karakter`
        : `${field} terlalu besar (paling banyak ${issue.maximum})`;
    case "too_small":
      return issue.origin === "string"
        ? `${field} paling sedikit ${issue.minimum} karakter`
        : `${field} terlalu kecil (paling sedikit ${issue.minimum})`;
    case "invalid_value":
      return `${field} harus berupa nilai yang diizinkan`;
    case "unrecognized_keys":
      return `Isian tidak dikenal: ${issue.keys.join(", ")}`;
    default:
      // Spec §5: the default message of any other failure.
      return validationMessage("default", { field }, "id");
  }
}

/**
 * Turns zod failures into 400 VALIDATION_ERROR with one detail per issue. The shared form schemas
 * (domain/forms) carry no message for a body that is not an object; it gets the same words here.
 */
export const validationHook: Hook<unknown, any, any, unknown> = (result, c) => {
  if (result.success) return;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.join("."),
    message: issue.path.length === 0 && issue.code === "invalid_type" ? NOT_AN_OBJECT : indonesian(issue),
  }));
  return c.json(errorBody("VALIDATION_ERROR", MESSAGES.VALIDATION_ERROR, details), 400);
};
