// What each framework patch saves: bench/profile.mjs on each page with all patches on, and with each one
// switched off (FRAMEWORK_PATCHES_OFF), in rounds that alternate so a machine's drift touches every
// variant alike. Prints the server process's CPU time per request (user + system, as profile.mjs reads it
// from /proc: a busy machine does not inflate it as it does wall-clock samples) for each variant and the
// share a patch saves: (without − with) / without. A patch that saves under 5 % on every page does not earn
// its place (docs/decisions/023-speed.md).
//   node bench/patches.mjs [--pages=list,home,login] [--rows=20000] [--duration=8] [--rounds=2]
//                          [--patches=<name>,…] [--connections=10]
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { machine, options, printTable, ROOT, throwawayDatabase } from "./lib.mjs";

const opt = options();
const pages = String(opt("pages", "list,home,login")).split(",");
const rows = Number(opt("rows", 20_000));
const duration = Number(opt("duration", 8));
const rounds = Number(opt("rounds", 2));
const connections = Number(opt("connections", 10));

const { FRAMEWORK_PATCH_NAMES } = await import("../domain/framework-patches.ts").catch(async () => {
  // Plain node cannot import TypeScript: read the names from the source.
  const { readFileSync } = await import("node:fs");
  const source = readFileSync(new URL("../domain/framework-patches.ts", import.meta.url), "utf8");
  const block = source.slice(source.indexOf("FRAMEWORK_PATCHES = {"), source.indexOf("} as const;"));
  return { FRAMEWORK_PATCH_NAMES: [...block.matchAll(/^  "([a-z0-9-]+)": \{/gm)].map((m) => m[1]) };
});
const patches = opt("patches", undefined) ? String(opt("patches")).split(",") : FRAMEWORK_PATCH_NAMES;

function run(args) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    p.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(" ")} exited ${code}\n${out}`))));
  });
}

async function msPerRequest(page, databaseUrl, term, without) {
  const out = await run([
    "bench/profile.mjs",
    `--page=${page}`,
    `--database-url=${databaseUrl}`,
    `--term=${term}`,
    `--duration=${duration}`,
    `--connections=${connections}`,
    "--top=0",
    "--functions=0",
    ...(without ? [`--without=${without}`] : []),
  ]);
  const m = /process CPU: ([\d.]+) ms per request/.exec(out);
  if (!m) throw new Error(`no measurement in:\n${out}`);
  return Number(m[1]);
}

const made = await throwawayDatabase("adaptasi_bench_patches");
try {
  console.log(`generating ${rows.toLocaleString("en")} applications…`);
  const prepared = await new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ["--import", "tsx", "bench/review-list.mjs", "--prepare", `--rows=${rows}`, `--database-url=${made.url}`], {
      cwd: ROOT,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    let message;
    p.on("message", (m) => (message = m));
    p.on("exit", (code) => (code === 0 && message ? resolve(message) : reject(new Error(`prepare exited ${code}`))));
  });
  const variants = ["", ...patches];
  /** page → variant → ms per request, one per round */
  const results = new Map(pages.map((p) => [p, new Map(variants.map((v) => [v, []]))]));
  const loads = [];
  for (let round = 1; round <= rounds; round++) {
    for (const page of pages) {
      // Alternate the order each round, so no variant always runs first or last.
      const order = round % 2 === 1 ? variants : [...variants].reverse();
      for (const v of order) {
        loads.push(loadavg()[0]);
        const ms = await msPerRequest(page, made.url, prepared.term, v);
        results.get(page).get(v).push(ms);
        console.log(`round ${round} ${page} ${v || "(all patches on)"}: ${ms.toFixed(3)} ms/req`);
      }
    }
  }
  const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
  console.log(
    `\n${machine()}; ${rounds} rounds of ${duration} s per variant and page, ${connections} connections; ${rows.toLocaleString("en")} applications on PostgreSQL; load average ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}`,
  );
  console.log("saving = (ms without the patch − ms with all patches) / ms without the patch\n");
  const table = [];
  for (const page of pages) {
    const base = mean(results.get(page).get(""));
    table.push([
      page,
      "(all patches on)",
      base.toFixed(3),
      "",
      results
        .get(page)
        .get("")
        .map((x) => x.toFixed(2))
        .join(" / "),
    ]);
    for (const v of patches) {
      const without = mean(results.get(page).get(v));
      table.push([
        page,
        `without ${v}`,
        without.toFixed(3),
        `${(((without - base) / without) * 100).toFixed(1)} %`,
        results
          .get(page)
          .get(v)
          .map((x) => x.toFixed(2))
          .join(" / "),
      ]);
    }
  }
  printTable(["page", "variant", "ms/req", "saving", "each round"], table, 2);
} finally {
  await made.drop();
}
