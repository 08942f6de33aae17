import { execFileSync, spawn, spawnSync } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenFrom } from "../../api/test/mail";
import { smtpSink, type SmtpSink } from "../../api/test/smtp-sink";
import { dockerfileStages, healthcheckCommand } from "./dockerfile";
import { ensureBuild, freePort, leftovers, PRODUCTION_MAIL, ROOT, strongSecrets, waitFor } from "./server";

// The production layout (docs/operations.md §1 "A production build"; the systemd unit and the Dockerfile's
// last stage hold exactly this): build/, package.json and a node_modules holding the production
// dependencies only, as `npm ci --omit=dev` leaves them — no sources, no tsx scripts, no TypeScript, no
// Vite. There `node build/server.mjs` migrates an empty database, answers its pages and API and stops on
// SIGTERM; and the commands the docs name — `npm start`, `npm run admin:create`, `npm run ops:adopt`,
// `npm run ops:sentry-test`, `npm run letters:key` — work as typed.

const cleanup = leftovers();
let dir = "";
let sink: SmtpSink;

/** node_modules with every package package-lock.json does not mark `dev`, hard-linked from ours. */
function productionModules(into: string): number {
  const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, { dev?: boolean; devOptional?: boolean }> };
  let n = 0;
  for (const [key, meta] of Object.entries(lock.packages)) {
    if (!/^node_modules\/(@[^/]+\/)?[^/]+$/.test(key) || meta.dev || meta.devOptional) continue;
    const from = path.join(ROOT, key);
    if (!existsSync(from)) continue; // an optional package for another platform
    mkdirSync(path.dirname(path.join(into, key)), { recursive: true });
    execFileSync("cp", ["-al", from, path.join(into, key)]);
    n++;
  }
  return n;
}

/** A command in the production folder with only these settings (PATH and HOME for npm), as an operator's shell runs it. */
function run(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? dir, NODE_ENV: "production", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

/** Starts a server command, waits for /readyz, runs `check` on it, then SIGTERM: its exit code and log. */
async function serve(command: string, args: string[], env: Record<string, string>, check: (base: string) => Promise<void>) {
  const port = await freePort();
  const server = run(command, args, { ...env, PORT: String(port), HOST: "127.0.0.1" });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/readyz`, 90_000).catch((error: Error) => {
      throw new Error(`${error.message}: ${server.out().slice(-2000)} ${server.err().slice(-2000)}`);
    });
    await check(base);
    server.child.kill("SIGTERM");
    return { code: await server.exited, log: server.out() + server.err() };
  } finally {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
  }
}

let settings: Record<string, string>;

beforeAll(async () => {
  await ensureBuild();
  dir = cleanup.dir("production-build");
  // Exactly what docs/operations.md §1 says to copy, and the Dockerfile's last stage holds.
  cpSync(path.join(ROOT, "build"), path.join(dir, "build"), { recursive: true });
  writeFileSync(path.join(dir, "package.json"), readFileSync(path.join(ROOT, "package.json")));
  const packages = productionModules(dir);
  expect(packages).toBeGreaterThan(50);
  sink = cleanup.keep(await smtpSink());
  settings = { DATA_DIR: path.join(dir, "data"), ...strongSecrets(), SMTP_URL: sink.url, PUBLIC_URL: PRODUCTION_MAIL.PUBLIC_URL };
}, 240_000);

afterAll(() => cleanup.undo());

describe("the production layout: build/, package.json and production dependencies only", () => {
  it("holds no sources and no development tool", () => {
    expect(readdirSync(dir).sort()).toEqual(["build", "node_modules", "package.json"]);
    for (const devOnly of ["vite", "typescript", "@remix-run/dev", "esbuild", "vitest"]) {
      expect(existsSync(path.join(dir, "node_modules", devOnly)), `${devOnly} is a development dependency`).toBe(false);
    }
  });

  it("runs with `node build/server.mjs`: an empty database migrated, pages and API answered, SIGTERM ends it", async () => {
    const started = Date.now();
    const { code, log } = await serve(process.execPath, ["build/server.mjs"], settings, async (base) => {
      const welcome = await fetch(`${base}/welcome`);
      expect(welcome.status).toBe(200);
      expect(await welcome.text()).toContain("Adaptasi");
      const login = await fetch(`${base}/login`);
      expect(login.status).toBe(200);
      // The API in the same process: its contract and a refusal without the key.
      expect((await fetch(`${base}/api/v1/openapi.json`)).status).toBe(200);
      expect((await fetch(`${base}/api/v1/applications`)).status).toBe(401);
      // A hashed asset of the Remix build.
      const asset = /\/assets\/[^"]+\.js/.exec(await (await fetch(`${base}/login`)).text())?.[0];
      expect(asset).toBeTruthy();
      expect((await fetch(`${base}${asset}`)).status).toBe(200);
      // The image's HEALTHCHECK command (the Dockerfile's, as written) passes against it.
      const [program, ...args] = healthcheckCommand(dockerfileStages().at(-1)!)!;
      const health = spawnSync(program === "node" ? process.execPath : program, args, {
        env: { ...process.env, PORT: new URL(base).port },
        encoding: "utf8",
      });
      expect(health.status, health.stderr).toBe(0);
    });
    expect(code).toBe(0);
    expect(log).not.toMatch(/"level":(50|60)/);
    console.log(`faults/production-build: node build/server.mjs on production dependencies ready and stopped in ${Date.now() - started} ms`);
  }, 120_000);

  it("`npm start` serves the build there and drains on SIGTERM", async () => {
    const { code, log } = await serve("npm", ["start"], settings, async (base) => {
      expect((await fetch(`${base}/login`)).status).toBe(200);
    });
    expect(log).not.toContain("ERR_MODULE_NOT_FOUND");
    expect(code).toBe(0);
    expect(log).toContain("shutdown requested");
  }, 120_000);

  it("`npm run admin:create` makes the first Super Admin and mails its link; `npm run ops:adopt` adopts the database", async () => {
    const create = run("npm", ["run", "--silent", "admin:create", "--", "--email", "ketua.komite@kemkes.go.id", "--name", "dr. Ketua Komite"], settings);
    expect(await create.exited, create.err()).toBe(0);
    expect(create.err()).toBe("");
    expect(create.out()).toContain("Super Admin created: ke***@kemkes.go.id");
    expect(sink.received.map((r) => r.to)).toEqual(["ketua.komite@kemkes.go.id"]);
    const token = tokenFrom(sink.received[0].mail, "/forgot-password");
    expect(create.out()).not.toContain(token);

    const moved = { ...settings, PUBLIC_URL: "https://adaptasi-baru.example.go.id" };
    const adopt = run("npm", ["run", "--silent", "ops:adopt"], moved);
    expect(await adopt.exited, adopt.err()).toBe(0);
    expect(adopt.out()).toContain(`live service at https://adaptasi-baru.example.go.id now (it served ${PRODUCTION_MAIL.PUBLIC_URL})`);

    // Wrong arguments: the usage, exit 2, as from the sources.
    const wrong = run("npm", ["run", "--silent", "admin:create", "--", "--email", "x@kemkes.go.id"], settings);
    expect(await wrong.exited).toBe(2);
    expect(wrong.err()).toContain("usage: npm run admin:create");
  }, 180_000);

  it("`npm run letters:key` prints a new signing key entry for LETTER_SIGNING_KEYS", async () => {
    const key = run("npm", ["run", "--silent", "letters:key", "--", "drill"], settings);
    expect(await key.exited, key.err()).toBe(0);
    expect(key.out().trim()).toMatch(/^drill:[A-Za-z0-9+/=]{40,}$/);
  }, 60_000);

  it("`npm run ops:sentry-test` sends one test event with the build's release, and says when Sentry did not take it", async () => {
    const events: Array<Record<string, unknown>> = [];
    const ingest = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        let body = Buffer.concat(chunks);
        if (req.headers["content-encoding"] === "gzip") body = gunzipSync(body);
        const lines = body.toString("utf8").split("\n");
        for (let i = 1; i + 1 < lines.length; i += 2) {
          if ((JSON.parse(lines[i]) as { type: string }).type === "event") events.push(JSON.parse(lines[i + 1]) as Record<string, unknown>);
        }
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((r) => ingest.listen(0, "127.0.0.1", r));
    try {
      const { port } = ingest.address() as AddressInfo;
      const test = run("npm", ["run", "--silent", "ops:sentry-test"], {
        ...settings,
        SENTRY_DSN: `http://0123456789abcdef0123456789abcdef@127.0.0.1:${port}/1`,
      });
      expect(await test.exited, test.err()).toBe(0);
      expect(events).toHaveLength(1);
      const { commit } = JSON.parse(readFileSync(path.join(dir, "build/build-info.json"), "utf8")) as { commit: string };
      expect(events[0]).toMatchObject({ release: commit, message: expect.stringContaining("a test event from npm run ops:sentry-test") });
      expect(test.out()).toContain(`Test event ${String(events[0].event_id)} sent to Sentry and accepted (release ${commit})`);
    } finally {
      ingest.close();
    }
    // Nothing listens there: one line, exit 1.
    const unreachable = run("npm", ["run", "--silent", "ops:sentry-test"], {
      ...settings,
      SENTRY_DSN: `http://0123456789abcdef0123456789abcdef@127.0.0.1:${await freePort()}/1`,
    });
    expect(await unreachable.exited).toBe(1);
    expect(unreachable.err()).toMatch(/^adaptasi: Sentry did not accept the test event \(.*\): check SENTRY_DSN/);
    const unset = run("npm", ["run", "--silent", "ops:sentry-test"], settings);
    expect(await unset.exited).toBe(1);
    expect(unset.err()).toMatch(/^adaptasi: SENTRY_DSN is not set/);
  }, 120_000);
});
