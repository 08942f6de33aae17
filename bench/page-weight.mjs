// Prints the bytes each page transfers, from the rows tests/e2e/reach.spec.ts wrote to
// .cache/reach/. With --run it first runs that spec (JavaScript off and on) on a fresh server.
// Usage: node bench/page-weight.mjs [--run]
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const DIR = ".cache/reach";
if (process.argv.includes("--run")) {
  spawnSync("npx", ["playwright", "test", "tests/e2e/reach.spec.ts", "--reporter=dot"], { stdio: "inherit" });
}
if (!existsSync(DIR)) {
  console.error(`No rows in ${DIR}: run with --run (or npx playwright test tests/e2e/reach.spec.ts) first.`);
  process.exit(1);
}
const rows = readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .flatMap((f) => JSON.parse(readFileSync(path.join(DIR, f), "utf8")));
const kb = (n) => (n / 1024).toFixed(1);
const BUDGET = { nojs: 30 * 1024, js: 150 * 1024, jsScripts: 120 * 1024 };
for (const project of ["nojs", "js"]) {
  const mine = rows.filter((r) => r.project === project);
  if (mine.length === 0) continue;
  console.log(`\nJavaScript ${project === "js" ? "on" : "off"} — KB transferred (compressed), budget ${project === "js" ? "total ≤ 150, JS ≤ 120" : "≤ 30"}`);
  console.log("| who | page | HTML | CSS | JS | images | other | total | over |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  let over = 0;
  for (const r of mine) {
    const w = r.weight;
    const bad = project === "js" ? w.total > BUDGET.js || w.js > BUDGET.jsScripts : w.total > BUDGET.nojs;
    if (bad) over++;
    console.log(
      `| ${r.who} | ${r.path}${r.url !== r.path.split(" ")[0] ? ` (→ ${r.url})` : ""} | ${kb(w.html)} | ${kb(w.css)} | ${kb(w.js)} | ${kb(w.images)} | ${kb(w.other)} | ${kb(w.total)} | ${bad ? "OVER" : ""} |`,
    );
  }
  const totals = mine.map((r) => r.weight.total).sort((a, b) => a - b);
  console.log(`${mine.length} pages; largest ${kb(totals.at(-1))} KB, median ${kb(totals[Math.floor(totals.length / 2)])} KB; over budget: ${over}`);
}
