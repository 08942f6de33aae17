import { describe, expect, it } from "vitest";
import { pacer, type PacerClock } from "./pace";

// The pacer of CSV exports (api/services/review/review.ts): steps of any number of exports run one at a time,
// each followed by a pause four times its length, so exports take at most a fifth of the process's time.
// A clock of its own: each step "takes" what it says, each pause is recorded and passes at once.

function fakeClock() {
  let t = 0;
  const timeline: Array<{ kind: "step" | "pause"; who?: string; from: number; to: number }> = [];
  const clock: PacerClock = {
    now: () => t,
    sleep: async (ms) => {
      timeline.push({ kind: "pause", from: t, to: t + ms });
      await Promise.resolve();
      t += ms;
    },
  };
  const work = (who: string, ms: number) => async () => {
    timeline.push({ kind: "step", who, from: t, to: t + ms });
    await Promise.resolve();
    t += ms;
    return who;
  };
  return { clock, timeline, work };
}

describe("an export's pacer", () => {
  it("pauses after each step four times as long as it took (a share of 1/5)", async () => {
    const { clock, timeline, work } = fakeClock();
    const p = pacer(0.2, clock);
    for (const ms of [10, 30]) await p.step(work("a", ms));
    await p.step(work("a", 5));
    expect(timeline.filter((e) => e.kind === "pause").map((e) => e.to - e.from)).toEqual([40, 120, 20]);
    // the second step started only after the first one's pause
    const steps = timeline.filter((e) => e.kind === "step");
    expect(steps[1].from).toBeGreaterThanOrEqual(50);
  });

  it("runs the steps of two exports one at a time, each after the pause of the one before: together they keep the share", async () => {
    const { clock, timeline, work } = fakeClock();
    const p = pacer(0.2, clock);
    await Promise.all([
      (async () => {
        for (let i = 0; i < 3; i++) await p.step(work("first", 10));
      })(),
      (async () => {
        for (let i = 0; i < 3; i++) await p.step(work("second", 10));
      })(),
    ]);
    const steps = timeline.filter((e) => e.kind === "step");
    expect(steps).toHaveLength(6);
    expect(new Set(steps.map((s) => s.who))).toEqual(new Set(["first", "second"]));
    const busy = steps.reduce((sum, s) => sum + (s.to - s.from), 0);
    const end = Math.max(...timeline.map((e) => e.to));
    // never two steps at once, and work is a fifth of the time
    for (let i = 1; i < steps.length; i++) expect(steps[i].from).toBeGreaterThanOrEqual(steps[i - 1].to + 4 * (steps[i - 1].to - steps[i - 1].from));
    expect(busy / end).toBeLessThanOrEqual(0.2);
  });

  it("keeps its turn when a step fails", async () => {
    const { clock, work } = fakeClock();
    const p = pacer(0.5, clock);
    await expect(
      p.step(async () => {
        throw new Error("database gone");
      }),
    ).rejects.toThrow("database gone");
    expect(await p.step(work("after", 1))).toBe("after");
  });
});
