// Builds the portal when build/ is missing or older than its sources, so `npm start` and the
// end-to-end tests always serve the current code without rebuilding every time.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BUNDLES } from "./bundles.mjs";

const STAMP = `${process.env.BUILD_DIR ?? "build"}/server/index.js`;
const SOURCES = ["app", "domain", "locales", "public", "vite.config.ts", "package.json"];

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newest(path.join(p, name))), st.mtimeMs);
}

// build/server.mjs, the production server, and the operator's commands beside it (scripts/build-server.mjs):
// from the server's own sources too. Each bundle must be there and newer than them.
const SERVER_BUNDLES = Object.keys(BUNDLES).map((name) => `${process.env.BUILD_DIR ?? "build"}/${name}.mjs`);
const SERVER_SOURCES = [...new Set([...SOURCES, "server", "api", "contracts", "scripts", ...Object.values(BUNDLES)])];

/**
 * Several processes may ask at once (the test runner runs two fault-test files side by side on a fresh
 * clone): one builds while the others wait, then find the build current.
 */
export async function ensureBuild() {
  await withLock(`${process.env.BUILD_DIR ?? "build"}.lock`, buildIfOlder);
}

/**
 * Runs `fn` while holding a lock directory (mkdir is atomic) holding the owner's pid. A lock whose
 * owner has died (a build killed with its process) or older than `staleMs` is taken over.
 */
export async function withLock(lock, fn, { staleMs = 10 * 60_000, pollMs = 500 } = {}) {
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, "pid"), String(process.pid));
      break;
    } catch (e) {
      if (e?.code !== "EEXIST") throw e;
      if (lockIsStale(lock, staleMs)) rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, pollMs));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function lockIsStale(lock, staleMs) {
  try {
    if (Date.now() - statSync(lock).mtimeMs > staleMs) return true;
    const pid = Number(readFileSync(path.join(lock, "pid"), "utf8"));
    if (!Number.isInteger(pid) || pid <= 0) return false; // being written: wait
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return e?.code === "ESRCH"; // no such process: its owner died; a missing file is still being written
  }
}

async function buildIfOlder() {
  await ensureRemixBuild();
  if (process.env.BUILD_DIR && process.env.BUILD_DIR !== "build") return; // the bundle finds its build as ../build
  const built = SERVER_BUNDLES.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0));
  if (Math.min(...built) >= Math.max(...SERVER_SOURCES.map(newest))) return;
  const { buildServer } = await import("./build-server.mjs");
  await buildServer();
}

async function ensureRemixBuild() {
  if (existsSync(STAMP) && statSync(STAMP).mtimeMs >= Math.max(...SOURCES.map(newest))) return;
  console.log("Building the portal (remix vite:build)…");
  // Always a production build: run from a test (NODE_ENV=test) it would otherwise bundle React's
  // development build, which `npm start` would then serve.
  const r = spawnSync(process.execPath, ["node_modules/@remix-run/dev/dist/cli.js", "vite:build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.status !== 0) throw new Error(`remix vite:build failed (exit ${r.status ?? r.signal})`);
}

if (import.meta.url === `file://${process.argv[1]}`) await ensureBuild();
