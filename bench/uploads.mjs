// 20 concurrent 5 MB uploads to a merged-document field against a real HTTP server on 127.0.0.1.
// Prints the server process's peak RSS growth and the throughput.
//   node bench/uploads.mjs [--concurrency 20] [--mb 5]
// With BENCH_DATABASE_URL=postgres://… the server uses a throwaway database there instead of in-memory
// PGlite (whose WebAssembly heap makes the server's baseline RSS large).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const API_KEY = "bench-api-key";

if (args.includes("--server")) {
  // The server side: an in-memory database, demo accounts, temporary file storage.
  const { serve } = await import("@hono/node-server");
  const { startApi } = await import("../api/index.ts");
  const pino = (await import("pino")).default;
  let databaseUrl;
  let dropDatabase = async () => {};
  if (process.env.BENCH_DATABASE_URL) {
    const pg = (await import("pg")).default;
    const name = `adaptasi_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(process.env.BENCH_DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
  }
  const api = await startApi({
    inMemory: !databaseUrl,
    databaseUrl,
    apiKey: API_KEY,
    jwtSecret: "bench-jwt-secret-at-least-32-characters-long",
    seedDemo: true,
    logger: pino({ level: "warn" }),
  });
  const server = serve({ fetch: api.fetch, hostname: "127.0.0.1", port: 0 }, (info) => {
    process.send?.({ port: info.port });
  });
  process.on("message", async (m) => {
    if (m === "stop") {
      server.close();
      await api.close();
      await dropDatabase();
      process.exit(0);
    }
  });
} else {
  const concurrency = opt("concurrency", 20);
  const mb = opt("mb", 5);
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--server"], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."),
  });
  const { port } = await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
  const base = `http://127.0.0.1:${port}/api/v1`;
  const status = () => {
    const s = readFileSync(`/proc/${child.pid}/status`, "utf8");
    const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)[1]);
    return { rss: kb("VmRSS") * 1024, hwm: kb("VmHWM") * 1024 };
  };
  const call = async (p, init = {}) => {
    const res = await fetch(base + p, { ...init, headers: { "x-adaptasiapikey": API_KEY, ...init.headers } });
    const body = await res.json();
    if (!res.ok) throw new Error(`${p}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const login = await call("/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "pemohon@adaptasi.test", password: "Adaptasi#2026" }),
  });
  const auth = { authorization: `Bearer ${login.token.token}` };
  const app = await call("/applications", {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ jalur_id: "REG" }),
  });

  // A valid PDF header padded to exactly the limit: stored as it is, without merging.
  const size = mb * 1024 * 1024;
  const file = Buffer.alloc(size, 0x20);
  file.write("%PDF-1.7\n", 0);
  const upload = async () => {
    const fd = new FormData();
    fd.append("doc_3", new Blob([file], { type: "application/pdf" }), "logbook.pdf");
    const body = await call(`/applications/${app.data.id}/documents`, { method: "POST", headers: auth, body: fd });
    if (body.data.saved.length !== 1) throw new Error(JSON.stringify(body));
  };
  await upload(); // warm-up: first request compiles routes, opens storage folders
  if (global.gc) global.gc();
  const before = status();
  let peak = before.rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, status().rss);
  }, 5);
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, upload));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  const after = status();
  peak = Math.max(peak, after.rss);
  const MiB = (n) => (n / 1024 / 1024).toFixed(1);
  console.log(`uploads: ${concurrency} concurrent × ${mb} MB to doc_3 (merged field) over HTTP 127.0.0.1, ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite in memory"}`);
  console.log(`  time            ${seconds.toFixed(2)} s`);
  console.log(`  throughput      ${((concurrency * size) / 1024 / 1024 / seconds).toFixed(1)} MB/s`);
  console.log(`  server RSS      before ${MiB(before.rss)} MiB, peak sampled ${MiB(peak)} MiB (growth ${MiB(peak - before.rss)} MiB)`);
  console.log(`  server VmHWM    before ${MiB(before.hwm)} MiB, after ${MiB(after.hwm)} MiB (growth ${MiB(after.hwm - before.hwm)} MiB)`);
  // VmHWM only tells something when it rose during the run (start-up may have set it higher before).
  const growth = Math.max(peak, after.hwm > before.hwm ? after.hwm : 0) - before.rss;
  console.log(`  peak RSS growth ${MiB(growth)} MiB (target ≤ 64 MiB)`);
  child.send("stop");
}
