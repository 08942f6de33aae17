import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { LIVE_DIR, liveRulesSource } from "../../scripts/form-constraints";
import { rules as citizenSignUp } from "./live/citizenSignUp.generated";
import { rules as profile } from "./live/profile.generated";
import type { LiveForm } from "../live-checks";
import { FORM_SCHEMAS } from "./registry";

const REGENERATE = "domain/forms/live/ is stale: run `npx tsx scripts/form-constraints.ts`";
const LIVE_MODULES = import.meta.glob<{ rules: LiveForm }>("./live/*.generated.ts", { eager: true });

describe("generated form constraints", () => {
  it.each(Object.entries(FORM_SCHEMAS))("%s: its module's HTML constraints are getZodConstraint of its schema", (name, schema) => {
    const module = LIVE_MODULES[`./live/${name}.generated.ts`];
    expect(module?.rules.name, `${name}: ${REGENERATE}`).toBe(name);
    expect(module?.rules.constraint, `${name}: ${REGENERATE}`).toEqual(getZodConstraint(schema));
  });

  it("has one module of live rules per form of the registry", () => {
    const files = readdirSync(LIVE_DIR)
      .filter((f) => f.endsWith(".generated.ts"))
      .map((f) => f.replace(".generated.ts", ""));
    expect(files.sort(), REGENERATE).toEqual(Object.keys(FORM_SCHEMAS).sort());
  });

  it.each(Object.keys(FORM_SCHEMAS))("%s: the browser's copy of its rules (live/<form>.generated.ts) matches the schema", (name) => {
    expect(readFileSync(path.join(LIVE_DIR, `${name}.generated.ts`), "utf8"), `${name}: ${REGENERATE}`).toBe(liveRulesSource(name));
  });

  it("copies the sign-up's rules with the catalogue's rule names, the e-mail's shape and the password confirmation", () => {
    const { fields, labels } = citizenSignUp;
    expect(labels.email).toEqual({ id: "Alamat Surel", key: "accounts:fields.email" });
    expect(fields.email.steps).toContainEqual(
      expect.objectContaining({ message: { rule: "email", params: {} }, check: expect.objectContaining({ kind: "pattern" }) }),
    );
    expect(fields.nik.steps).toContainEqual({ check: { kind: "pattern", source: "^\\d{16}$" }, message: { rule: "digits", params: { length: 16 } } });
    expect(fields.password_confirmation.confirms).toEqual({
      source: "password",
      message: { rule: "confirmed", params: { field: "Konfirmasi Kata Sandi", target: "Kata Sandi" } },
    });
    expect(profile.fields.birth_date.steps).toContainEqual({
      check: { kind: "notAfterToday" },
      message: { rule: "max_value", params: { field: "Tanggal Lahir", max: "$today" } },
    });
  });
});
