import { describe, expect, it } from "vitest";
import { DEFAULT_SLA_DAYS, endsFile, firstStage, holderRoles, STAGES, stageDeadline, stagesOf } from "./workflow";
import { stageName } from "./workflow-words";

describe("workflow (DESIGN §4 review stages)", () => {
  it("starts each pathway at its document check", () => {
    expect([firstStage("REG"), firstStage("SPE"), firstStage("OTH")]).toEqual([1, 11, 21]);
  });

  it("walks each pathway's stages in order", () => {
    expect(stagesOf("REG").map((s) => s.id)).toEqual([1, 2, 3, 4]);
    expect(stagesOf("SPE").map((s) => s.id)).toEqual([11, 12, 13]);
    expect(stagesOf("OTH").map((s) => s.id)).toEqual([21, 22, 23]);
    expect(stagesOf("REG").map((s) => s.key)).toEqual(["documentCheck", "equivalence", "competency", "debriefing"]);
    expect(stagesOf("REG").map((s) => stageName(s.id))).toEqual(["Pemeriksaan Dokumen", "Penyetaraan", "Evaluasi Kompetensi", "Pembekalan"]);
    expect(stageName(23)).toBe("Kelayakan");
    expect(stageName(99)).toBeUndefined();
    for (const s of STAGES) expect(stageName(s.id)).toMatch(/\p{L}{3}/u);
  });

  it("names who decides each stage", () => {
    expect(STAGES.find((s) => s.id === 1)!.deciders).toEqual([2, 4]);
    expect(STAGES.find((s) => s.id === 2)!.deciders).toEqual([6]);
    expect(STAGES.find((s) => s.id === 13)!.deciders).toEqual([5]);
    expect(STAGES.find((s) => s.id === 23)!.deciders).toEqual([7]);
    expect(holderRoles({ status: "IN-PROGRESS", openStageId: 1 })).toEqual([2, 4]);
    expect(holderRoles({ status: "PASSED", openStageId: 23 })).toEqual([7]);
    expect(holderRoles({ status: "REUPLOAD", openStageId: null })).toEqual([3]);
    expect(holderRoles({ status: "FAILED", openStageId: null })).toBeNull();
  });

  it("only document checks send files back, and every stage has an SLA", () => {
    expect(STAGES.filter((s) => s.allowsReupload).map((s) => s.id)).toEqual([1, 11, 21]);
    expect(DEFAULT_SLA_DAYS[1]).toBe(14);
    expect(DEFAULT_SLA_DAYS[3]).toBe(30);
    expect(Object.keys(DEFAULT_SLA_DAYS)).toHaveLength(10);
    expect(stageDeadline(new Date("2026-01-01T00:00:00Z"), 14).toISOString()).toBe("2026-01-15T00:00:00.000Z");
  });
});

describe("endsFile: the decisions the portal asks Yes/No before", () => {
  it("is every 'Tidak Lulus' and a 'Lulus' only at a pathway's last stage", () => {
    for (const s of STAGES) {
      expect(endsFile(s.id, "FAILED")).toBe(true);
      expect(endsFile(s.id, "REUPLOAD")).toBe(false);
      expect(endsFile(s.id, "PASSED")).toBe(s.onPassed === "final");
    }
    expect(STAGES.filter((s) => endsFile(s.id, "PASSED")).map((s) => s.id)).toEqual([4, 13, 23]);
  });
});
