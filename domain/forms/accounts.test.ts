import { describe, expect, it } from "vitest";
import { citizenSignUpSchema, foreignSignUpSchema, resetPasswordSchema } from "./accounts";
import { messageText as worded } from "../validation-details";

const citizen = {
  full_name: "Budi Santoso",
  nik: "3171234567890123",
  email: "Budi@Contoh.id",
  phone: "081234567890",
  password: "Rahasia123",
  password_confirmation: "Rahasia123",
  consent: "on",
};
/** The first message of each field, as the form shows it. */
const errors = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) => {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[i.path.join(".")] ??= worded(i.message);
  return out;
};

describe("citizen sign-up schema", () => {
  it("accepts a valid sign-up and lower-cases the e-mail", () => {
    const r = citizenSignUpSchema.safeParse(citizen);
    expect(r.success).toBe(true);
    expect(r.data?.email).toBe("budi@contoh.id");
  });
  it("gives the spec's messages field by field", () => {
    const r = citizenSignUpSchema.safeParse({
      ...citizen,
      full_name: "x".repeat(10_000),
      nik: "123",
      email: "salah",
      phone: "08-12",
      password: "abcdefgh",
      consent: undefined,
    });
    expect(errors(r)).toMatchObject({
      full_name: "tidak boleh lebih dari 150 karakter",
      nik: "harus berupa 16 digit angka",
      email: "harus berupa alamat surel yang benar",
      phone: "harus berupa angka",
      password: "Format salah",
      consent: "Centang kotak di samping pernyataan untuk menyatakan setuju",
    });
  });
  it("says when the confirmation differs", () => {
    expect(errors(citizenSignUpSchema.safeParse({ ...citizen, password_confirmation: "Lain12345" }))).toEqual({
      password_confirmation: "Konfirmasi Kata Sandi tidak cocok dengan Kata Sandi",
    });
  });
  it("requires every field", () => {
    expect(errors(citizenSignUpSchema.safeParse({}))).toMatchObject({
      full_name: "Nama Lengkap harus diisi",
      nik: "NIK harus diisi",
      email: "Alamat Surel harus diisi",
    });
  });
});

describe("foreign sign-up schema", () => {
  const foreign = { ...citizen, nik: undefined, foreign_id: "p1234567", nationality: "MY", is_kek: "tidak", jalur_id: "OTH" };
  it("accepts a valid sign-up and upper-cases the passport number", () => {
    const r = foreignSignUpSchema.safeParse(foreign);
    expect(r.success).toBe(true);
    expect(r.data?.foreign_id).toBe("P1234567");
  });
  it("refuses an unknown country, a bad passport and a bad pathway", () => {
    expect(errors(foreignSignUpSchema.safeParse({ ...foreign, nationality: "XX", foreign_id: "<script>", jalur_id: "ABC" }))).toMatchObject({
      nationality: "Kewarganegaraan harus berupa nilai yang diizinkan",
      foreign_id: "Nomor Paspor / Identitas Asing hanya boleh mengandung huruf dan angka",
      jalur_id: "Jalur Pendaftaran harus berupa nilai yang diizinkan",
    });
  });
});

describe("reset password schema", () => {
  it("needs the token and matching passwords", () => {
    expect(resetPasswordSchema.safeParse({ token: "t", password: "Baru12345", password_confirmation: "Baru12345" }).success).toBe(true);
    expect(errors(resetPasswordSchema.safeParse({ token: "t", password: "Baru12345", password_confirmation: "x" }))).toEqual({
      password_confirmation: "Konfirmasi Kata Sandi tidak cocok dengan Kata Sandi",
    });
  });
});
