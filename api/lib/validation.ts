import { z } from "@hono/zod-openapi";
import type { Hook } from "@hono/zod-openapi";
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


/**
 * Turns zod failures into 400 VALIDATION_ERROR with one detail per issue. The shared form schemas
 * (domain/forms) carry no message for a body that is not an object; it gets the same words here.
 */
export const validationHook: Hook<unknown, any, any, unknown> = (result, c) => {
  if (result.success) return;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.join("."),
    message: issue.path.length === 0 && issue.code === "invalid_type" ? NOT_AN_OBJECT : issue.message,
  }));
  return c.json(errorBody("VALIDATION_ERROR", MESSAGES.VALIDATION_ERROR, details), 400);
};
