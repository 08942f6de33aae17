import { randomInt } from "node:crypto";
import { ensureBuild, freePort } from "../faults/server";
import { regressionSeeds } from "./regressions";
import { describeFailure, describeRun, fuzz, type FuzzResult } from "./runner";
import { startTarget } from "./target";

// `npm run fuzz -- --minutes N`: the request-shape fuzzer for as long as asked, on a random seed (or
// --seed S, and --path P to replay one failure as printed; --no-regression-seeds: drawn cases only). Each failure is printed shrunk to its
// smallest form with the seed and path that replay it; then the search goes on with a new seed, a
// failure of the same kind at the same place no longer counting. Exit code 1 when anything failed.

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0
    ? process.argv[i + 1]
    : process.argv
        .find((a) => a.startsWith(`--${name}=`))
        ?.split("=")
        .slice(1)
        .join("=");
}

async function main() {
  const minutes = Number(arg("minutes") ?? 10);
  const fixedSeed = arg("seed") !== undefined ? Number(arg("seed")) : undefined;
  const path = arg("path");
  const maxBatch = Number(arg("batch") ?? 4);
  if (!(minutes > 0)) throw new Error("--minutes N: a positive number");
  await ensureBuild();
  const target = await startTarget({ port: await freePort(), inspectPort: await freePort() });
  // Ctrl-C stops the portal this run started, then the run
  process.once("SIGINT", () => void target.stop().then(() => process.exit(130)));
  const log = (line: string) => console.log(`[fuzz ${new Date().toISOString().slice(11, 19)}] ${line}`);
  const deadline = Date.now() + minutes * 60_000;
  const known = new Set<string>();
  const results: FuzzResult[] = [];
  const failures: string[] = [];
  try {
    log(`${target.portal.length} portal routes with an action, ${target.api.length} API endpoints; ${minutes} min`);
    const before = await target.memory();
    let first = true;
    while (Date.now() < deadline - 5_000) {
      const seed = fixedSeed ?? randomInt(2 ** 31 - 1);
      log(`seed ${seed}${path ? `, path ${path}` : ""}`);
      const result = await fuzz(target, {
        seed,
        path,
        maxBatch,
        interruptAfterMs: deadline - Date.now(),
        // the regression seeds go first, once
        examples: first && !path && !process.argv.includes("--no-regression-seeds") ? regressionSeeds().map((s) => s.cases) : [],
        known,
        log,
      });
      first = false;
      results.push(result);
      log(describeRun(result));
      if (result.details.failed && result.signature) {
        known.add(result.signature);
        const text = describeFailure(target, result, "npm run fuzz -- --minutes 1");
        failures.push(text);
        console.log(text);
        if (fixedSeed !== undefined || path) break;
      } else if (!result.details.failed) {
        if (result.details.interrupted || fixedSeed !== undefined || path) break;
      } else {
        // the fuzzer's own fault (a throw outside the invariants): said, and the run stops
        failures.push(`fuzzer error: ${String(result.details.errorInstance)}`);
        console.log(failures[failures.length - 1], "\n", JSON.stringify(result.details.counterexample).slice(0, 2000));
        break;
      }
    }
    const after = await target.memory();
    const cases = results.reduce((n, r) => n + r.cases, 0);
    const batches = results.reduce((n, r) => n + r.batches, 0);
    const shapes = new Set(results.flatMap((r) => [...r.shapes.keys()]));
    const targets = new Set(results.flatMap((r) => [...r.targets]));
    const statuses = new Map<string, number>();
    for (const r of results) for (const [s, n] of r.statuses) statuses.set(s, (statuses.get(s) ?? 0) + n);
    const welcome = results.flatMap((r) => r.welcome.failures);
    console.log(
      [
        "",
        `== ${minutes} min: ${cases} cases in ${batches} batches over ${results.length} seed(s); ${shapes.size} shape tags; ${targets.size} targets`,
        `answers: ${[...statuses.entries()]
          .sort((a, b) => b[1] - a[1])
          .map(([s, n]) => `${s}×${n}`)
          .join(" ")}`,
        `/welcome: ${results.reduce((n, r) => n + r.welcome.loads, 0)} loads, slowest ${Math.max(...results.map((r) => r.welcome.slowest)).toFixed(0)} ms, ${welcome.length} failures`,
        `memory (heap kept after GC): ${before.heapUsedMb.toFixed(1)} → ${after.heapUsedMb.toFixed(1)} MB; RSS ${before.rssMb.toFixed(0)} → ${after.rssMb.toFixed(0)} MB`,
        `failures: ${failures.length}${failures.length ? "\n  " + [...known].join("\n  ") : ""}`,
      ].join("\n"),
    );
    process.exitCode = failures.length > 0 || welcome.length > 0 ? 1 : 0;
  } finally {
    await target.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
