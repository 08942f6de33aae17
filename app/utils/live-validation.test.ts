import { describe, expect, it } from "vitest";
import { citizenSignUpSchema, foreignSignUpSchema, loginSchema } from "#domain/forms/accounts";
import { rules as citizenSignUp } from "#domain/forms/live/citizenSignUp.generated";
import { rules as foreignSignUp } from "#domain/forms/live/foreignSignUp.generated";
import { rules as login } from "#domain/forms/live/login.generated";
import { rules as profile } from "#domain/forms/live/profile.generated";
import { readDateParts } from "#domain/date-parts";
import { profileSchema } from "#domain/forms/profile";
import type { LiveForm } from "#domain/live-checks";
import { validationMessage } from "#domain/validation-messages";
import { validateLive } from "./live-validation";
import { messageText } from "#domain/validation-details";

const today = new Date("2026-06-01T00:00:00Z");
const id = { locale: "id", today, message: (rule: string, params: Record<string, string | number>) => validationMessage(rule, params, "id") };

/** A one-field form with these steps, to see each check's message. */
const one = (steps: LiveForm["fields"][string]["steps"], optional?: true): LiveForm => ({
  name: "t",
  constraint: {},
  labels: { x: { id: "Nama" } },
  fields: { x: { steps, ...(optional ? { optional } : {}) } },
});
const first = (form: LiveForm, x: string | undefined) => validateLive(form, { x }, id).x?.[0];

describe("validateLive: each check says the catalogue's Indonesian message (spec §5)", () => {
  it("present / min / max / pattern / notPattern / equals", () => {
    expect(first(one([{ check: { kind: "present" }, message: { rule: "required", params: { field: "Nama" } } }]), undefined)).toBe("Nama harus diisi");
    expect(first(one([{ check: { kind: "minLength", n: 3 }, message: { rule: "min", params: { length: 3 } } }]), "ab")).toBe("minimal mengandung 3 karakter");
    expect(first(one([{ check: { kind: "maxLength", n: 5 }, message: { rule: "max", params: { length: 5 } } }]), "abcdef")).toBe(
      "tidak boleh lebih dari 5 karakter",
    );
    expect(first(one([{ check: { kind: "pattern", source: "^\\d{16}$" }, message: { rule: "digits", params: { length: 16 } } }]), "12")).toBe(
      "harus berupa 16 digit angka",
    );
    expect(first(one([{ check: { kind: "notPattern", source: "[\\u0000]" }, message: { rule: "regex", params: {} } }]), "a\u0000")).toBe("Format salah");
    expect(first(one([{ check: { kind: "equals", value: "on" }, message: { rule: "required", params: { field: "Nama" } } }]), "off")).toBe("Nama harus diisi");
  });

  it("dates: mm/dd/yy or ISO, a real day, not after today (shown as mm/dd/yy)", () => {
    const date = one([
      { transform: "trim" },
      { check: { kind: "date" }, message: { rule: "regex", params: {} } },
      { transform: "isoDate" },
      { check: { kind: "notAfterToday" }, message: { rule: "max_value", params: { field: "Nama", max: "$today" } } },
    ]);
    expect(first(date, "08/17/95")).toBeUndefined();
    expect(first(date, "1995-08-17")).toBeUndefined();
    expect(first(date, "02/30/24")).toBe("Format salah");
    expect(first(date, "kemarin")).toBe("Format salah");
    expect(first(date, "12/31/26")).toBe("Nama tidak boleh lebih dari 06/01/26");
  });

  it("skips an empty optional field, transforms before checking, and stops at the first failure", () => {
    expect(first(one([{ check: { kind: "minLength", n: 3 }, message: { rule: "min", params: { length: 3 } } }], true), undefined)).toBeUndefined();
    const phone = one([
      { transform: "stripSpaces" },
      { check: { kind: "pattern", source: "^\\+?\\d+$" }, message: { rule: "numeric", params: {} } },
      { check: { kind: "maxLength", n: 3 }, message: { rule: "max", params: { length: 3 } } },
    ]);
    expect(first(phone, "1 2 3")).toBeUndefined();
    expect(first(phone, "12a4")).toBe("harus berupa angka");
  });

  it("says the labels in English on an English page, by their locale keys", () => {
    const form: LiveForm = {
      name: "t",
      constraint: {},
      labels: { x: { id: "Nama", key: "k.name" } },
      fields: { x: { steps: [{ check: { kind: "present" }, message: { rule: "required", params: { field: "Nama" } } }] } },
    };
    expect(validateLive(form, {}, { locale: "en-US", t: () => "Name", today, message: (rule, params) => validationMessage(rule, params, "en") }).x).toEqual([
      "Name is required",
    ]);
  });
});

describe("validateLive: a date's three boxes (bulan, tanggal, tahun)", () => {
  const boxes = (month: string, day: string, year: string) => validateLive(profile, { birth_date: { month, day, year } }, { ...id, dateParts: readDateParts });
  it("says nothing of a good date, and says on the year box what is wrong, naming the order and format", () => {
    expect(boxes("08", "17", "1990")["birth_date.year"]).toBeUndefined();
    expect(boxes("17/08/1990", "", "")["birth_date.year"]).toBeUndefined();
    expect(boxes("17", "08", "1990")["birth_date.month"]).toEqual([
      "Bulan 17 tidak ada: isi bulan dulu, lalu tanggal, lalu tahun, contoh 08 / 17 / 1990 untuk 17 Agustus 1990",
    ]);
    expect(boxes("08", "17", "90")["birth_date.year"]?.[0]).toMatch(/^Tahun harus 4 digit/);
    expect(boxes("02", "30", "2024")["birth_date.year"]?.[0]).toMatch(/^Tanggal 30 tidak ada pada bulan 2 tahun 2024/);
    expect(boxes("", "", "")["birth_date.year"]).toEqual(["Tanggal Lahir harus diisi"]);
    expect(boxes("12", "31", "2026")["birth_date.year"]).toEqual(["Tanggal Lahir tidak boleh lebih dari 06/01/26"]);
    expect(boxes("17", "08", "1990").birth_date).toBeUndefined();
  });

  it("says each box's own mistake on that box: 13 / 40 / 90 is three messages, not only the year's", () => {
    expect(boxes("13", "40", "90")).toMatchObject({
      "birth_date.month": ["Bulan harus angka 1 sampai 12 (urutannya bulan, tanggal, tahun, contoh 08 / 17 / 1990)"],
      "birth_date.day": ["Tanggal harus angka 1 sampai 31 (urutannya bulan, tanggal, tahun, contoh 08 / 17 / 1990)"],
      "birth_date.year": ["Tahun harus 4 digit, contoh 1990 (urutannya bulan, tanggal, tahun)"],
    });
    // A month typed alone: its box is right; the boxes not typed in yet are conform's to keep quiet.
    expect(boxes("08", "", "")["birth_date.month"]).toBeUndefined();
  });
});

/** The server's first message for each field (what conform shows), from the zod schema, worded by its code. */
function serverFirst(
  schema: { safeParse: (v: unknown) => { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } },
  value: Record<string, unknown>,
) {
  const out: Record<string, string> = {};
  for (const issue of schema.safeParse(value).error?.issues ?? []) {
    const k = String(issue.path[0] ?? "");
    out[k] ??= messageText(issue.message);
  }
  return out;
}

describe("the browser's messages agree with the server's for the same input", () => {
  const cases: Array<[string, Record<string, string | undefined>]> = [
    ["empty", {}],
    [
      "bad e-mail, short name and password",
      { full_name: "ab", email: "budi@", phone: "0812 3456 7890", password: "abc", password_confirmation: "abd", nik: "123", consent: "on" },
    ],
    [
      "spaces only, letters in the phone",
      { full_name: "   ", email: " budi@contoh.id ", phone: "0812-345", password: "abcdefgh", password_confirmation: "abcdefgh", nik: "1234567890123456" },
    ],
    [
      "too long phone, password mismatch",
      {
        full_name: "Budi Santoso",
        email: "budi@contoh.id",
        phone: "+62 812 3456 7890 1234",
        password: "rahasia123",
        password_confirmation: "rahasia124",
        nik: "1234567890123456",
        consent: "on",
      },
    ],
  ];

  it.each(cases)("citizen sign-up: %s", (_, input) => {
    const server = serverFirst(citizenSignUpSchema, input);
    const browser = validateLive(citizenSignUp, input, id);
    // Every message the browser says, the server says too; the browser may leave some to the server.
    for (const [field, [message]] of Object.entries(browser)) expect({ field, message }).toEqual({ field, message: server[field] });
    // The fields the browser can check fully: it finds what the server finds.
    for (const field of ["full_name", "email", "phone", "password", "password_confirmation", "nik", "consent"]) {
      expect({ field, message: browser[field]?.[0] }).toEqual({ field, message: server[field] });
    }
  });

  it.each(cases)("foreign sign-up and login: %s", (_, input) => {
    for (const [schema, form] of [
      [foreignSignUpSchema, foreignSignUp],
      [loginSchema, login],
    ] as const) {
      const server = serverFirst(schema, input);
      for (const [field, [message]] of Object.entries(validateLive(form, input, id))) {
        // zod leaves the object's `confirmed` check until every field has a value; the browser says it at once.
        if (field === "password_confirmation" && server[field] === undefined) continue;
        expect({ field, message }).toEqual({ field, message: server[field] });
      }
    }
  });

  it("says a password mismatch at once, in the words the server says once the rest is filled in", () => {
    const input = {
      full_name: "Budi Santoso",
      email: "budi@contoh.id",
      phone: "0812 3456 7890",
      password: "rahasia123",
      password_confirmation: "rahasia124",
      foreign_id: "AB12345",
      nationality: "PH",
      is_kek: "tidak",
      jalur_id: "REG",
      consent: "on",
    };
    const browser = validateLive(foreignSignUp, { password: "rahasia123", password_confirmation: "rahasia124" }, id).password_confirmation;
    expect(browser).toEqual(["Konfirmasi Kata Sandi tidak cocok dengan Kata Sandi"]);
    expect(serverFirst(foreignSignUpSchema, input)).toEqual({ password_confirmation: browser![0] });
  });

  it.each([["08/17/95"], ["1995-08-17"], ["02/30/24"], ["17.08.1995"], ["12/31/26"], [" "]])("personal data's birth date %j", (birth_date) => {
    const server = serverFirst(profileSchema(today), { birth_date });
    expect(validateLive(profile, { birth_date }, id).birth_date?.[0]).toBe(server.birth_date);
  });
});
