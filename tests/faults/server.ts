import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startS3WithListParts } from "../../api/test/s3-with-list-parts";
import pg from "pg";
import { newLetterKeyEntry } from "../../domain/letter-keys";

// The fault tests run the real thing: `node --import tsx server.ts` on the built portal, on loopback,
// on their own ports (3371–3379) and data directories, and stop it themselves (SIGTERM or SIGKILL).

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const DEMO_PASSWORD = "Adaptasi#2026";

/** Builds the portal once if its sources are newer than the build (BUILD_DIR is respected). */
export async function ensureBuild(): Promise<void> {
  // @ts-expect-error -- a plain .mjs script without types
  const { ensureBuild: build } = (await import("../../scripts/build-if-needed.mjs")) as { ensureBuild: () => Promise<void> };
  await build();
}

/**
 * What a production start needs besides its secrets: mail goes to a loopback port nothing listens on
 * (a send fails at once and is logged; these tests are not about mail), links name a public address.
 */
export const PRODUCTION_MAIL = { SMTP_URL: "smtp://127.0.0.1:1", PUBLIC_URL: "https://adaptasi.example.go.id" };

export const strongSecret = () => randomBytes(32).toString("hex");
export const strongSecrets = () => ({
  API_KEY: strongSecret(),
  SESSION_SECRET: strongSecret(),
  JWT_SECRET: strongSecret(),
  LETTER_SIGNING_KEYS: newLetterKeyEntry("faults"),
});

export function tempDir(name: string): string {
  return mkdtempSync(path.join(tmpdir(), `adaptasi-faults-${name}-`));
}

/** What a test leaves behind (folders, databases, mail servers), undone newest first by `undo()` in afterAll. */
export function leftovers() {
  const steps: Array<() => unknown> = [];
  return {
    /** A temporary folder, removed afterwards. */
    dir(name: string): string {
      const d = tempDir(name);
      steps.push(() => rmSync(d, { recursive: true, force: true }));
      return d;
    },
    /** Anything to close or drop afterwards; returns it. */
    keep<T extends { close?: () => unknown; drop?: () => unknown }>(thing: T): T {
      steps.push(() => (thing.drop ?? thing.close)?.call(thing));
      return thing;
    },
    async undo(): Promise<void> {
      for (const step of steps.splice(0).reverse())
        await Promise.resolve()
          .then(step)
          .catch(() => {});
    },
  };
}

export interface Running {
  child: ChildProcess;
  port: number;
  base: string;
  env: Record<string, string>;
  /** everything the process wrote on stderr so far */
  stderr: () => string;
  /** its log so far (pino's JSON lines on stdout; LOG_LEVEL is "fatal" unless the test sets it) */
  stdout: () => string;
  exited: Promise<number | null>;
}

/** How a test starts the portal: `node --import tsx server.ts`, or as the README has it (`npm start`). */
const COMMANDS = {
  server: [process.execPath, "--import", "tsx", "server.ts"],
  "npm start": ["npm", "start"],
} as const;

/** Spawns server.ts with the given environment (inherits PATH etc., never the caller's secrets or mail server). */
export function spawnServer(env: Record<string, string | undefined>, command: keyof typeof COMMANDS = "server"): Running {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (
      v !== undefined &&
      ![
        "API_KEY",
        "SESSION_SECRET",
        "JWT_SECRET",
        "LETTER_SIGNING_KEYS",
        "DATABASE_URL",
        "API_URL",
        "SEED_DEMO",
        "NODE_ENV",
        "SMTP_URL",
        "PUBLIC_URL",
        "MAIL_REDIRECT_TO",
      ].includes(k)
    )
      clean[k] = v;
  }
  for (const [k, v] of Object.entries(env)) if (v !== undefined) clean[k] = v;
  clean.HOST ??= "127.0.0.1";
  clean.LOG_LEVEL ??= "fatal";
  const [program, ...args] = COMMANDS[command];
  const child = spawn(program, args, { cwd: ROOT, env: clean as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  let err = "";
  let out = "";
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (err += d));
  child.stdout!.setEncoding("utf8").on("data", (d: string) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const port = Number(clean.PORT);
  return { child, port, base: `http://127.0.0.1:${port}`, env: clean, stderr: () => err, stdout: () => out, exited };
}

/**
 * An operator's command as docs/operations.md has it typed (`npm run admin:create -- …`), with the same
 * settings as the running server `env` (its clean environment): what it printed and its exit code.
 */
export function operatorCommand(env: Record<string, string>, script: string, args: string[] = []) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn("npm", ["run", "--silent", script, ...(args.length > 0 ? ["--", ...args] : [])], {
      cwd: ROOT,
      env: env as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A port nothing listens on now (the kernel's pick, released at once): for a test's own servers. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something already listens on the port: its answers would pass for the new server's. */
function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Starts the server and waits until `readyPath` answers 200 (at most `timeoutMs`). */
/** One statement on a PostgreSQL server (the drills' look at what a database holds), on its own connection. */
export async function sql<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

export async function startServer(
  env: Record<string, string | undefined>,
  readyPath = "/readyz",
  timeoutMs = 300_000,
  command: keyof typeof COMMANDS = "server",
): Promise<Running> {
  if (env.PORT && (await portTaken(Number(env.PORT)))) throw new Error(`port ${env.PORT} is taken, by a server an earlier run left behind?`);
  const running = spawnServer(env, command);
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (running.child.exitCode !== null) throw new Error(`server exited ${running.child.exitCode}: ${running.stderr()}`);
    const ok = await fetch(`${running.base}${readyPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return running;
    await new Promise((r) => setTimeout(r, 50));
  }
  running.child.kill("SIGKILL");
  throw new Error(`server not ready after ${timeoutMs} ms: ${running.stderr()}`);
}

export async function stopServer(running: Running | undefined, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (!running) return;
  if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill(signal);
  await running.exited;
}

/** The API the way the portal calls it: API key, optional bearer token, JSON body. */
export function apiClient(running: Running) {
  return async (p: string, opts: { method?: string; json?: unknown; body?: BodyInit; token?: string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { "x-adaptasiapikey": running.env.API_KEY, ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.json !== undefined) headers["content-type"] = "application/json";
    return fetch(`${running.base}/api/v1${p}`, {
      method: opts.method ?? (opts.json !== undefined || opts.body !== undefined ? "POST" : "GET"),
      headers,
      body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.body,
    });
  };
}

export async function apiLogin(running: Running, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await apiClient(running)("/login", { json: { email, password } });
  if (res.status !== 200) throw new Error(`API login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: { token: string } }).token.token;
}

/** A form post to `base` + `path` as a browser without JavaScript sends it from the portal's own page (no redirect followed). */
export function postForm(base: string, path: string, fields: Record<string, string>, cookie?: string): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

/** Logs in through the portal's form (POST /login) and returns the cookie header to send back. */
export async function portalLogin(running: Running, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await postForm(running.base, "/login", { email, password, redirectTo: "" });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (res.status !== 302 || cookies.length === 0) throw new Error(`portal login ${email}: ${res.status}`);
  return cookies.join("; ");
}

/** Text a stack trace or an internal error would leave in a page or an API answer. */
export const INTERNALS =
  /\bat [\w.<>$]+ \(|\(file:\/\/|node_modules|\.[cm]?[jt]sx?:\d+:\d+|ECONNREFUSED|ECONNRESET|ETIMEDOUT|postgres:\/\/|DrizzleQueryError|Failed query/;

/**
 * An S3-protocol bucket on loopback (the s3rver package, behind the shim that answers the multipart calls
 * it lacks, which the start-up check asks for), and the settings that point the portal at it (README
 * "Object storage"). `close()` stops it.
 */
export async function s3Bucket(opts: { port: number; bucket: string; directory: string }) {
  const server = await startS3WithListParts([opts.bucket], { port: opts.port, directory: opts.directory });
  const env = {
    S3_ENDPOINT: `http://127.0.0.1:${opts.port}`,
    S3_BUCKET: opts.bucket,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  };
  return { env, close: () => server.close() };
}

/**
 * A server started with NODE_OPTIONS="--inspect=127.0.0.1:<port>": a full garbage collection in it, then
 * its heap in use and its RSS (MB). Memory retained, not memory not yet collected: what a test of
 * "memory stays flat" should compare. Talks to the inspector from a helper process (Node 20's WebSocket
 * is behind a flag).
 */
export function heapAfterGc(inspectPort: number): Promise<{ heapUsedMb: number; rssMb: number }> {
  const script = `
    const list = await (await fetch("http://127.0.0.1:${inspectPort}/json/list")).json();
    const ws = new WebSocket(list[0].webSocketDebuggerUrl);
    let id = 0;
    const pending = new Map();
    ws.onmessage = (e) => { const m = JSON.parse(e.data); pending.get(m.id)?.(m); };
    const call = (method, params = {}) => new Promise((resolve) => { pending.set(++id, resolve); ws.send(JSON.stringify({ id, method, params })); });
    await new Promise((r) => (ws.onopen = r));
    await call("HeapProfiler.collectGarbage");
    await call("HeapProfiler.collectGarbage");
    const r = await call("Runtime.evaluate", { expression: "JSON.stringify(process.memoryUsage())", returnByValue: true });
    console.log(r.result.result.value);
    ws.close();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--experimental-websocket", "--no-warnings", "--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d));
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`inspector: ${err}`));
      const m = JSON.parse(out.trim()) as { heapUsed: number; rss: number };
      resolve({ heapUsedMb: m.heapUsed / 1024 / 1024, rssMb: m.rss / 1024 / 1024 });
    });
  });
}

/** Waits until `url` answers 2xx (a server or a proxy that is still starting refuses or fails meanwhile). */
export async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
