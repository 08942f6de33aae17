import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../api/db/client";
import { jobRuns, mailFailures, mailQueueDepth, registry } from "../../api/lib/metrics";
import { throwawayDatabase } from "../../api/test/throwaway-database.mjs";
import { apiClient, apiLogin, ensureBuild, ROOT, startServer, stopServer, strongSecret, strongSecrets, tempDir, type Running } from "./server";

// Operating it: /metrics in the Prometheus text format, behind METRICS_TOKEN; request
// durations by route pattern (never the raw URL) and status; the database pool; the mail and job
// metrics another part sets.

const PG_SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dirs: string[] = [];
let server: Running | undefined;
const TOKEN = strongSecret();

beforeAll(async () => {
  await ensureBuild();
}, 240_000);

afterAll(async () => {
  await stopServer(server, "SIGKILL");
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function start(port: string, extra: Record<string, string> = {}): Promise<Running> {
  const dataDir = tempDir("metrics");
  dirs.push(dataDir);
  return startServer({ NODE_ENV: "test", PORT: port, DATA_DIR: dataDir, ...strongSecrets(), RATE_LIMIT_LOGIN_PER_IP: "1000", ...extra });
}

const metrics = (running: Running, authorization?: string) => fetch(`${running.base}/metrics`, { headers: authorization ? { authorization } : {} });

describe("/metrics", () => {
  it("is not served without METRICS_TOKEN; a patch switched off by FRAMEWORK_PATCHES_OFF is named in the start's log", async () => {
    server = await start("3483", { FRAMEWORK_PATCHES_OFF: "render-tree-cache", LOG_LEVEL: "warn" });
    expect((await metrics(server)).status).toBe(404);
    expect((await metrics(server, `Bearer ${TOKEN}`)).status).toBe(404);
    expect(server.stdout()).toMatch(
      /"level":40,[^\n]*"patchesOff":\["render-tree-cache"\][^\n]*"msg":"framework patches switched off by FRAMEWORK_PATCHES_OFF: render-tree-cache;/,
    );
    await stopServer(server);
    server = undefined;
  }, 60_000);

  it("asks for the token, then answers Prometheus text: requests by route pattern and status, the database, mail and jobs", async () => {
    server = await start("3484", { METRICS_TOKEN: TOKEN });
    expect((await metrics(server)).status).toBe(401);
    const wrong = await metrics(server, `Bearer ${TOKEN}x`);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await metrics(server, TOKEN)).status).toBe(401); // the scheme is part of it

    // Traffic: an API route with two different ids, a page, a page that does not exist, a health check.
    const api = apiClient(server);
    const token = await apiLogin(server, "pemohon@adaptasi.test");
    const ids = ["0b7d4f6e-1111-4a4a-8a8a-000000000001", "0b7d4f6e-1111-4a4a-8a8a-000000000002"];
    // Each body is read to its end: a request is counted when its answer has been sent.
    const status = async (res: Promise<Response>) => {
      const r = await res;
      await r.arrayBuffer();
      return r.status;
    };
    for (const id of ids) expect(await status(api(`/applications/${id}`, { token }))).toBe(404);
    expect(await status(fetch(`${server.base}/login`))).toBe(200);
    expect(await status(fetch(`${server.base}/tidak-ada-halaman-ini`))).toBe(404);
    expect(await status(fetch(`${server.base}/healthz`))).toBe(200);

    const res = await metrics(server, `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    const count = (labels: string) => {
      const line = text.split("\n").find((l) => l.startsWith(`adaptasi_http_request_duration_seconds_count{${labels}}`));
      return line ? Number(line.split(" ").pop()) : 0;
    };
    expect(count('method="GET",route="/api/v1/applications/:id",status="404"')).toBe(2);
    expect(count('method="POST",route="/api/v1/login",status="200"')).toBe(1);
    expect(count('method="GET",route="/login",status="200"')).toBe(1);
    expect(count('method="GET",route="/*",status="404"')).toBe(1); // the not-found route
    expect(count('method="GET",route="/healthz",status="200"')).toBe(1);
    expect(text).toMatch(/^adaptasi_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/healthz",status="200"\} \d+$/m);
    expect(text).toMatch(/^adaptasi_http_responses_total\{status="404"\} [3-9]\d*$/m);
    for (const id of ids) expect(text).not.toContain(id); // bounded labels: no raw URL
    expect(text).not.toContain("tidak-ada");
    // The embedded database is one connection in the process.
    expect(text).toMatch(/^adaptasi_db_pool_connections\{kind="pglite",state="total"\} 1$/m);
    // What the mail worker and the jobs set, and the process's own.
    // Which build answers, and counters an alert watches at zero from the first scrape.
    const head = execFileSync("git", ["rev-parse", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    expect(text).toMatch(new RegExp(`^adaptasi_build_info\\{version="\\d+\\.\\d+\\.\\d+",commit="${head}"\\} 1$`, "m"));
    for (const series of [
      'adaptasi_mail_failures_total{kind="permanent"}',
      'adaptasi_mail_failures_total{kind="retry"}',
      'adaptasi_job_runs_total{job="overdue_digest",outcome="error"}',
      'adaptasi_http_responses_total{status="500"}',
    ]) {
      expect(text, series).toMatch(new RegExp(`^${series.replace(/[{}"=]/g, (c) => `\\${c}`)} 0$`, "m"));
    }
    expect(text).toMatch(/^# HELP adaptasi_mail_queue_depth .*alert on max\(\)/m);
    for (const name of [
      "adaptasi_mail_queue_depth",
      "adaptasi_mail_sent_total",
      "adaptasi_mail_failures_total",
      "adaptasi_job_runs_total",
      "adaptasi_process_resident_memory_bytes",
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    console.log(`faults/metrics: /metrics answered ${text.length} bytes, ${text.split("\n").filter((l) => l && !l.startsWith("#")).length} samples`);
  }, 90_000);
});

describe("metrics module", () => {
  it("reads a PostgreSQL pool's connections: total, idle, waiting and max", async () => {
    const { url, drop } = await throwawayDatabase(PG_SERVER, "adaptasi_metrics");
    const handle = await openDatabase({ databaseUrl: url });
    try {
      await handle.ping();
      const text = await registry.metrics();
      expect(text).toMatch(/^adaptasi_db_pool_connections\{kind="postgres",state="total"\} 1$/m);
      expect(text).toMatch(/^adaptasi_db_pool_connections\{kind="postgres",state="idle"\} 1$/m);
      expect(text).toMatch(/^adaptasi_db_pool_connections\{kind="postgres",state="waiting"\} 0$/m);
      expect(text).toMatch(/^adaptasi_db_pool_connections\{kind="postgres",state="max"\} 10$/m);
    } finally {
      await handle.close();
      await drop();
    }
    expect(await registry.metrics()).not.toMatch(/^adaptasi_db_pool_connections\{/m); // forgotten once closed
  });

  it("carries what the mail worker and the jobs set", async () => {
    mailQueueDepth.set(7);
    mailFailures.inc({ kind: "permanent" });
    jobRuns.inc({ job: "sla-reminder", outcome: "ok" });
    const text = await registry.metrics();
    expect(text).toMatch(/^adaptasi_mail_queue_depth 7$/m);
    expect(text).toMatch(/^adaptasi_mail_failures_total\{kind="permanent"\} 1$/m);
    expect(text).toMatch(/^adaptasi_job_runs_total\{job="sla-reminder",outcome="ok"\} 1$/m);
  });
});
