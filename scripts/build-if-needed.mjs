// Builds the portal when build/ is missing or older than its sources, so `npm start` and the
// end-to-end tests always serve the current code without rebuilding every time.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const STAMP = `${process.env.BUILD_DIR ?? "build"}/server/index.js`;
const SOURCES = ["app", "domain", "locales", "public", "vite.config.ts", "package.json"];

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newest(path.join(p, name))), st.mtimeMs);
}

// build/server.mjs, the production server (scripts/build-server.mjs): from the server's own sources too.
const SERVER_STAMP = `${process.env.BUILD_DIR ?? "build"}/server.mjs`;
const SERVER_SOURCES = [...SOURCES, "server.ts", "server", "api", "contracts"];

export async function ensureBuild() {
  await ensureRemixBuild();
  if (process.env.BUILD_DIR && process.env.BUILD_DIR !== "build") return; // the bundle finds its build as ../build
  if (existsSync(SERVER_STAMP) && statSync(SERVER_STAMP).mtimeMs >= Math.max(...SERVER_SOURCES.map(newest))) return;
  const { buildServer } = await import("./build-server.mjs");
  await buildServer();
}

async function ensureRemixBuild() {
  if (existsSync(STAMP) && statSync(STAMP).mtimeMs >= Math.max(...SOURCES.map(newest))) return;
  console.log("Building the portal (remix vite:build)…");
  // Always a production build: run from a test (NODE_ENV=test) it would otherwise bundle React's
  // development build, which `npm start` would then serve.
  const r = spawnSync(process.execPath, ["node_modules/@remix-run/dev/dist/cli.js", "vite:build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) await ensureBuild();
