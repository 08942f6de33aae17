import { describe, expect, it } from "vitest";
import { jalurOfSegment, registrationSchema, segmentOf } from "./registration";
import { FOREIGN_DOCTOR } from "../../tests/fixtures/people";
import { messageText as worded } from "../validation-details";

const schema = registrationSchema(new Date("2026-06-01T00:00:00Z"));

const valid = {
  full_name: "Dr. Maria Santos",
  email: "Maria.Santos@Example.COM",
  ...FOREIGN_DOCTOR,
  identity_number: "p1234567",
  institution_id: "3",
  jalur_id: "OTH",
  activity_kind_id: "2",
};

const messages = (input: Record<string, unknown>) => {
  const r = schema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), worded(i.message)]));
};

describe("registration form", () => {
  it("reads the profile fields, the e-mail (lower case), the pathway and the activity kind", () => {
    expect(schema.parse(valid)).toMatchObject({
      email: "maria.santos@example.com",
      identity_number: "P1234567",
      institution_id: 3,
      graduation_year: 2012,
      jalur_id: "OTH",
      activity_kind_id: 2,
    });
  });

  it("keeps the profile's rules and messages", () => {
    const e = messages({ ...valid, identity_number: undefined, email: "bukan-surel" });
    expect(e.identity_number).toBe("Nomor Identitas harus diisi");
    expect(e.email).toBe("harus berupa alamat surel yang benar");
    expect(messages({ ...valid, identity_type: "NIK", identity_number: "123" }).identity_number).toBeDefined();
  });

  it("asks OTH for the activity kind and SPE for the specialization", () => {
    expect(messages({ ...valid, activity_kind_id: undefined }).activity_kind_id).toBe("Jenis Kegiatan harus diisi");
    expect(messages({ ...valid, jalur_id: "SPE", activity_kind_id: undefined }).specialization_id).toBe("Spesialisasi harus diisi");
    expect(messages({ ...valid, jalur_id: "REG", activity_kind_id: undefined })).toEqual({});
    expect(messages({ ...valid, jalur_id: "XYZ" }).jalur_id).toBe("Jalur Pendaftaran harus berupa nilai yang diizinkan");
  });

  it("maps the route segments to pathways and back", () => {
    expect(jalurOfSegment("regular")).toBe("REG");
    expect(jalurOfSegment("exception")).toBe("SPE");
    expect(jalurOfSegment("4")).toBe("OTH");
    expect(segmentOf("REG", null)).toBe("regular");
    expect(segmentOf("SPE", null)).toBe("exception");
    expect(segmentOf("OTH", 4)).toBe("4");
  });
});
