import { describe, expect, it } from "vitest";
import { STAGES } from "../workflow";
import { institutionSchema, reasonSchema, SLA_GROUPS, slaSchema, specializationSchema, staffCreateSchema, staffUpdateSchema } from "./admin";
import { messageText as worded } from "../validation-details";

/** The first message per field, as the form shows it. */
function messages(r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[i.path.join(".")] ??= worded(i.message);
  return out;
}

describe("staff forms", () => {
  it("accepts form strings and JSON numbers alike", () => {
    const form = staffCreateSchema.parse({ full_name: " dr. Rahmat ", email: "Rahmat@Kemkes.GO.ID", role_id: "6", position_id: "3", phone: "" });
    expect(form).toEqual({ full_name: "dr. Rahmat", email: "rahmat@kemkes.go.id", role_id: 6, position_id: 3, phone: undefined });
    expect(staffUpdateSchema.parse({ full_name: "dr. Rahmat", role_id: 2, position_id: 3 })).toEqual({ full_name: "dr. Rahmat", role_id: 2, position_id: 3 });
  });

  it("refuses applicants' and facility roles, and says each rule in the spec's words", () => {
    for (const role_id of ["3", "8", "400", "x"]) {
      expect(messages(staffUpdateSchema.safeParse({ full_name: "dr. Rahmat", role_id, position_id: 1 })).role_id).toBe(
        "Peran harus berupa nilai yang diizinkan",
      );
    }
    expect(messages(staffCreateSchema.safeParse({}))).toEqual({
      full_name: "Nama Lengkap harus diisi",
      email: "Alamat Surel harus diisi",
      role_id: "Peran harus diisi",
      position_id: "Jabatan harus diisi",
    });
    expect(messages(staffCreateSchema.safeParse({ full_name: "ab", email: "x@", role_id: 6, position_id: 1, phone: "0812" })).phone).toBe(
      "minimal mengandung 9 karakter",
    );
  });

  it("requires a reason of at least 5 characters", () => {
    expect(messages(reasonSchema.safeParse({ reason: "  " })).reason).toBe("Alasan harus diisi");
    expect(messages(reasonSchema.safeParse({ reason: "abc" })).reason).toBe("minimal mengandung 5 karakter");
    expect(reasonSchema.parse({ reason: "Masa tugas berakhir" }).reason).toBe("Masa tugas berakhir");
  });
});

describe("SLA form", () => {
  it("has one field per stage of domain/workflow.ts, grouped by pathway", () => {
    expect(SLA_GROUPS.flatMap((g) => g.stages.map((s) => s.id)).sort((a, b) => a - b)).toEqual(STAGES.map((s) => s.id).sort((a, b) => a - b));
    expect(SLA_GROUPS.map((g) => g.jalur)).toEqual(["REG", "SPE", "OTH"]);
  });

  it("accepts whole days 1–365 and says what is wrong otherwise", () => {
    const valid = Object.fromEntries(STAGES.map((s) => [`stage_${s.id}`, "30"]));
    expect(slaSchema.parse(valid).stage_1).toBe(30);
    const bad = messages(slaSchema.safeParse({ ...valid, stage_1: "", stage_2: "0", stage_3: "366", stage_4: "2.5", stage_11: "abc" }));
    expect(bad).toEqual({
      stage_1: "Pemeriksaan Dokumen (Reguler) harus diisi",
      stage_2: "Penyetaraan (Reguler) harus di antara 1 dan 365",
      stage_3: "Evaluasi Kompetensi (Reguler) harus di antara 1 dan 365",
      stage_4: "Pembekalan (Reguler) harus berupa bilangan bulat",
      stage_11: "Pemeriksaan Dokumen (Spesialis) harus berupa bilangan bulat",
    });
  });
});

describe("reference forms", () => {
  it("trims and collapses spaces in names, and checks the country", () => {
    expect(specializationSchema.parse({ name: "  Ilmu   Kedokteran  Olahraga " }).name).toBe("Ilmu Kedokteran Olahraga");
    expect(messages(institutionSchema.safeParse({ name: "Universitas", country: "ZZ" })).country).toBe("Negara harus berupa nilai yang diizinkan");
    expect(messages(specializationSchema.safeParse({ name: "ab" })).name).toBe("minimal mengandung 3 karakter");
  });
});
