import { describe, expect, it } from "vitest";
import { calendarWeeks, formatDateInput, fullYear, parseDateInput, weekdayOrder } from "./dates";

const today = new Date("2026-11-24T00:00:00Z");

describe("parseDateInput (spec §9: mm/dd/yy, ISO accepted too)", () => {
  it("reads mm/dd/yy, one- or two-digit month and day", () => {
    expect(parseDateInput("08/17/95", today)).toBe("1995-08-17");
    expect(parseDateInput("8/7/05", today)).toBe("2005-08-07");
    expect(parseDateInput(" 12/31/99 ", today)).toBe("1999-12-31");
  });

  it("reads ISO yyyy-mm-dd", () => {
    expect(parseDateInput("1990-03-12", today)).toBe("1990-03-12");
  });

  it("refuses days that do not exist and anything else", () => {
    expect(parseDateInput("02/30/24", today)).toBeNull();
    expect(parseDateInput("13/01/90", today)).toBeNull();
    expect(parseDateInput("1990-02-30", today)).toBeNull();
    expect(parseDateInput("17-08-1995", today)).toBeNull();
    expect(parseDateInput("08/17/1995", today)).toBeNull();
    expect(parseDateInput("kemarin", today)).toBeNull();
    expect(parseDateInput("", today)).toBeNull();
  });

  it("puts a two-digit year up to this year's in this century, a later one in the last", () => {
    expect(fullYear(26, today)).toBe(2026);
    expect(fullYear(0, today)).toBe(2000);
    expect(fullYear(27, today)).toBe(1927);
    expect(parseDateInput("02/29/24", today)).toBe("2024-02-29");
  });
});

describe("formatDateInput", () => {
  it("shows an ISO date as mm/dd/yy and leaves other text alone", () => {
    expect(formatDateInput("1995-08-17")).toBe("08/17/95");
    expect(formatDateInput("2026-01-05T10:00:00Z")).toBe("01/05/26");
    expect(formatDateInput("08/17/95")).toBe("08/17/95");
    expect(formatDateInput(null)).toBe("");
  });
});

describe("calendarWeeks (weeks start on Sunday)", () => {
  it("puts November 2026's 1st, a Sunday, in the first column", () => {
    const weeks = calendarWeeks(2026, 11);
    expect(weeks[0][0]).toEqual({ iso: "2026-11-01", day: 1 });
    expect(weeks).toHaveLength(5);
    expect(weekdayOrder()[0]).toBe(0);
  });

  it("leaves the days before the 1st empty: August 1995 starts on a Tuesday", () => {
    const first = calendarWeeks(1995, 8)[0];
    expect(first.slice(0, 2)).toEqual([null, null]);
    expect(first[2]).toEqual({ iso: "1995-08-01", day: 1 });
    expect(calendarWeeks(1995, 8).flat().filter(Boolean)).toHaveLength(31);
  });
});
