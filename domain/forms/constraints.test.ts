import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CONSTRAINTS } from "./constraints.generated";
import { FORM_SCHEMAS } from "./registry";

const REGENERATE = "domain/forms/constraints.generated.ts is stale: run `npx tsx scripts/form-constraints.ts`";

describe("generated form constraints", () => {
  it("has one entry per form of the registry", () => {
    expect(Object.keys(CONSTRAINTS).sort(), REGENERATE).toEqual(Object.keys(FORM_SCHEMAS).sort());
  });

  it.each(Object.entries(FORM_SCHEMAS))("%s matches getZodConstraint of its schema", (name, schema) => {
    expect((CONSTRAINTS as Record<string, unknown>)[name], `${name}: ${REGENERATE}`).toEqual(getZodConstraint(schema));
  });
});
