import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { accountSchemas } from "#domain/forms/accounts";
import { emailField, jsonObject, requiredText, validationHook } from "./validation";

/** Runs the hook on a failed parse and returns the JSON body it answers. */
function refusal(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  let body: any;
  const c = { json: (b: unknown, status: number) => ((body = { ...(b as object), status }), body) };
  (validationHook as any)({ ...result, data: input, target: "json" }, c);
  return body;
}

describe("validationHook", () => {
  it("says the spec's default text '{field} is not valid.' for a failure no rule names", () => {
    const body = refusal(z.object({ code: z.string().regex(/^a+$/) }), { code: "b" });
    expect(body.status).toBe(400);
    expect(body.error.details).toEqual([{ path: "code", code: "default", params: { field: "code" }, message: "code is not valid." }]);
  });

  it("answers each detail of a shared form's schema with its spec §5 rule, its parameters and its label's locale key", () => {
    const body = refusal(accountSchemas().login, { email: "", password: "x".repeat(200) });
    expect(body.error.details).toContainEqual({
      path: "email",
      code: "required",
      labels: { field: "accounts:fields.email" },
      message: "Alamat Surel harus diisi",
    });
  });

  it("answers the API's own checks with their codes (errors.json details), the words unchanged", () => {
    const schema = jsonObject({ email: emailField(), password: requiredText("password", 10) });
    const body = refusal(schema, { email: "nope", password: "x".repeat(11) });
    expect(body.error.details).toEqual([
      {
        path: "email",
        code: "email_address",
        labels: { field: "errors:fields.email" },
        message: "E-mail harus berupa alamat surel yang benar",
      },
      {
        path: "password",
        code: "too_long",
        params: { max: 10 },
        labels: { field: "errors:fields.password" },
        message: "Kata sandi tidak boleh lebih dari 10 karakter",
      },
    ]);
    expect(refusal(schema, [1]).error.details).toEqual([{ path: "", code: "not_an_object", message: "Isi permintaan harus berupa objek JSON" }]);
  });

  it("names zod's own failures by a code, the field by its path (never remembered as a label)", () => {
    const body = refusal(z.object({ n: z.number().max(3), tags: z.array(z.string()) }).strict(), { n: 9, tags: "x", extra: 1 });
    expect(body.error.details).toEqual(
      expect.arrayContaining([
        { path: "n", code: "too_big", params: { field: "n", max: 3 }, message: "n terlalu besar (paling banyak 3)" },
        { path: "tags", code: "invalid_type", params: { field: "tags", kind: "array" }, message: "tags harus berupa daftar" },
        { path: "", code: "unrecognized_keys", params: { keys: "extra" }, message: "Isian tidak dikenal: extra" },
      ]),
    );
  });
});
