import { describe, expect, it } from "vitest";
import { TIME_ZONE, UTC_OFFSET, wibDate, wibHour, wibLocalInput } from "./time-zone";

describe("the portal's time zone (WIB)", () => {
  it("names the day and the hour as Jakarta does, across midnight UTC", () => {
    const instant = new Date("2026-11-26T18:30:00Z"); // 01:30 on the 27th in Jakarta
    expect(wibDate(instant)).toBe("2026-11-27");
    expect(wibHour(instant)).toBe(1);
    expect(wibDate(instant)).toBe(instant.toLocaleDateString("en-CA", { timeZone: TIME_ZONE }));
    expect(wibHour(instant)).toBe(Number(instant.toLocaleString("en-GB", { timeZone: TIME_ZONE, hour: "2-digit", hourCycle: "h23" })));
  });
  it("writes an instant as the datetime-local value an admin typed, and reads it back with the offset", () => {
    expect(wibLocalInput("2027-03-15T01:00:00.000Z")).toBe("2027-03-15T08:00");
    expect(new Date(`${wibLocalInput("2027-03-15T01:00:00.000Z")}${UTC_OFFSET}`).toISOString()).toBe("2027-03-15T01:00:00.000Z");
    expect(wibLocalInput(null)).toBe("");
    expect(wibLocalInput("bukan tanggal")).toBe("");
  });
});
