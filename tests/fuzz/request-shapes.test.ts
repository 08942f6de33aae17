import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "../faults/server";
import { runBatch } from "./cases";
import { regressionSeeds } from "./regressions";
import { describeFailure, describeRun, fuzz } from "./runner";
import { startTarget, type Target } from "./target";

// The request-shape fuzzer in CI (tests/fuzz/README.md): a fixed seed and a fixed number of batches
// (about 3,000 cases) drawn from the grammar (grammar.ts) and sent to every portal route with an action,
// anonymously and as each demo role, to every endpoint of the API and to the tus bases, against the built
// portal in a child process. Invariants: the process lives, no answer is a 5xx, every request is answered
// (unless its head passes Node's limit or its sender hangs up), /welcome answers 200 throughout (its times
// are printed, not checked: a loaded machine is slow, not down), and the heap kept after a full collection
// grows under 50 MB.
// `npm run fuzz -- --minutes N` runs the same on a random seed for as long as asked.

const PORT = 3475;
const INSPECT_PORT = 3476;
/** The fixed seed and the number of batches (1–4 cases each): ~3,000 cases. */
const SEED = 36_003;
const BATCHES = 1_200;

let target: Target | undefined;

beforeAll(async () => {
  await ensureBuild();
  target = await startTarget({ port: PORT, inspectPort: INSPECT_PORT });
}, 300_000);

afterAll(async () => {
  await target?.stop();
});

/** A crash in one test must not fail the next: the server is started again. */
async function up(): Promise<Target> {
  if (target!.dead()) await target!.restart();
  return target!;
}

describe("request shapes", () => {
  // The shapes that found the two worst findings, each on its own: a 4xx, and the process lives.
  it.each(regressionSeeds().map((s) => [s.label, s.cases] as const))(
    "regression seed: %s",
    async (_label, cases) => {
      const t = await up();
      const { outcomes, problem } = await runBatch(t, [...cases]);
      expect(problem, problem ? `${problem.kind}: ${problem.detail}` : "").toBeNull();
      for (const o of outcomes) {
        expect(o.status, o.line).toBeGreaterThanOrEqual(400);
        expect(o.status, o.line).toBeLessThan(500);
      }
    },
    120_000,
  );

  it("about 3,000 drawn cases: the process lives, no 5xx, every request answered, /welcome answers, memory settles", async () => {
    const t = await up();
    const before = await t.memory();
    const result = await fuzz(t, {
      seed: SEED,
      numRuns: BATCHES,
      maxBatch: 4,
      shrinkRestarts: 5,
      log: (line) => line.startsWith("found") && console.log(line),
    });
    const after = await t.memory();
    console.log(
      `request shapes (seed ${SEED}): ${describeRun(result)}\nheap kept after GC ${before.heapUsedMb.toFixed(1)} → ${after.heapUsedMb.toFixed(1)} MB; RSS ${before.rssMb.toFixed(0)} → ${after.rssMb.toFixed(0)} MB`,
    );
    if (result.details.failed)
      expect.fail(
        result.problem ? describeFailure(t, result, "npm run fuzz -- --minutes 1") : `the fuzzer itself failed: ${String(result.details.errorInstance)}`,
      );
    expect(result.cases).toBeGreaterThan(2_500);
    expect(result.lostSessions, "every session a case ended could be had again").toEqual([]);
    expect(result.welcome.loads).toBeGreaterThan(10);
    expect(result.welcome.failures, "/welcome answered 200 throughout").toEqual([]);
    expect(after.heapUsedMb - before.heapUsedMb, "the heap kept after a full collection grows under 50 MB").toBeLessThan(50);
  }, 900_000);
});
