// The production server as one file: server.ts and everything it imports from this repository
// (server/, api/, domain/, locales/, app/utils/) bundled by esbuild into build/server.mjs, the packages
// left to node_modules, and the migrations beside it. The operator's commands the docs name (`npm run
// admin:create`, `npm run ops:adopt`, `npm run ops:sentry-test`, `npm run letters:key`) are bundled the same way beside it
// (build/admin-create.mjs, …): package.json runs those when the sources are not there. With build/client and build/server (Remix) it runs
// as `NODE_ENV=production node build/server.mjs` on production dependencies only (`npm ci --omit=dev`):
// no TypeScript at run time. docs/operations.md "A production build".
import { execFileSync } from "node:child_process";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { BUNDLES } from "./bundles.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// server/app.ts finds build/ as "../build" from its own file: the bundle lives one folder below the root.
const out = path.join(root, "build");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const packages = Object.keys(pkg.dependencies);

/**
 * The commit this build is made from: BUILD_COMMIT (a build without .git, the Dockerfile's), else the
 * checkout's HEAD. Neither stops the build: a release named "unknown" on Sentry and in
 * adaptasi_build_info would tell nobody which code runs.
 */
export function commitOf(env = process.env, dir = root) {
  const given = env.BUILD_COMMIT?.trim().toLowerCase();
  if (given) {
    if (/^[0-9a-f]{7,40}$/.test(given)) return given;
    throw new Error(`BUILD_COMMIT must be a commit hash (git rev-parse HEAD), not ${JSON.stringify(env.BUILD_COMMIT.slice(0, 60))}`);
  }
  try {
    const head = execFileSync("git", ["rev-parse", "HEAD"], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    if (/^[0-9a-f]{7,40}$/.test(head)) return head;
  } catch {
    // no git, or not a checkout
  }
  throw new Error(
    "this build has no commit to name: there is no .git here and BUILD_COMMIT is not set. Give it: BUILD_COMMIT=$(git rev-parse HEAD) npm run build (docker build --build-arg BUILD_COMMIT=…)",
  );
}

export async function buildServer() {
  const commit = commitOf();
  await build({
    entryPoints: Object.fromEntries(Object.entries(BUNDLES).map(([name, source]) => [name, path.join(root, source)])),
    outdir: out,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: path.join(root, "tsconfig.json"),
    // Every package stays an import of node_modules; `vite` is imported only by `--dev`.
    external: [...packages, ...packages.map((p) => `${p}/*`), "vite"],
    // CommonJS packages imported from ESM need `require` in scope.
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    logLevel: "warning",
  });
  // The commit it was built from (server/build-info.ts): Sentry's release, /metrics' adaptasi_build_info.
  writeFileSync(path.join(out, "build-info.json"), `${JSON.stringify({ version: pkg.version, commit })}\n`);
  // api/db/client.ts reads its migrations from "./migrations" beside the file it is bundled into.
  rmSync(path.join(out, "migrations"), { recursive: true, force: true });
  cpSync(path.join(root, "api/db/migrations"), path.join(out, "migrations"), { recursive: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer();
  console.log(
    `built ${Object.keys(BUNDLES)
      .map((name) => `build/${name}.mjs`)
      .join(", ")} and build/migrations`,
  );
}
