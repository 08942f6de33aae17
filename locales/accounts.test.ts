import { describe, expect, it } from "vitest";
import { ACCOUNT_LABELS, PASSWORD_HINT } from "#domain/forms/accounts";
import en from "./en/accounts.json";
import id from "./id/accounts.json";

/** Every key path of a nested translation object. */
function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("the accounts namespace", () => {
  it("has every Indonesian text in English too", () => {
    expect(keys(en).sort()).toEqual(keys(id).sort());
  });

  it("labels the fields with the words the validation messages use", () => {
    for (const [name, label] of Object.entries(ACCOUNT_LABELS)) {
      if (name in id.fields) expect(id.fields[name as keyof typeof id.fields]).toBe(label);
    }
    expect(id.hints.password).toBe(PASSWORD_HINT);
  });
});
