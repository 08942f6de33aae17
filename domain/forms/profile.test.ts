import { describe, expect, it } from "vitest";
import { CITIZEN_DOCTOR_FORM } from "../../tests/fixtures/people";
import { profileSchema } from "./profile";
import { messageText as worded } from "../validation-details";

const today = new Date("2026-06-01T00:00:00Z");
const schema = profileSchema(today);

const valid = { ...CITIZEN_DOCTOR_FORM };

const messages = (input: Record<string, unknown>) => {
  const r = schema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), worded(i.message)]));
};

describe("profile form", () => {
  it("accepts form strings and JSON numbers alike", () => {
    const r = schema.parse(valid);
    expect(r).toMatchObject({ institution_id: 3, graduation_year: 2015 });
    expect(schema.parse({ ...valid, institution_id: 3, specialization_id: 7, graduation_year: "2015" })).toMatchObject({ specialization_id: 7 });
  });

  it("says what is missing in the spec's words", () => {
    const e = messages({});
    expect(e.full_name).toBe("Nama Lengkap harus diisi");
    expect(e.institution_id).toBe("Institusi Pendidikan harus diisi");
    expect(e.birth_date).toBe("Tanggal Lahir harus diisi");
    expect(e.gender).toBe("Jenis Kelamin harus diisi");
  });

  it("checks the identity number against its type", () => {
    expect(messages({ ...valid, identity_number: "12345" }).identity_number).toBe("harus berupa 16 digit angka");
    expect(messages({ ...valid, identity_type: "PASPOR", identity_number: "p-123/45" }).identity_number).toMatch(/huruf dan angka/);
    expect(schema.parse({ ...valid, identity_type: "PASPOR", identity_number: "p4567890a" }).identity_number).toBe("P4567890A");
  });

  it("takes the birth date as the spec's mm/dd/yy or as ISO, and keeps it as ISO", () => {
    expect(schema.parse({ ...valid, birth_date: "08/17/95" }).birth_date).toBe("1995-08-17");
    expect(schema.parse({ ...valid, birth_date: " 3/12/90 " }).birth_date).toBe("1990-03-12");
    expect(schema.parse({ ...valid, birth_date: "1990-03-12" }).birth_date).toBe("1990-03-12");
    expect(messages({ ...valid, birth_date: "02/30/24" }).birth_date).toBe("Format salah");
    expect(messages({ ...valid, birth_date: "17.08.1995" }).birth_date).toBe("Format salah");
    expect(messages({ ...valid, birth_date: "2026-12-31" }).birth_date).toBe("Tanggal Lahir tidak boleh lebih dari 06/01/26");
  });

  it("refuses impossible dates, future years and unknown values", () => {
    expect(messages({ ...valid, birth_date: "1990-02-30" }).birth_date).toBe("Format salah");
    expect(messages({ ...valid, birth_date: "2027-01-01" }).birth_date).toMatch(/tidak boleh lebih dari/);
    expect(messages({ ...valid, graduation_year: "2030" }).graduation_year).toMatch(/di antara 1950 dan 2026/);
    expect(messages({ ...valid, gender: "X" }).gender).toBe("Jenis Kelamin harus berupa nilai yang diizinkan");
    expect(messages({ ...valid, nationality: "XX" }).nationality).toMatch(/nilai yang diizinkan/);
    expect(messages({ ...valid, phone: "0812345abc" }).phone).toBe("harus berupa angka");
    expect(messages({ ...valid, institution_id: "abc" }).institution_id).toBe("Institusi Pendidikan harus berupa bilangan bulat");
  });
});
