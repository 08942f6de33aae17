import { describe, expect, it } from "vitest";
import { FACILITY_ADMIN, HOSPITAL } from "../../tests/fixtures/people";
import { facilityDataSchema, facilitySignUpSchema } from "./facility";
import { messageText as worded } from "../validation-details";

const facility = {
  facility_name: "RS Harapan Bunda",
  ...HOSPITAL,
};
const signUp = { ...facility, ...FACILITY_ADMIN, email: "Dewi@Contoh.ID", password: "Rahasia123", password_confirmation: "Rahasia123" };
const data = { ...facility, admin_nik: "3175011203850001", admin_phone: "081298765432", position_id: "3" };

/** The first message per field, as the form shows it. */
function errors(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join(".")] ??= worded(issue.message);
  return out;
}

describe("facilitySignUpSchema", () => {
  it("accepts a complete sign-up, lower-cases the e-mail and leaves an empty facility e-mail out", () => {
    const parsed = facilitySignUpSchema.parse({ ...signUp, contact_email: "" });
    expect(parsed).toMatchObject({ email: "dewi@contoh.id", facility_type: "RUMAH_SAKIT" });
    expect(parsed.contact_email).toBeUndefined();
    expect(facilitySignUpSchema.parse({ ...signUp, contact_email: "Info@RS.ID" }).contact_email).toBe("info@rs.id");
  });

  it("says what is missing or wrong with the spec's messages", () => {
    expect(errors(facilitySignUpSchema.safeParse({}))).toMatchObject({
      facility_name: "Nama Fasyankes harus diisi",
      facility_type: "Jenis Fasyankes harus diisi",
      address: "Alamat Fasyankes harus diisi",
      licence_number: "Nomor Izin Operasional harus diisi",
      contact_phone: "Nomor Telepon Fasyankes harus diisi",
      full_name: "Nama Lengkap harus diisi",
      email: "Alamat Surel harus diisi",
      phone: "Nomor Telepon harus diisi",
      password: "Kata Sandi harus diisi",
      consent: "Centang kotak di samping pernyataan untuk menyatakan setuju",
    });
    expect(errors(facilitySignUpSchema.safeParse({ ...signUp, facility_type: "KAPAL", contact_phone: "02-1", contact_email: "x@", address: "Jl. A" }))).toEqual(
      {
        facility_type: "Jenis Fasyankes harus berupa nilai yang diizinkan",
        contact_phone: "harus berupa angka",
        contact_email: "harus berupa alamat surel yang benar",
        address: "minimal mengandung 10 karakter",
      },
    );
  });

  it("keeps the sign-up's password rules", () => {
    expect(errors(facilitySignUpSchema.safeParse({ ...signUp, password: "abcdefgh", password_confirmation: "abcdefgh" }))).toEqual({
      password: "Format salah",
    });
    expect(errors(facilitySignUpSchema.safeParse({ ...signUp, password_confirmation: "Rahasia124" }))).toEqual({
      password_confirmation: "Konfirmasi Kata Sandi tidak cocok dengan Kata Sandi",
    });
  });
});

describe("facilityDataSchema", () => {
  it("accepts the facility with the admin's own data; the position comes from the form as a string", () => {
    expect(facilityDataSchema.parse(data)).toMatchObject({ admin_nik: "3175011203850001", position_id: 3 });
  });

  it("checks the NIK, the phone and the position", () => {
    expect(errors(facilityDataSchema.safeParse({ ...data, admin_nik: "31750112", admin_phone: "0812", position_id: "" }))).toEqual({
      admin_nik: "harus berupa 16 digit angka",
      admin_phone: "minimal mengandung 9 karakter",
      position_id: "Jabatan harus diisi",
    });
  });
});
