import { describe, expect, it } from "vitest";
import { isOfferedPeriod, monthStart, performanceWindows, periodOf, periodsBefore } from "./performance";

describe("the windows of /kinerja", () => {
  it("reads months in WIB: 17:00 UTC on the last day is already the next month", () => {
    expect(periodOf(new Date("2026-11-30T16:59:59Z"))).toBe("2026-11");
    expect(periodOf(new Date("2026-11-30T17:00:00Z"))).toBe("2026-12");
    expect(monthStart("2026-12").toISOString()).toBe("2026-11-30T17:00:00.000Z");
    expect(monthStart("2026-01", -1).toISOString()).toBe("2025-11-30T17:00:00.000Z");
  });

  it("offers this month and the 23 before it, nothing later or earlier", () => {
    const now = new Date("2026-11-29T05:00:00Z");
    const periods = periodsBefore(now);
    expect(periods).toHaveLength(24);
    expect([periods[0], periods[23]]).toEqual(["2026-11", "2024-12"]);
    expect(isOfferedPeriod("2026-12", now)).toBe(false);
    expect(isOfferedPeriod("2024-11", now)).toBe(false);
    expect(isOfferedPeriod("2026-13", now)).toBe(false);
  });

  it("ends a past period at its month's end: 26 Monday weeks to the week of its last day, 12 months to it", () => {
    const w = performanceWindows("2026-10", new Date("2026-11-29T05:00:00Z"));
    expect(w.until.toISOString()).toBe("2026-10-31T17:00:00.000Z");
    // 31 October 2026 is a Saturday: its week starts on Monday 26 October.
    expect(w.weeks.at(-1)).toBe("2026-10-26");
    expect(w.weeks).toHaveLength(26);
    expect(w.weeks[0]).toBe("2026-05-04");
    expect(w.weeksFrom.toISOString()).toBe("2026-05-03T17:00:00.000Z");
    // Weeks are whole: the last one runs to Sunday 1 November.
    expect(w.weeksUntil.toISOString()).toBe("2026-11-01T17:00:00.000Z");
    expect([w.months[0], w.months.at(-1), w.months.length]).toEqual(["2025-11", "2026-10", 12]);
    expect(w.monthsFrom.toISOString()).toBe("2025-10-31T17:00:00.000Z");
  });

  it("ends this month's windows now", () => {
    const now = new Date("2026-11-29T05:00:00Z");
    const w = performanceWindows("2026-11", now);
    expect(w.until).toEqual(now);
    expect(w.weeksUntil).toEqual(now);
    expect(w.weeks.at(-1)).toBe("2026-11-23");
  });
});
