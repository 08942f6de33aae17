import { describe, expect, it } from "vitest";
import en from "./en/applicant.json";
import id from "./id/applicant.json";

/** Every key path of a nested translation object. */
function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("the applicant namespace", () => {
  it("has every Indonesian text in English too", () => {
    expect(keys(en).sort()).toEqual(keys(id).sort());
  });
});
