import { describe, expect, it } from "vitest";
import { labelMeaning, type ApplicationStatus, type LabelMeaning } from "./status-label";
import { stageName } from "./workflow-words";
import { statusLabel } from "./status-label-words";

const rec = (status: ApplicationStatus | null, stage: number | null, is_submitted = true) => ({
  status,
  is_submitted,
  tahap: stage === null ? null : { id: stage },
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

describe("what a label means: its stage and what comes next", () => {
  /** The meaning with its stages (ids) named as the default language names them. */
  const named = (m: LabelMeaning) => ({
    ...m,
    stage: m.stage === null ? null : (stageName(m.stage) ?? String(m.stage)),
    next: m.next === null ? null : stageName(m.next),
  });
  it.each([
    // rule, record, meaning
    [1, rec("IN-PROGRESS", 2), { key: "inReview", stage: "Penyetaraan", next: null }],
    [2, rec("FAILED", 11), { key: "failed", stage: "Pemeriksaan Dokumen", next: null }],
    [3, rec("REUPLOAD", 21), { key: "reupload", stage: "Pemeriksaan Dokumen", next: null }],
    [4, rec("FAILED", 2), { key: "failed", stage: "Penyetaraan", next: null }],
    [5, rec("PASSED", 2), { key: "passedNext", stage: "Penyetaraan", next: "Evaluasi Kompetensi" }],
    [6, rec("FAILED", 22), { key: "failed", stage: "Evaluasi Kompetensi", next: null }],
    [7, rec("PASSED", 3), { key: "passedNext", stage: "Evaluasi Kompetensi", next: "Pembekalan" }],
    [7, rec("PASSED", 22), { key: "passedNext", stage: "Evaluasi Kompetensi", next: "Kelayakan" }],
    [8, rec("FAILED", 23), { key: "failed", stage: "Kelayakan", next: null }],
    [9, rec("PASSED", 23), { key: "passedFinal", stage: "Kelayakan", next: null }],
    [10, rec("PASSED", 13), { key: "passedFinal", stage: "Pembekalan", next: null }],
    [11, rec("PASSED", 1), { key: "passedNext", stage: "Pemeriksaan Dokumen", next: "Penyetaraan" }],
    [11, rec("PASSED", 11), { key: "passedNext", stage: "Pemeriksaan Dokumen", next: "Evaluasi Kompetensi" }],
    [11, rec("PASSED", 99), { key: "unknownStage", stage: "99", next: null }],
    [12, rec(null, null, false), { key: "draft", stage: null, next: null }],
    [12, rec("FAILED", 4, false), { key: "draft", stage: "Pembekalan", next: null }],
    [13, rec("FAILED", 4), { key: "failed", stage: "Pembekalan", next: null }],
    [13, rec("REUPLOAD", 3), { key: "reupload", stage: "Evaluasi Kompetensi", next: null }],
    [13, rec(null, null), { key: "submitted", stage: null, next: null }],
    [13, rec(null, 1), { key: "submitted", stage: "Pemeriksaan Dokumen", next: null }],
  ] as const)("rule %i: %o", (rule, record, meaning) => {
    expect(named(labelMeaning(record))).toEqual({ rule, ...meaning });
  });

  it("rule 11 'Selesai' always names a next stage: the document check is never the last one", () => {
    for (const id of [1, 11, 21]) expect(labelMeaning(rec("PASSED", id)).next).not.toBeNull();
  });
});
