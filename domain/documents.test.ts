import { describe, expect, it } from "vitest";
import { DOCUMENT_REQUIREMENTS, MB, maxBytes, requirementsFor } from "./documents";

const IMAGE_PDF_MIMES = "image/jpg,image/jpeg,image/png,application/pdf";
const CV_MIMES = "application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/pdf";

describe("document requirements (spec §5)", () => {
  it("has 7 REG, 7 SPE and 8 OTH documents with the spec's ids", () => {
    expect(requirementsFor("REG").map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(requirementsFor("SPE").map((r) => r.id)).toEqual([11, 12, 13, 14, 15, 16, 17]);
    expect(requirementsFor("OTH").map((r) => r.id)).toEqual([21, 22, 23, 24, 25, 26, 27, 28]);
    expect(DOCUMENT_REQUIREMENTS).toHaveLength(22);
  });

  it("keeps every item active, not KEK, in order_num order from 1", () => {
    for (const jalur of ["REG", "SPE", "OTH"] as const) {
      const items = requirementsFor(jalur);
      expect(items.map((r) => r.order_num)).toEqual(items.map((_, i) => i + 1));
      expect(items.every((r) => r.is_active && !r.is_kek)).toBe(true);
    }
  });

  it("allows 5MB only for the merged documents and 2MB elsewhere", () => {
    const merged = DOCUMENT_REQUIREMENTS.filter((r) => r.merged).map((r) => r.id);
    expect(merged).toEqual([3, 5, 13, 15, 24]);
    for (const r of DOCUMENT_REQUIREMENTS) {
      expect(r.max_size).toBe(r.merged ? 5 : 2);
      expect(maxBytes(r)).toBe(r.max_size * MB);
      if (r.merged) expect(r.help_text).toMatch(/satu berkas PDF.*5MB/);
    }
    expect(maxBytes({ max_size: 2 })).toBe(2_097_152);
  });

  it("accepts doc/docx/pdf for the CV and jpg/jpeg/png/pdf for the rest", () => {
    const cv = DOCUMENT_REQUIREMENTS.filter((r) => r.allowed_mimetypes === CV_MIMES).map((r) => r.id);
    expect(cv).toEqual([2, 12, 23]);
    for (const r of DOCUMENT_REQUIREMENTS) {
      if (cv.includes(r.id)) {
        expect(r.name).toBe("Curriculum Vitae (CV)");
        expect(r.allowed_extnames).toBe("doc,docx,pdf");
      } else {
        expect(r.allowed_mimetypes).toBe(IMAGE_PDF_MIMES);
        expect(r.allowed_extnames).toBe("jpg,jpeg,png,pdf");
        expect(r.help_text).toContain("Tipe berkas harus JPG, JPEG, PNG atau PDF.");
      }
    }
  });

  it("asks 3 years of work experience for REG and 5 for SPE", () => {
    expect(requirementsFor("REG")[5].name).toMatch(/paling sedikit 3 \(tiga\) tahun/);
    expect(requirementsFor("SPE")[5].name).toMatch(/paling sedikit 5 \(lima\) tahun/);
    const otherNames = (jalur: "REG" | "SPE") =>
      requirementsFor(jalur)
        .filter((r) => r.order_num !== 6)
        .map((r) => r.name);
    expect(otherNames("SPE")).toEqual(otherNames("REG"));
  });

  it("names the identity proof and CV in Indonesian", () => {
    expect(requirementsFor("REG")[0].name).toBe("Bukti identitas diri yang masih berlaku");
    expect(requirementsFor("OTH")[1].name).toBe("Bukti identitas diri yang masih berlaku");
    expect(requirementsFor("OTH")[0].name).toBe("Proposal kegiatan");
  });
});
