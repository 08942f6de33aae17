import { describe, expect, it } from "vitest";
import { backoffMs, DEFAULT_RETRY } from "./mail-outbox";

describe("backoffMs", () => {
  it("waits 5 s, 15 s, 45 s, … and never more than the cap", () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, DEFAULT_RETRY))).toEqual([5_000, 15_000, 45_000, 135_000]);
    expect(backoffMs(20, DEFAULT_RETRY)).toBe(DEFAULT_RETRY.capMs);
  });
});
