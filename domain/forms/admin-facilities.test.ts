import { describe, expect, it } from "vitest";
import { facilityAdminCreateSchema, facilityVerifySchema } from "./admin-facilities";
import { messageText as worded } from "../validation-details";

const errors = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), worded(i.message)]));

describe("facilityVerifySchema", () => {
  it("needs a reason to reject, with the spec message", () => {
    expect(errors(facilityVerifySchema.safeParse({ decision: "REJECT", reason: "   " }))).toEqual({ reason: "Alasan harus diisi" });
    expect(facilityVerifySchema.parse({ decision: "REJECT", reason: " Izin kedaluwarsa " })).toEqual({ decision: "REJECT", reason: "Izin kedaluwarsa" });
  });

  it("approves with or without a reason, and reads the entry id from a form", () => {
    expect(facilityVerifySchema.parse({ decision: "APPROVE", reason: "", verification_id: "12" })).toEqual({ decision: "APPROVE", verification_id: 12 });
    expect(facilityVerifySchema.parse({ decision: "APPROVE", reason: "Lengkap" })).toMatchObject({ reason: "Lengkap" });
  });

  it("limits the reason and the decision", () => {
    expect(errors(facilityVerifySchema.safeParse({ decision: "APPROVE", reason: "x".repeat(501) }))).toEqual({ reason: "tidak boleh lebih dari 500 karakter" });
    expect(errors(facilityVerifySchema.safeParse({}))).toEqual({ decision: "Keputusan harus diisi" });
    expect(errors(facilityVerifySchema.safeParse({ decision: "MAYBE" }))).toEqual({ decision: "Keputusan harus berupa nilai yang diizinkan" });
  });
});

describe("facilityAdminCreateSchema", () => {
  const valid = {
    full_name: "Ns. Dewi Lestari",
    email: "Dewi@RS.test",
    facility_name: "RSU Harapan Bunda",
    facility_type: "RUMAH_SAKIT",
    address: "Jl. Raya Bogor No. 12, Jakarta Timur",
    licence_number: "503/0099/RS/2025",
    contact_phone: "0218401234",
  };

  it("accepts a facility admin, lower-casing the e-mails and dropping an empty contact e-mail", () => {
    expect(facilityAdminCreateSchema.parse({ ...valid, contact_email: "" })).toEqual({ ...valid, email: "dewi@rs.test", contact_email: undefined });
    expect(facilityAdminCreateSchema.parse({ ...valid, contact_email: "SDM@RS.test" }).contact_email).toBe("sdm@rs.test");
  });

  it("says what is wrong with each field in the spec's words", () => {
    expect(errors(facilityAdminCreateSchema.safeParse({ facility_type: "PASAR", contact_phone: "12345678", contact_email: "x@" }))).toEqual({
      full_name: "Nama Lengkap harus diisi",
      email: "Alamat Surel harus diisi",
      facility_name: "Nama Fasyankes harus diisi",
      facility_type: "Jenis Fasyankes harus berupa nilai yang diizinkan",
      address: "Alamat Fasyankes harus diisi",
      licence_number: "Nomor Izin Operasional harus diisi",
      contact_phone: "minimal mengandung 9 karakter",
      contact_email: "harus berupa alamat surel yang benar",
    });
  });
});
