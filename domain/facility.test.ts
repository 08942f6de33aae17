import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { FACILITY_TYPES, facilityTypeOptions, verificationState } from "./facility";

describe("verificationState", () => {
  it("is verified when the account says so, whatever the entries", () => {
    expect(verificationState(true, [])).toBe("verified");
  });
  it("reads the newest entry otherwise", () => {
    expect(verificationState(false, [])).toBe("notSubmitted");
    expect(verificationState(false, [{ is_approved: false, is_rejected: false }])).toBe("pending");
    expect(
      verificationState(false, [
        { is_approved: false, is_rejected: true },
        { is_approved: true, is_rejected: false },
      ]),
    ).toBe("rejected");
    expect(
      verificationState(false, [
        { is_approved: false, is_rejected: false },
        { is_approved: false, is_rejected: true },
      ]),
    ).toBe("pending");
  });
});

describe("facilityTypeOptions", () => {
  it("gives every facility type once, in order, worded from its locale key in each language", () => {
    for (const lng of ["id", "en"]) {
      const types = JSON.parse(readFileSync(new URL(`../locales/${lng}/facility.json`, import.meta.url), "utf8")).types as Record<string, string>;
      const t = (key: string) => types[key.replace(/^facility:types\./, "")] ?? key;
      const options = facilityTypeOptions(t);
      expect(options.map((o) => o.value)).toEqual([...FACILITY_TYPES]);
      for (const o of options) expect(o.label, `${lng} ${o.value}`).toBe(types[o.value]);
    }
  });
});
