// 20 concurrent 5 MB uploads to a merged-document field against a real HTTP server on 127.0.0.1.
// Prints the server process's peak RSS growth and the throughput.
//   node bench/uploads.mjs [--concurrency 20] [--mb 5] [--s3]
// With BENCH_DATABASE_URL=postgres://… the server uses a throwaway database there instead of in-memory
// PGlite (whose WebAssembly heap makes the server's baseline RSS large).
// With --s3 the documents go to S3-compatible storage: an s3rver started here on 127.0.0.1 (in this
// process, so its memory is not the server's), given to the server through the S3_* settings.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
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
  const env = process.env;
  const s3 = env.S3_BUCKET
    ? { bucket: env.S3_BUCKET, endpoint: env.S3_ENDPOINT, region: env.S3_REGION, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
    : undefined;
  const api = await startApi({
    s3,
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
  let s3rver;
  let s3Dir;
  const s3Env = {};
  if (args.includes("--s3")) {
    const S3rver = (await import("s3rver")).default;
    s3Dir = mkdtempSync(path.join(tmpdir(), "adaptasi-bench-s3-"));
    s3rver = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: s3Dir, configureBuckets: [{ name: "adaptasi-bench" }] });
    const { port } = await s3rver.run();
    Object.assign(s3Env, { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: "adaptasi-bench", S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" });
  }
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--server"], {
    env: { ...process.env, ...s3Env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."),
  });
  const { port } = await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
  // A failure below must not leave the server running.
  process.on("uncaughtException", (err) => {
    console.error(err);
    child.kill();
    process.exit(1);
  });
  process.on("unhandledRejection", (err) => {
    console.error(err);
    child.kill();
    process.exit(1);
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

  // A real one-page PDF padded after its end to exactly the limit: it passes the content check (a bare
  // "%PDF" header no longer does) and is stored as it is, without merging.
  const size = mb * 1024 * 1024;
  const { PDFDocument } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]);
  const onePage = Buffer.from(await doc.save());
  const file = Buffer.concat([onePage, Buffer.alloc(size - onePage.length, 0x20)]);
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
  console.log(
    `uploads: ${concurrency} concurrent × ${mb} MB to doc_3 (merged field) over HTTP 127.0.0.1, ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite in memory"}, ${s3rver ? "S3 driver (s3rver on 127.0.0.1)" : "disk driver"}`,
  );
  console.log(`  time            ${seconds.toFixed(2)} s`);
  console.log(`  throughput      ${((concurrency * size) / 1024 / 1024 / seconds).toFixed(1)} MB/s`);
  console.log(`  server RSS      before ${MiB(before.rss)} MiB, peak sampled ${MiB(peak)} MiB (growth ${MiB(peak - before.rss)} MiB)`);
  console.log(`  server VmHWM    before ${MiB(before.hwm)} MiB, after ${MiB(after.hwm)} MiB (growth ${MiB(after.hwm - before.hwm)} MiB)`);
  // VmHWM only tells something when it rose during the run (start-up may have set it higher before).
  const growth = Math.max(peak, after.hwm > before.hwm ? after.hwm : 0) - before.rss;
  console.log(`  peak RSS growth ${MiB(growth)} MiB (target ≤ 64 MiB)`);
  if (s3rver) {
    // Every upload (the warm-up and the run) is an object of the full size in the bucket.
    const { S3Client, ListObjectsV2Command } = await import("@aws-sdk/client-s3");
    const client = new S3Client({
      endpoint: s3Env.S3_ENDPOINT,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    const objects = (await client.send(new ListObjectsV2Command({ Bucket: s3Env.S3_BUCKET }))).Contents ?? [];
    console.log(`  in the bucket   ${objects.length} objects of ${[...new Set(objects.map((o) => o.Size))].join(", ")} bytes`);
    client.destroy();
  }
  child.send("stop");
  if (s3rver) {
    await new Promise((resolve) => child.once("exit", resolve));
    await s3rver.close();
    rmSync(s3Dir, { recursive: true, force: true });
  }
}
