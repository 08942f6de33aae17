import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { version } from "../package.json";

// Which code runs: the package's version and the commit it was built from. Sentry's events carry the
// commit as their release and /metrics has adaptasi_build_info{version,commit} 1, so an alert or an
// error names the build. The commit comes from BUILD_COMMIT (a build without .git, e.g. the Dockerfile's
// `--build-arg`), else — as build/server.mjs — build/build-info.json (written by scripts/build-server.mjs)
// or — from the sources, `npm start` — `git rev-parse HEAD`, each falling back on the other, else "unknown".

export interface BuildInfo {
  version: string;
  commit: string;
}

// This file sits one folder below the root, as server/build-info.ts or bundled into build/server.mjs.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const COMMIT = /^[0-9a-f]{7,40}$/;

type Env = Record<string, string | undefined>;

function storedCommit(env: Env): string | undefined {
  const file = path.resolve(root, env.BUILD_DIR ?? "build", "build-info.json");
  try {
    if (!existsSync(file)) return undefined;
    const stored = (JSON.parse(readFileSync(file, "utf8")) as { commit?: unknown }).commit;
    return typeof stored === "string" && COMMIT.test(stored) ? stored : undefined;
  } catch {
    return undefined; // an unreadable file is no commit
  }
}

function gitHead(): string | undefined {
  try {
    const head = execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 5_000 }).trim();
    return COMMIT.test(head) ? head : undefined;
  } catch {
    return undefined; // no git here
  }
}

function commitOf(env: Env): string {
  const given = env.BUILD_COMMIT?.trim().toLowerCase();
  if (given && COMMIT.test(given)) return given;
  // Run from its sources (`npm start`), the checkout is the truth (a build may be older than the last
  // commit); run as build/server.mjs, the build's own record is.
  const fromSources = fileURLToPath(import.meta.url).endsWith(".ts");
  return (fromSources ? (gitHead() ?? storedCommit(env)) : (storedCommit(env) ?? gitHead())) ?? "unknown";
}

let cached: BuildInfo | undefined;

/** This process's build (read once); with `env`, what those settings would name. */
export function buildInfo(env?: Env): BuildInfo {
  if (env) return { version, commit: commitOf(env) };
  cached ??= { version, commit: commitOf(process.env) };
  return cached;
}
