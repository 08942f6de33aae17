import { describe, expect, it } from "vitest";
import { DEFAULT_SLA_DAYS } from "#domain/workflow";
import { computeProcessingTimes, median, MIN_DECIDED, percentile90, stageWaits, windowStart, type AuditRow } from "./processing-times";

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-11-24T12:00:00Z");
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

let seq = 0;
/** One file of pathway REG: submitted `daysAgo`, then each step `[action, stage, status, afterDays]`. */
function file(daysAgo: number, steps: [AuditRow["action"], number, string, number][]): AuditRow[] {
  const id = `app-${++seq}`;
  let at = daysAgo;
  const rows: AuditRow[] = [{ applicationId: id, action: "SUBMIT", toStage: 1, toStatus: "IN-PROGRESS", createdAt: ago(at) }];
  for (const [action, stage, status, after] of steps) {
    at -= after;
    rows.push({ applicationId: id, action, toStage: stage, toStatus: status, createdAt: ago(at) });
  }
  return rows;
}
const passedAfter = (days: number, daysAgo = 100) => file(daysAgo, [["DECISION", 1, "PASSED", days]]);
const stage = (times: ReturnType<typeof computeProcessingTimes>, id: number) => times.pathways.flatMap((p) => p.stages).find((s) => s.stage_id === id)!;

describe("median and percentile90", () => {
  it("take the middle value of an odd count and the mean of the two middle ones of an even count", () => {
    expect(median([1, 2, 9])).toBe(2);
    expect(median([1, 2, 4, 9])).toBe(3);
    expect(median([])).toBeNull();
  });

  it("give the nearest-rank 90th percentile: 90% of the values are at or below it", () => {
    expect(percentile90([5])).toBe(5);
    expect(percentile90([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(9);
    expect(percentile90([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])).toBe(10); // 10 of 11 values (91%) are at or below 10
    expect(percentile90([1, 2, 3, 4])).toBe(4);
    expect(percentile90([])).toBeNull();
  });
});

describe("stageWaits", () => {
  it("starts a stage at the submission, at the previous stage's pass and at a reupload, and stops it at its decision", () => {
    const rows = file(60, [
      ["DECISION", 1, "REUPLOAD", 3], // stage 1: 3 days
      ["REUPLOAD", 1, "IN-PROGRESS", 10], // the applicant's 10 days are nobody's stage
      ["DECISION", 1, "PASSED", 2], // stage 1 again: 2 days
      ["ADDITIONAL_REQUEST", 2, null as never, 1], // not a stage change
      ["DECISION", 2, "PASSED", 7], // stage 2: 8 days from the pass of stage 1
      ["DECISION", 3, "FAILED", 4], // stage 3: 4 days
    ]);
    expect(stageWaits(rows).map((w) => [w.stageId, w.days])).toEqual([
      [1, 3],
      [1, 2],
      [2, 8],
      [3, 4],
    ]);
  });

  it("measures nothing for a decision whose start is not in the rows", () => {
    expect(stageWaits([{ applicationId: "x", action: "DECISION", toStage: 2, toStatus: "PASSED", createdAt: NOW }])).toEqual([]);
  });
});

describe("computeProcessingTimes", () => {
  it("gives every stage of every pathway, and nothing but dashes (null) for a stage without decisions", () => {
    const times = computeProcessingTimes([], DEFAULT_SLA_DAYS, NOW);
    expect(times.pathways.map((p) => [p.jalur, p.stages.map((s) => s.stage_id)])).toEqual([
      ["REG", [1, 2, 3, 4]],
      ["SPE", [11, 12, 13]],
      ["OTH", [21, 22, 23]],
    ]);
    expect(stage(times, 2)).toEqual({
      stage_id: 2,
      sla_days: 30,
      decided: 0,
      median_days: null,
      p90_days: null,
      within_sla_percent: null,
    });
    expect(JSON.stringify(times)).not.toMatch(/NaN|Infinity/);
  });

  it("counts only decisions of the last 12 months, whenever their stage started", () => {
    expect(windowStart(NOW).toISOString()).toBe("2025-11-24T12:00:00.000Z");
    const rows = [
      ...passedAfter(1, 400), // decided 399 days ago: out
      ...passedAfter(2, 366), // decided 364 days ago, started before the window: in
      ...[3, 3, 3, 3, 4, 4, 4, 4, 4].flatMap((d) => passedAfter(d)),
    ];
    const s = stage(computeProcessingTimes(rows, DEFAULT_SLA_DAYS, NOW), 1);
    expect(s).toMatchObject({ decided: MIN_DECIDED, median_days: 3.5, p90_days: 4 });
  });

  it("gives the median of an even count, the 90th percentile and the share within the SLA", () => {
    const rows = [2, 5, 10, 11, 13, 14, 15, 16, 20, 30].flatMap((d) => passedAfter(d));
    const s = stage(computeProcessingTimes(rows, { ...DEFAULT_SLA_DAYS, 1: 14 }, NOW), 1);
    // 14 days exactly is within the SLA (the deadline is start + 14 days)
    expect(s).toEqual({ stage_id: 1, sla_days: 14, decided: 10, median_days: 13.5, p90_days: 20, within_sla_percent: 60 });
  });

  it("rounds days to one decimal and reads the SLA days it is given", () => {
    const rows = [1.04, 1.26, 1.26, 1.26, 1.26, 1.26, 1.26, 1.26, 1.26, 40, 40].flatMap((d) => passedAfter(d));
    const s = stage(computeProcessingTimes(rows, { ...DEFAULT_SLA_DAYS, 1: 1 }, NOW), 1);
    expect(s).toMatchObject({ sla_days: 1, median_days: 1.3, p90_days: 40, within_sla_percent: 0 });
  });

  it(`shows no numbers for a stage with fewer than ${MIN_DECIDED} decisions, so no file can be picked out`, () => {
    // Nine waits: the median is one file's wait and the 90th percentile the longest file's, to the hour.
    const nine = [1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((d) => passedAfter(d));
    expect(stage(computeProcessingTimes(nine, DEFAULT_SLA_DAYS, NOW), 1)).toMatchObject({
      decided: null,
      median_days: null,
      p90_days: null,
      within_sla_percent: null,
    });
    // The tenth decision shows them all.
    const ten = [...nine, ...passedAfter(10)];
    expect(stage(computeProcessingTimes(ten, DEFAULT_SLA_DAYS, NOW), 1)).toMatchObject({ decided: 10, median_days: 5.5, p90_days: 9, within_sla_percent: 100 });
  });

  it("publishes its threshold, ten decisions, beside the numbers", () => {
    expect(MIN_DECIDED).toBe(10);
    expect(computeProcessingTimes([], DEFAULT_SLA_DAYS, NOW).min_decided).toBe(10);
  });
});
