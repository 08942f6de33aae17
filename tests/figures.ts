import { appendFileSync } from "node:fs";

// A figure a test measures on the way (a duration, a percentile, a rate) is never its pass/fail: the machine's
// speed is not the code's. The test hands it here; `npm run bench` (bench/run.mjs) runs
// such tests with BENCH_FIGURES set and prints each figure against its budget in bench/budgets.json.

/** Records a measured figure for `npm run bench` (a line of JSON in $BENCH_FIGURES); otherwise does nothing. */
export function figure(name: string, value: number): void {
  const file = process.env.BENCH_FIGURES;
  if (file) appendFileSync(file, `${JSON.stringify({ name, value })}\n`);
}
