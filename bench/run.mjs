// `npm run bench`: every figure that may not decide a test's pass or fail (a duration, a percentile, a rate),
// measured and printed against its budget in bench/budgets.json. A figure over its budget
// (or not measured) makes the exit code 1: a bench may fail, and it is not part of `npm test` or CI.
//   npm run bench                      every check (the fault tests among them take a few minutes; they build the portal)
//   npm run bench -- forgot file-type  only the checks whose file name contains one of the words
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import os from "node:os";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const budgets = JSON.parse(readFileSync(path.join(ROOT, "bench/budgets.json"), "utf8"));
const words = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const files = [...new Set(Object.values(budgets).map((b) => b.run))].filter((f) => words.length === 0 || words.some((w) => f.includes(w)));
if (files.length === 0) {
  console.error(`no check matches ${words.join(", ")}; the checks: ${[...new Set(Object.values(budgets).map((b) => b.run))].join(", ")}`);
  process.exit(2);
}

const out = path.join(ROOT, ".cache/bench");
mkdirSync(out, { recursive: true });
const figuresFile = path.join(out, "figures.jsonl");
rmSync(figuresFile, { force: true });

console.log(
  `▶ bench: ${files.join(", ")} (load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}, ${os.availableParallelism()} cores)`,
);
const run = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--config", "bench/vitest.config.ts"], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, BENCH_FIGURES: figuresFile, BENCH_FILES: files.join(",") },
});

const measured = new Map();
if (existsSync(figuresFile)) {
  for (const line of readFileSync(figuresFile, "utf8").split("\n").filter(Boolean)) {
    const { name, value } = JSON.parse(line);
    measured.set(name, [...(measured.get(name) ?? []), value]);
  }
}
const fmt = (n) => (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2));
const bound = (b) => [b.min !== undefined ? `≥ ${b.min}` : "", b.max !== undefined ? `≤ ${b.max}` : ""].filter(Boolean).join(", ") || "—";
let bad = 0;
console.log("\n| figure | measured | budget | | what |\n|---|---|---|---|---|");
for (const [name, b] of Object.entries(budgets)) {
  if (!files.includes(b.run)) continue;
  const values = measured.get(name);
  let verdict = "";
  if (!values) {
    verdict = "NOT MEASURED";
    bad++;
  } else if (values.some((v) => (b.max !== undefined && v > b.max) || (b.min !== undefined && v < b.min))) {
    verdict = "OVER";
    bad++;
  } else if (b.max !== undefined || b.min !== undefined) {
    verdict = "ok";
  }
  console.log(
    `| ${name} | ${values ? values.map(fmt).join(", ") : "—"} ${values ? b.unit : ""} | ${b.min !== undefined || b.max !== undefined ? `${bound(b)} ${b.unit}` : "—"} | ${verdict} | ${b.what} |`,
  );
}
const failedRun = run.status !== 0;
console.log(
  `\n◀ bench: ${bad === 0 && !failedRun ? "every figure within its budget" : `${bad} figure(s) over budget or not measured${failedRun ? "; a check failed" : ""}`}`,
);
process.exit(bad === 0 && !failedRun ? 0 : 1);
