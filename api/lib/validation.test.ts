import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { validationHook } from "./validation";

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
    expect(body.error.details).toEqual([{ path: "code", message: "code is not valid." }]);
  });
});
