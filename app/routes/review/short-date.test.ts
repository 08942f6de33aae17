import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TIME_ZONE } from "#domain/time-zone";
import { formatShortDate } from "~/routes/review/__review-list";

const intl = new Intl.DateTimeFormat("id-ID", { day: "numeric", month: "short", year: "numeric", timeZone: TIME_ZONE });

describe("the list's short dates, remembered by their day in WIB", () => {
  it("say what Intl says for any instant, asked in any order and again", () => {
    fc.assert(
      fc.property(
        fc.array(fc.date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true }), { maxLength: 30 }),
        (dates) => {
          for (const d of [...dates, ...dates]) expect(formatShortDate(d.toISOString())).toBe(intl.format(d));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("put a day's last and next day's first minute in WIB apart (16:59:59 and 17:00:00 UTC)", () => {
    expect(formatShortDate("2026-12-10T16:59:59.999Z")).toBe("10 Des 2026");
    expect(formatShortDate("2026-12-10T17:00:00.000Z")).toBe("11 Des 2026");
  });

  it("show a dash for no date, and refuse a broken one as Intl does", () => {
    expect(formatShortDate(null)).toBe("—");
    expect(formatShortDate("")).toBe("—");
    expect(() => formatShortDate("not a date")).toThrow(RangeError);
  });
});
