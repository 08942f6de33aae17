import { describe, expect, it } from "vitest";
import { statusLabel, type ApplicationStatus } from "./status-label";

const rec = (status: ApplicationStatus | null, stage: number | null, is_submitted = true) => ({
  status, is_submitted, tahap: stage === null ? null : { id: stage },
});

describe("status label (spec §4)", () => {
  it.each([
    [rec("IN-PROGRESS", 1), 1, "Dalam Proses", "yellow"],
    [rec("IN-PROGRESS", 23, false), 1, "Dalam Proses", "yellow"],
    [rec("FAILED", 1), 2, "Tolak", "red"],
    [rec("FAILED", 11), 2, "Tolak", "red"],
    [rec("FAILED", 21), 2, "Tolak", "red"],
    [rec("REUPLOAD", 1), 3, "Perbaikan Berkas", "red"],
    [rec("REUPLOAD", 21), 3, "Perbaikan Berkas", "red"],
    [rec("FAILED", 2), 4, "Tidak Setara", "red"],
    [rec("PASSED", 2), 5, "Setara", "green"],
    [rec("FAILED", 3), 6, "Belum Kompeten", "red"],
    [rec("FAILED", 22), 6, "Belum Kompeten", "red"],
    [rec("PASSED", 12), 7, "Kompeten", "green"],
    [rec("FAILED", 23), 8, "Tidak Layak", "red"],
    [rec("PASSED", 23), 9, "Layak", "green"],
    [rec("PASSED", 4), 10, "Sesuai", "green"],
    [rec("PASSED", 13), 10, "Sesuai", "green"],
    [rec("PASSED", 1), 11, "Selesai", "green"],
    [rec("PASSED", 99), 11, "Selesai", "green"],
    [rec(null, null, false), 12, "Draf Permohonan", "blue"],
    [rec("FAILED", 4, false), 12, "Draf Permohonan", "blue"],
    [rec("REUPLOAD", 2, false), 12, "Draf Permohonan", "blue"],
    [rec(null, null, true), 13, null, "none"],
    [rec("FAILED", 4, true), 13, null, "none"],
  ] as const)("%o → rule %i %s", (record, rule, label, colour) => {
    expect(statusLabel(record)).toEqual({ rule, label, colour });
  });

  it("checks IN-PROGRESS before anything else (order matters)", () => {
    expect(statusLabel(rec("IN-PROGRESS", 2)).rule).toBe(1);
  });
  it("prefers a stage rule to 'Selesai' for PASSED", () => {
    expect(statusLabel(rec("PASSED", 3)).label).toBe("Kompeten");
  });
});
