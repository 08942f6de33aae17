// Where the portal's CPU goes under load: the production build on PostgreSQL with --rows
// applications, started with --cpu-prof, warmed up for 3 s, loaded on one page for --duration seconds, then
// stopped. Only the samples taken during the measured seconds count: the server's start (module compilation,
// migrations, the pool's first connections) and the warm-up are cut from the profile by their timestamps (the
// profile's clock and process.hrtime are both the monotonic clock). Their self time is printed twice:
// - by area, where the code lives (i18next, React, Remix, Hono, drizzle, pg, zod, Sentry, undici, garbage
//   collection, the portal's own code, …), as shares and as ms per request;
// - by function (name, file and line), the --functions with the most self time.
//   node bench/profile.mjs [--page=list|search|deep|home|login] [--rows=100000] [--duration=10] [--connections=10]
//                          [--database-url=…] [--keep] [--port=3361] [--top=25] [--functions=25] [--without=<patch>,…]
// --without switches framework patches off (FRAMEWORK_PATCHES_OFF, domain/framework-patches.ts), to measure what one saves
// (bench/patches.mjs does it for each).
// --database-url reuses a database a previous run kept (--keep prints it), so the rows are made once.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { cannon, machine, options, portalLogin, printTable, ROOT, startServer, throwawayDatabase } from "./lib.mjs";

const opt = options();
const ROWS = Number(opt("rows", 100_000));
const duration = Number(opt("duration", 10));
const connections = Number(opt("connections", 10));
const port = Number(opt("port", 3361));
const pageName = String(opt("page", "list"));
const top = Number(opt("top", 25));
const functions = Number(opt("functions", 25));
const without = String(opt("without", ""));
const APPLICANT = "nakes000001@bench.test";

/** A process's CPU time so far (user + system, its threads included), in ms, from /proc/<pid>/stat. */
function processCpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // fields[11], fields[12]: utime and stime (the 14th and 15th of the whole line), in clock ticks of 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The bucket a profile node's time belongs to, by its script's path and its name. */
export function bucketOf(url, name) {
  if (name === "(garbage collector)") return "garbage collection";
  if (name === "(program)" || name === "(idle)" || name === "(root)") return name;
  const u = url ?? "";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u);
  if (pkg) {
    const p = pkg[1];
    if (p.startsWith("@remix-run/") || p === "turbo-stream") return "Remix";
    if (p === "react-dom" || p === "react") return "React";
    if (p === "i18next" || p === "react-i18next" || p === "remix-i18next") return "i18next";
    if (p.startsWith("@hono/") || p === "hono") return "Hono";
    if (p === "drizzle-orm") return "drizzle";
    if (p === "pg" || p.startsWith("pg-")) return "pg";
    if (p === "zod") return "zod";
    if (p.startsWith("@sentry") || p.startsWith("@opentelemetry")) return "Sentry";
    if (p === "express" || p === "router" || p === "body-parser" || p === "send" || p === "finalhandler") return "Express";
    if (p === "compression") return "compression";
    if (p === "pino" || p.startsWith("pino-")) return "pino";
    return `other package (${p})`;
  }
  if (u.includes("node:internal/deps/undici") || u.includes("internal/deps/undici")) return "undici (Request/Response/Headers)";
  if (u.startsWith("node:") || u === "") return name.startsWith("(") ? name : "Node internals";
  if (u.includes("/build/server/")) return "portal pages (build)";
  if (u.includes("/api/")) return "portal API";
  if (u.includes("/server/") || u.endsWith("server.ts")) return "portal server";
  return "other";
}

/**
 * Self time in ms per area (bucketOf) and per function ("name  file:line"), from a .cpuprofile, counting only
 * the samples taken within [fromUs, toUs] (the profile's clock, µs; the whole profile without them). A sample's
 * time is the interval up to the next one, as Chrome's DevTools counts it.
 */
export function shares(profile, fromUs = -Infinity, toUs = Infinity) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const byFunction = new Map();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < fromUs || at > toUs) continue;
    const node = byId.get(profile.samples[i]);
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const { url, functionName, lineNumber } = node.callFrame;
    const name = functionName || "(anonymous)";
    const b = bucketOf(url, name);
    self.set(b, (self.get(b) ?? 0) + dt);
    const where = url
      ? `${url
          .replace(/^file:\/\//, "")
          .replace(ROOT + "/", "")
          .replace(/.*node_modules\//, "")}:${lineNumber + 1}`
      : "";
    const key = `${name}  ${where}`.trim();
    const f = byFunction.get(key) ?? { ms: 0, area: b };
    f.ms += dt;
    byFunction.set(key, f);
  }
  return Object.assign(self, { byFunction });
}

async function main() {
  const { ensureBuild } = await import("../scripts/build-if-needed.mjs");
  process.chdir(ROOT);
  await ensureBuild();
  let databaseUrl = opt("database-url", undefined);
  let drop = async () => {};
  let term = opt("term", undefined);
  if (!databaseUrl) {
    const made = await throwawayDatabase("adaptasi_bench_profile");
    databaseUrl = made.url;
    drop = made.drop;
    console.log(`generating ${ROWS.toLocaleString("en")} applications…`);
    const prepared = await new Promise((resolve, reject) => {
      const p = spawn(process.execPath, ["--import", "tsx", "bench/review-list.mjs", "--prepare", `--rows=${ROWS}`, `--database-url=${databaseUrl}`], {
        cwd: ROOT,
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      let message;
      p.on("message", (m) => (message = m));
      p.on("exit", (code) => (code === 0 && message ? resolve(message) : reject(new Error(`prepare exited ${code}`))));
    });
    term = prepared.term;
  }
  const work = mkdtempSync(path.join(tmpdir(), "adaptasi-bench-profile-"));
  const profDir = path.join(work, "prof");
  const keep = opt("keep", false);
  try {
    const server = await startServer({
      port,
      dataDir: work,
      databaseUrl,
      nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profDir}`],
      env: { FRAMEWORK_PATCHES_OFF: without },
    });
    const base = `http://127.0.0.1:${port}`;
    const pages = {
      list: { path: "/application-list", who: "admin@adaptasi.test" },
      search: { path: `/application-list?q=${encodeURIComponent(term ?? "a")}`, who: "admin@adaptasi.test" },
      deep: { path: "/application-list?tab=all&page=1500", who: "admin@adaptasi.test" },
      home: { path: "/", who: APPLICANT },
      login: { path: "/login", who: null },
    };
    const page = pages[pageName];
    const cookie = page.who ? await portalLogin(base, page.who) : "";
    const headers = cookie ? { cookie } : {};
    await cannon(base + page.path, { connections, duration: 3, headers });
    const load = loadavg()[0];
    const cpuBefore = processCpuMs(server.p.pid);
    const fromUs = Number(process.hrtime.bigint() / 1000n);
    const r = await cannon(base + page.path, { connections, duration, headers });
    const toUs = Number(process.hrtime.bigint() / 1000n);
    const cpuMs = processCpuMs(server.p.pid) - cpuBefore;
    const requests = r.rps * duration;
    server.p.kill("SIGTERM");
    await server.exited;
    // The server (and any worker thread of its loader) each write a profile: the largest is the server's.
    const files = readdirSync(profDir).map((f) => path.join(profDir, f));
    const file = files.sort((a, b) => readFileSync(b).length - readFileSync(a).length)[0];
    const profile = JSON.parse(readFileSync(file, "utf8"));
    const self = shares(profile, fromUs, toUs);
    const whole = shares(profile);
    const busyOf = (m) => [...m].filter(([b]) => b !== "(idle)").reduce((s, [, ms]) => s + ms, 0);
    const busy = busyOf(self);
    if (without) console.log(`\nwithout: ${without}`);
    console.log(
      `\n${page.path} (${pageName}): ${r.rps.toFixed(0)} req/s, p95 ${r.p95.toFixed(1)} ms, ${connections} connections × ${duration} s (after 3 s of warm-up, not counted); load ${load.toFixed(2)}; ${machine()}`,
    );
    // The process's own CPU time (user + system, from /proc) over the measured seconds only: what the
    // kernel counted, so a busy machine slows the page without inflating it as the profile's wall-clock samples do.
    console.log(`process CPU: ${(cpuMs / requests).toFixed(3)} ms per request (user + system, measured seconds only, profiler included)`);
    console.log(
      `busy CPU in the profile's measured seconds: ${busy.toFixed(0)} ms, ${(busy / requests).toFixed(2)} ms per request (start-up and warm-up left out: ${(busyOf(whole) - busy).toFixed(0)} ms)\n`,
    );
    const rows = [...self]
      .filter(([b]) => b !== "(idle)")
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([b, ms]) => [b, `${((ms / busy) * 100).toFixed(1)} %`, (ms / requests).toFixed(3)]);
    if (top > 0) printTable(["area", "share of busy CPU", "ms/req"], rows, 1);
    const fns = [...self.byFunction]
      .filter(([name]) => !name.startsWith("(idle)"))
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, functions)
      .map(([name, f]) => [name.length > 110 ? `${name.slice(0, 107)}…` : name, f.area, `${((f.ms / busy) * 100).toFixed(1)} %`, (f.ms / requests).toFixed(3)]);
    if (functions > 0) {
      console.log("");
      printTable(["function (self time)", "area", "share", "ms/req"], fns, 2);
    }
    if (keep) console.log(`\nprofile: ${file}\ndatabase kept: --database-url=${databaseUrl} --term=${term}`);
  } finally {
    if (!keep) {
      rmSync(work, { recursive: true, force: true });
      await drop();
    }
  }
}

await main();
