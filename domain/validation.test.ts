import { describe, expect, it } from "vitest";
import { z } from "zod";
import { confirmed, rules, validationMessage, VALIDATION_MESSAGES } from "./validation";
import { messageText } from "./validation-details";

/** A message as the API words it: the code the schema's message carries, in Indonesian. */
const worded = (message: string | undefined) => (message === undefined ? undefined : messageText(message));

const firstError = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? undefined : worded(r.error.issues[0].message);
};

describe("validation catalogue (spec §5)", () => {
  it("has the spec's exact Indonesian texts", () => {
    expect(validationMessage("required", { field: "Nama" })).toBe("Nama harus diisi");
    expect(validationMessage("required_if", { field: "Nama" })).toBe("Nama harus diisi");
    expect(validationMessage("email")).toBe("harus berupa alamat surel yang benar");
    expect(validationMessage("min", { length: 8 })).toBe("minimal mengandung 8 karakter");
    expect(validationMessage("max", { length: 5 })).toBe("tidak boleh lebih dari 5 karakter");
    expect(validationMessage("numeric")).toBe("harus berupa angka");
    expect(validationMessage("digits", { length: 16 })).toBe("harus berupa 16 digit angka");
    expect(validationMessage("length", { length: 3 })).toBe("Panjang harus tepat 3");
    expect(validationMessage("confirmed", { field: "Konfirmasi Kata Sandi", target: "Kata Sandi" })).toBe(
      "Konfirmasi Kata Sandi tidak cocok dengan Kata Sandi",
    );
    expect(validationMessage("size", { size: 2048 })).toBe("harus lebih kecil dari 2048KB");
    expect(validationMessage("regex")).toBe("Format salah");
  });
  it("falls back to the default message for an unknown rule", () => {
    expect(validationMessage("no_such_rule", { field: "X" })).toBe("X is not valid.");
  });
  it("falls back to English for another locale", () => {
    expect(validationMessage("required", { field: "Name" }, "en-US")).toBe("Name is required");
  });
  it("covers every rule in both locales", () => {
    expect(Object.keys(VALIDATION_MESSAGES.en).sort()).toEqual(Object.keys(VALIDATION_MESSAGES.id).sort());
  });
});

describe("zod rules", () => {
  it("required: missing, empty and blank", () => {
    const s = rules.required("Nama");
    expect(firstError(s, undefined)).toBe("Nama harus diisi");
    expect(firstError(s, "")).toBe("Nama harus diisi");
    expect(firstError(s, "   ")).toBe("Nama harus diisi");
    expect(firstError(s, "Budi")).toBeUndefined();
  });
  it("email", () => {
    expect(firstError(rules.email("Surel"), "bukan-surel")).toBe("harus berupa alamat surel yang benar");
    expect(rules.email("Surel").parse(" A@B.co ")).toBe("a@b.co");
  });
  it("digits", () => {
    expect(firstError(rules.digits("NIK", 16), "123")).toBe("harus berupa 16 digit angka");
    expect(firstError(rules.digits("NIK", 16), "12345678901234ab")).toBe("harus berupa 16 digit angka");
    expect(firstError(rules.digits("NIK", 16), "1234567890123456")).toBeUndefined();
  });
  it("text min and max", () => {
    const s = rules.text("Nama", { min: 3, max: 5 });
    expect(firstError(s, "ab")).toBe("minimal mengandung 3 karakter");
    expect(firstError(s, "abcdef")).toBe("tidak boleh lebih dari 5 karakter");
  });
  it("numeric", () => {
    expect(firstError(rules.numeric("Telepon", { max: 15 }), "08a")).toBe("harus berupa angka");
  });
  it("phone: digits in groups and an international '+', kept without the spaces; the rest is refused", () => {
    const phone = rules.phone("Nomor Telepon", { min: 9, max: 15 });
    expect(phone.parse("+63 917 123 4567")).toBe("+639171234567");
    expect(phone.parse("0812 3456 7890")).toBe("081234567890");
    expect(phone.parse("081234567890")).toBe("081234567890");
    const first = (v: unknown) => worded(phone.safeParse(v).error?.issues[0]?.message);
    expect(first("08-12")).toBe("harus berupa angka");
    expect(first("+")).toBe("harus berupa angka");
    expect(first("6+3917123456")).toBe("harus berupa angka");
    expect(first("+63 917")).toBe("minimal mengandung 9 karakter");
    expect(first("+63 917 123 4567 8901")).toBe("tidak boleh lebih dari 15 karakter");
    expect(first("   ")).toBe("Nomor Telepon harus diisi");
  });
  it("password keeps spaces and checks length", () => {
    expect(firstError(rules.password("Kata Sandi"), "short")).toBe("minimal mengandung 8 karakter");
    expect(rules.password("Kata Sandi").parse(" spaced pw ")).toBe(" spaced pw ");
  });
  it("confirmed", () => {
    const s = confirmed(z.object({ password: z.string(), password_confirmation: z.string() }), "password", "password_confirmation", {
      field: "Konfirmasi Kata Sandi",
      target: "Kata Sandi",
    });
    const r = s.safeParse({ password: "a", password_confirmation: "b" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ["password_confirmation"] });
    expect(worded(r.error?.issues[0]?.message)).toBe("Konfirmasi Kata Sandi tidak cocok dengan Kata Sandi");
  });
  it("oneOf", () => {
    const s = rules.oneOf("Jalur", ["REG", "SPE", "OTH"]);
    expect(firstError(s, "XYZ")).toBe("Jalur harus berupa nilai yang diizinkan");
    expect(firstError(s, undefined)).toBe("Jalur harus diisi");
  });
});

describe("names and free text refuse control characters", () => {
  const ONE_LINE = "tidak boleh berisi baris baru, tab, atau karakter kontrol lainnya";
  const LINES = "tidak boleh berisi tab atau karakter kontrol lainnya; baris baru boleh";
  const messageOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: string) => {
    const r = schema.safeParse(value);
    return r.success ? null : worded(r.error!.issues[0].message);
  };
  // C0 (with tab, CR and LF inside the text), DEL and C1 (NEL, CSI): each on its own, between letters.
  const CONTROLS = ["\u0000", "\u0007", "\t", "\n", "\r", "\r\n", "\u000b", "\u000c", "\u001b[31m", "\u007f", "\u0085", "\u009b"];

  it("a one-line name refuses every one of them, with a message that says what is wrong", () => {
    const name = rules.text("Nama Lengkap", { min: 3, max: 150 });
    expect(messageOf(name, "Budi Santoso")).toBeNull();
    for (const c of CONTROLS) expect(messageOf(name, `Budi${c}Santoso`), JSON.stringify(c)).toBe(ONE_LINE);
    expect(messageOf(rules.optionalText({ max: 10 }), "ok\u0008")).toBe(ONE_LINE);
    // Letters of any script, and spaces at either end (trimmed), are fine.
    expect(messageOf(name, "  Nguyễn Văn Đức  ")).toBeNull();
  });

  it("a multi-line text keeps line breaks (LF, or CR LF as a browser sends a textarea) and refuses the rest", () => {
    const note = rules.text("Catatan", { max: 2000, multiline: true });
    expect(messageOf(note, "Baris satu\nbaris dua\r\nbaris tiga")).toBeNull();
    for (const c of ["\u0000", "\u0007", "\t", "\r", "\u000b", "\u000c", "\u001b[31m", "\u007f", "\u0085", "\u009b"]) {
      expect(messageOf(note, `Baris${c}dua`), JSON.stringify(c)).toBe(LINES);
    }
    expect(messageOf(rules.optionalText({ max: 100, multiline: true }), "a\r\nb")).toBeNull();
  });

  it("wraps a field with its own messages, and says the rule in English for an English request", () => {
    const reason = rules.plainText(z.string().min(1, "Alasan harus diisi"));
    expect(messageOf(reason, "")).toBe("Alasan harus diisi");
    expect(messageOf(reason, "a\nb")).toBe(ONE_LINE);
    expect(validationMessage("controlCharacters", {}, "en")).toBe("may not contain line breaks, tabs or other control characters");
    expect(validationMessage("controlCharactersMultiline", {}, "en")).toBe("may not contain tabs or other control characters; line breaks are fine");
  });
});
