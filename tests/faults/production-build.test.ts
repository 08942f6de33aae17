import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, leftovers, PRODUCTION_MAIL, ROOT, strongSecrets, waitFor } from "./server";

// The production build (docs/operations.md "A production build"; the systemd unit and the Dockerfile run
// exactly this): build/ copied into a folder whose node_modules holds the production dependencies only,
// as `npm ci --omit=dev` leaves them, and started with `node build/server.mjs`: no tsx, no TypeScript,
// no Vite. It migrates an empty database, answers its pages and API, and stops on SIGTERM.

const PORT = 3442;
const cleanup = leftovers();
let dir = "";

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

beforeAll(async () => {
  await ensureBuild();
  dir = cleanup.dir("production-build");
  cpSync(path.join(ROOT, "build"), path.join(dir, "build"), { recursive: true });
  writeFileSync(path.join(dir, "package.json"), readFileSync(path.join(ROOT, "package.json")));
  const packages = productionModules(dir);
  expect(packages).toBeGreaterThan(50);
}, 240_000);

afterAll(() => cleanup.undo());

describe("the production build", () => {
  it("runs with `node build/server.mjs` on production dependencies only: an empty database migrated, pages and API answered, SIGTERM ends it", async () => {
    // Nothing of the development tools is there to lean on.
    for (const devOnly of ["vite", "typescript", "@remix-run/dev", "esbuild", "vitest"]) {
      expect(existsSync(path.join(dir, "node_modules", devOnly)), `${devOnly} is a development dependency`).toBe(false);
    }
    const secrets = strongSecrets();
    const child = spawn(process.execPath, ["build/server.mjs"], {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR: path.join(dir, "data"),
        LOG_LEVEL: "info",
        ...secrets,
        ...PRODUCTION_MAIL,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (out += d));
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    try {
      const base = `http://127.0.0.1:${PORT}`;
      const started = Date.now();
      await waitFor(`${base}/readyz`, 60_000).catch((error: Error) => {
        throw new Error(`${error.message}: ${out.slice(-2000)}`);
      });
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
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(out).not.toMatch(/"level":(50|60)/);
      console.log(`faults/production-build: node build/server.mjs on production dependencies ready in ${Date.now() - started} ms`);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }, 120_000);
});
