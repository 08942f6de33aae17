import { afterEach, describe, expect, it, vi } from "vitest";
import { daysLeft, isOverdue, reviewColumns } from "./review-state";

const DAY = 24 * 60 * 60 * 1000;

describe("daysLeft", () => {
  afterEach(() => vi.useRealTimers());

  it("counts whole days up to the deadline (ceil), negative once a full day is overdue", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-10T09:00:00+07:00"));
    const deadline = new Date("2026-03-12T09:00:00+07:00");
    expect(daysLeft(deadline)).toBe(2);
    expect(isOverdue(deadline)).toBe(false);
    vi.setSystemTime(new Date("2026-03-10T10:00:00+07:00"));
    expect(daysLeft(deadline)).toBe(2);
    vi.setSystemTime(new Date("2026-03-12T09:00:00+07:00"));
    expect([daysLeft(deadline), isOverdue(deadline)]).toEqual([0, false]);
    vi.setSystemTime(new Date("2026-03-12T10:00:00+07:00"));
    expect(Object.is(daysLeft(deadline), 0)).toBe(true);
    expect(isOverdue(deadline)).toBe(true);
    vi.setSystemTime(new Date("2026-03-13T10:00:00+07:00"));
    expect(daysLeft(deadline)).toBe(-1);
    vi.setSystemTime(new Date("2026-03-20T09:00:00+07:00"));
    expect(daysLeft(deadline)).toBe(-8);
    expect(daysLeft(null)).toBeNull();
  });
});

describe("reviewColumns", () => {
  const at = new Date("2026-03-10T00:00:00Z");
  it("opens the stored stage while IN-PROGRESS, the next one after a pass, none otherwise", () => {
    expect(reviewColumns({ is_submitted: true, status: "IN-PROGRESS", stage_id: 1 }, { stageStartedAt: at, slaDays: 10 })).toMatchObject({
      openStageId: 1,
      deadlineAt: new Date(at.getTime() + 10 * DAY),
    });
    expect(reviewColumns({ is_submitted: true, status: "PASSED", stage_id: 2 }, { stageStartedAt: at })).toMatchObject({
      openStageId: 3,
      deadlineAt: new Date(at.getTime() + 30 * DAY),
    });
    for (const status of ["REUPLOAD", "FAILED"] as const) {
      expect(reviewColumns({ is_submitted: true, status, stage_id: 1 }, { stageStartedAt: at })).toEqual({ openStageId: null, deadlineAt: null });
    }
    expect(reviewColumns({ is_submitted: true, status: "PASSED", stage_id: 4 }, { stageStartedAt: at })).toEqual({ openStageId: null, deadlineAt: null });
    expect(reviewColumns({ is_submitted: false, status: null, stage_id: null }, { stageStartedAt: at })).toEqual({ openStageId: null, deadlineAt: null });
  });
});
