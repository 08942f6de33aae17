import { describe, expect, it } from "vitest";
import { COUNTRIES, countryName } from "./countries";

describe("country list", () => {
  it("has unique codes and unique Indonesian names (no withdrawn codes)", () => {
    expect(new Set(COUNTRIES.map(([c]) => c)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map(([, n]) => n)).size).toBe(COUNTRIES.length);
    expect(countryName("DE")).toBe("Jerman");
    expect(countryName("DD")).toBeUndefined();
  });
});
