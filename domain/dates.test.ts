import { describe, expect, it } from "vitest";
import { datePartsOf, readDateParts, splitDateText } from "./date-parts";
import { formatDateInput, fullYear, parseDateInput } from "./dates";

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

describe("splitDateText (a whole date in one box)", () => {
  it("reads the spec's month first, ISO, and a day first that cannot be a month", () => {
    expect(splitDateText("08/17/1990")).toEqual({ month: "08", day: "17", year: "1990" });
    expect(splitDateText("1990-08-17")).toEqual({ month: "08", day: "17", year: "1990" });
    expect(splitDateText(" 17/08/1990 ")).toEqual({ month: "08", day: "17", year: "1990" });
    expect(splitDateText("17.08.1990")).toEqual({ month: "08", day: "17", year: "1990" });
  });

  it("keeps an ambiguous date in the spec's order (month first), and refuses what is no date", () => {
    expect(splitDateText("05/08/1990")).toEqual({ month: "05", day: "08", year: "1990" });
    expect(splitDateText("17/18/1990")).toEqual({ month: "17", day: "18", year: "1990" });
    expect(splitDateText("kemarin")).toBeNull();
    expect(splitDateText("08")).toBeNull();
  });
});

describe("readDateParts (three boxes: bulan, tanggal, tahun)", () => {
  const read = (month: string, day: string, year: string) => readDateParts({ month, day, year });
  it("reads the three boxes as ISO, one- or two-digit month and day, spaces around ignored", () => {
    expect(read("08", "17", "1990")).toMatchObject({ iso: "1990-08-17" });
    expect(read("8", "7", "2005")).toMatchObject({ iso: "2005-08-07" });
    expect(read(" 12 ", "31", " 1999")).toMatchObject({ iso: "1999-12-31" });
    expect(read("02", "29", "2024")).toMatchObject({ iso: "2024-02-29" });
  });

  it("splits a whole date pasted into the month box, day first read as meant", () => {
    expect(read("17/08/1990", "", "")).toEqual({ iso: "1990-08-17", parts: { month: "08", day: "17", year: "1990" } });
    expect(read("08/17/1990", "", "")).toMatchObject({ iso: "1990-08-17" });
    expect(read("1990-08-17", "", "")).toMatchObject({ iso: "1990-08-17" });
  });

  it("explains a day typed in the month box instead of calling it a wrong month", () => {
    expect(read("17", "08", "1990")).toMatchObject({ problems: [{ box: "month", problem: { rule: "dateDayFirst", params: { month: 17 } } }] });
    expect(read("13", "13", "1990")).toMatchObject({ problems: [{ box: "month", problem: { rule: "dateMonth" } }] });
    expect(read("0", "5", "1990")).toMatchObject({ problems: [{ box: "month", problem: { rule: "dateMonth" } }] });
  });

  it("says each box's own mistake, in the boxes' order: 13 / 40 / 90 is three", () => {
    expect(read("13", "40", "90")).toMatchObject({
      problems: [
        { box: "month", problem: { rule: "dateMonth" } },
        { box: "day", problem: { rule: "dateDay" } },
        { box: "year", problem: { rule: "dateYear" } },
      ],
    });
    expect(read("08", "40", "1990")).toMatchObject({ problems: [{ box: "day", problem: { rule: "dateDay" } }] });
  });

  it("refuses a two-digit year, a day the month lacks, an empty or non-numeric box", () => {
    expect(read("08", "17", "90")).toMatchObject({ problems: [{ box: "year", problem: { rule: "dateYear" } }] });
    expect(read("08/17/90", "", "")).toMatchObject({
      problems: [{ box: "year", problem: { rule: "dateYear" } }],
      parts: { month: "08", day: "17", year: "90" },
    });
    expect(read("02", "30", "2024")).toMatchObject({
      problems: [{ box: "year", problem: { rule: "dateNoSuchDay", params: { day: 30, month: 2, year: 2024 } } }],
    });
    expect(read("02", "29", "2023")).toMatchObject({ problems: [{ problem: { rule: "dateNoSuchDay" } }] });
    expect(read("04", "31", "1990")).toMatchObject({ problems: [{ problem: { rule: "dateNoSuchDay" } }] });
    expect(read("08", "", "1990")).toMatchObject({ problems: [{ box: "day", problem: { rule: "dateDay" } }] });
    expect(read("ag", "17", "1990")).toMatchObject({ problems: [{ box: "month", problem: { rule: "dateMonth" } }] });
    expect(read("08", "17", "19900")).toMatchObject({ problems: [{ box: "year", problem: { rule: "dateYear" } }] });
    expect(read("", "", "")).toMatchObject({ problems: [{ problem: { rule: "required" } }] });
  });
});

describe("datePartsOf (a field's value as three boxes)", () => {
  it("splits an ISO default and takes posted boxes as they are", () => {
    expect(datePartsOf("1990-03-12")).toEqual({ month: "03", day: "12", year: "1990" });
    expect(datePartsOf({ month: "17", day: "08", year: "90" })).toEqual({ month: "17", day: "08", year: "90" });
    expect(datePartsOf(undefined)).toEqual({ month: "", day: "", year: "" });
  });
});
