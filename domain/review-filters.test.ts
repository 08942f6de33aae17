import { describe, expect, it } from "vitest";
import { labelConditions, type LabelCondition } from "./review-filters";
import type { ApplicationStatus } from "./status-label";
import { statusLabel } from "./status-label-words";
import { STAGE_IDS } from "./workflow";

/** What the API's SQL makes of a condition, in JavaScript. */
function matches(c: LabelCondition, r: { status: ApplicationStatus | null; stage_id: number | null; is_submitted: boolean }): boolean {
  if (c.status !== r.status) return false;
  if (c.isSubmitted !== undefined && c.isSubmitted !== r.is_submitted) return false;
  if (r.stage_id === null) return c.nullStage;
  return c.negate ? !c.stageIds.includes(r.stage_id) : c.stageIds.includes(r.stage_id);
}

describe("labelConditions", () => {
  const records = [null, "IN-PROGRESS", "FAILED", "PASSED", "REUPLOAD"].flatMap((status) =>
    [...STAGE_IDS, 99, null].flatMap((stage_id) =>
      [true, false].map((is_submitted) => ({ status: status as ApplicationStatus | null, stage_id, is_submitted })),
    ),
  );

  it("selects exactly the stored states statusLabel gives each rule, unknown stage ids included", () => {
    for (let rule = 1; rule <= 13; rule++) {
      const conds = labelConditions(rule);
      expect(conds.length).toBeGreaterThan(0);
      for (const r of records) {
        const label = statusLabel({ status: r.status, is_submitted: r.is_submitted, tahap: r.stage_id === null ? null : { id: r.stage_id } });
        expect({ rule, r, hit: conds.some((c) => matches(c, r)) }).toEqual({ rule, r, hit: label.rule === rule });
      }
    }
  });

  it("reads as the table does", () => {
    expect(labelConditions(5)).toEqual([{ status: "PASSED", stageIds: [2], negate: false, nullStage: false }]);
    expect(labelConditions(1)).toEqual([{ status: "IN-PROGRESS", stageIds: [], negate: true, nullStage: true }]);
    expect(labelConditions(12)).toContainEqual({ status: null, isSubmitted: false, stageIds: [], negate: true, nullStage: true });
    expect(labelConditions(14)).toEqual([]);
  });
});
