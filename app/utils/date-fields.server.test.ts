import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { profileSchema } from "#domain/forms/profile";
import { createInstance } from "i18next";
import { formTexts } from "#domain/validation";
import { i18nConfig } from "~/i18n";
import { readDateFields } from "./date-fields.server";

const form = (entries: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.set(k, v);
  return fd;
};
/** The words of an Indonesian request, as an action builds its schema and reads its dates with. */
async function indonesian() {
  const i18n = createInstance();
  await i18n.init({ ...i18nConfig, lng: "id" });
  return formTexts(i18n.getFixedT("id"));
}
const INDONESIAN = await indonesian();

const boxes = (month: string, day: string, year: string) => form({ "birth_date.month": month, "birth_date.day": day, "birth_date.year": year });

describe("readDateFields: a date's three boxes as the one ISO date the schema and API take", () => {
  it("replaces good boxes by ISO, a day-first paste in the month box read as meant", () => {
    for (const fd of [boxes("08", "17", "1990"), boxes("17/08/1990", "", ""), boxes("1990-08-17", "", "")]) {
      expect(readDateFields(fd, ["birth_date"], INDONESIAN)).toBeUndefined();
      expect([...fd.keys()]).toEqual(["birth_date"]);
      expect(fd.get("birth_date")).toBe("1990-08-17");
    }
  });

  it("leaves empty boxes to the schema's required message", () => {
    const fd = boxes("", "", "");
    expect(readDateFields(fd, ["birth_date"], INDONESIAN)).toBeUndefined();
    const s = parseWithZod(fd, { schema: profileSchema(new Date("2026-06-01T00:00:00Z"), INDONESIAN) });
    expect(s.status === "error" && s.error?.birth_date).toEqual(["Tanggal Lahir harus diisi"]);
  });

  it("keeps wrong boxes as typed (a paste split) and names the expected order and format, never just 'Format salah'", () => {
    const cases: Array<[FormData, RegExp]> = [
      [boxes("17", "08", "1990"), /^Bulan 17 tidak ada: isi bulan dulu, lalu tanggal, lalu tahun, contoh 08 \/ 17 \/ 1990/],
      [boxes("08", "17", "90"), /^Tahun harus 4 digit, contoh 1990/],
      [boxes("02", "30", "2024"), /^Tanggal 30 tidak ada pada bulan 2 tahun 2024/],
      [boxes("08", "", "1990"), /^Tanggal harus angka 1 sampai 31 \(urutannya bulan, tanggal, tahun, contoh 08 \/ 17 \/ 1990\)$/],
    ];
    for (const [fd, message] of cases) {
      const errors = readDateFields(fd, ["birth_date"], INDONESIAN);
      expect(errors?.birth_date[0]).toMatch(message);
      expect(fd.has("birth_date")).toBe(false);
    }
    // Each wrong box has its own message, in the boxes' order.
    expect(readDateFields(boxes("13", "40", "90"), ["birth_date"], INDONESIAN)?.birth_date).toEqual([
      "Bulan harus angka 1 sampai 12 (urutannya bulan, tanggal, tahun, contoh 08 / 17 / 1990)",
      "Tanggal harus angka 1 sampai 31 (urutannya bulan, tanggal, tahun, contoh 08 / 17 / 1990)",
      "Tahun harus 4 digit, contoh 1990 (urutannya bulan, tanggal, tahun)",
    ]);
    const pasted = boxes("08/17/90", "", "");
    readDateFields(pasted, ["birth_date"], INDONESIAN);
    expect([pasted.get("birth_date.month"), pasted.get("birth_date.day"), pasted.get("birth_date.year")]).toEqual(["08", "17", "90"]);
  });

  it("leaves a field posted whole alone", () => {
    const fd = form({ birth_date: "08/17/95" });
    expect(readDateFields(fd, ["birth_date"], INDONESIAN)).toBeUndefined();
    expect(fd.get("birth_date")).toBe("08/17/95");
  });
});
