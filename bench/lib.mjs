// Shared by the load benchmarks: command-line options, a throwaway PostgreSQL database, the built
// server started as in production, a login through the portal's own form, and autocannon with p95.
import { spawn } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { cpus } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { throwawayDatabase as makeDatabase } from "../api/test/throwaway-database.mjs";
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const DEMO_PASSWORD = "Adaptasi#2026";

/** `--name=value`, `--name value` or a bare `--name` (true). */
export function options(args = process.argv.slice(2)) {
  return (name, fallback) => {
    const hit = args.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
    if (!hit) return fallback;
    if (hit.includes("=")) return hit.slice(hit.indexOf("=") + 1);
    const next = args[args.indexOf(hit) + 1];
    return next === undefined || next.startsWith("--") ? true : next;
  };
}

/** A new database on BENCH_DATABASE_URL (default the local server) and how to drop it. */
export function throwawayDatabase(prefix) {
  return makeDatabase(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres", prefix);
}

/**
 * Starts `server.ts` (the production build) and waits for /readyz. `nodeEnv` "test" lets the first
 * start seed the demo data (production never does); benchmarks then restart with "production".
 */
export async function startServer({
  port,
  dataDir,
  databaseUrl,
  nodeEnv = "production",
  secrets,
  seedDemo = false,
  readyPath = "/readyz",
  nodeArgs = [],
  env: extra = {},
}) {
  const secret = () => randomBytes(32).toString("hex");
  const keys = secrets ?? { API_KEY: secret(), SESSION_SECRET: secret(), JWT_SECRET: secret() };
  const env = { ...process.env, NODE_ENV: nodeEnv, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...keys, ...extra };
  // Production needs a mail server and its public address (app/utils/env.server.ts). The benchmarks send no
  // mail: a loopback port nothing listens on, where a send would fail at once and be logged.
  if (nodeEnv === "production") {
    env.SMTP_URL ??= "smtp://127.0.0.1:1";
    env.PUBLIC_URL ??= `http://127.0.0.1:${port}`;
    // and a key to sign decision letters with (a throwaway one, as domain/letter-keys.ts newLetterKeyEntry makes it).
    env.LETTER_SIGNING_KEYS ??= `bench:${generateKeyPairSync("ed25519").privateKey.export({ format: "der", type: "pkcs8" }).toString("base64")}`;
  }
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  if (seedDemo) env.SEED_DEMO = "true";
  const started = performance.now();
  const p = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "server.ts"], { stdio: ["ignore", "inherit", "inherit"], cwd: ROOT, env });
  const exited = new Promise((resolve) => p.once("exit", resolve));
  while (performance.now() - started < 120_000) {
    if (p.exitCode !== null) throw new Error(`server exited ${p.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}${readyPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { p, exited, apiKey: keys.API_KEY, secrets: keys, startMs: performance.now() - started };
    await new Promise((r) => setTimeout(r, 25));
  }
  p.kill("SIGTERM");
  throw new Error("server not ready after 120 s");
}

export async function stopServer({ p, exited }) {
  if (p.exitCode === null) p.kill("SIGTERM");
  await exited;
}

/** Logs in through the portal's own form (POST /login) and returns the session cookie. */
export async function portalLogin(base, email, password = DEMO_PASSWORD) {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ email, password, redirectTo: "" }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (res.status !== 302 || cookies.length === 0) throw new Error(`login ${email} failed: ${res.status} ${await res.text()}`);
  return cookies.join("; ");
}

/** Logs in at the API (POST /api/v1/login with the server's API key) and returns the access token. */
export async function apiToken(base, apiKey, { email, password = DEMO_PASSWORD }) {
  const res = await fetch(`${base}/api/v1/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-adaptasiapikey": apiKey },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`API login failed: ${res.status} ${await res.text()}`);
  return (await res.json()).token.token;
}

/** GET a page as the browser would (compressed); its body must be 200. */
export async function fetchPage(base, p, cookie) {
  const res = await fetch(base + p, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${p}: ${res.status} ${body.toString("utf8", 0, 300)}`);
  return body;
}

/** autocannon with per-response latencies kept, for p50/p95 (its own summary has no p95). */
export async function cannon(url, { connections, duration, headers }) {
  const autocannon = (await import("autocannon")).default;
  const latencies = [];
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration, headers }, (err, res) => (err ? reject(err) : resolve(res)));
    instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  latencies.sort((a, b) => a - b);
  const pct = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) console.warn(`  ${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return { p50: pct(0.5), p95: pct(0.95), rps: result.requests.total / duration, bytes: result.throughput.average, bad };
}

/** A plain-text table, numbers right-aligned from column `firstNumber`. */
export function printTable(head, rows, firstNumber = 2) {
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (i >= firstNumber ? String(c).padStart(width[i]) : String(c).padEnd(width[i]))).join("  ");
  console.log(line(head));
  console.log(width.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
}

export function machine() {
  const cpu = cpus();
  return `Node ${process.versions.node}, ${cpu.length} cores (${cpu[0]?.model.trim()})`;
}
