import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { throwawayDatabase } from "../../api/test/throwaway-database.mjs";
import { adaptedServer, startNginx } from "./nginx";
import { ensureBuild, freePort, leftovers, PRODUCTION_MAIL, ROOT, strongSecrets, waitFor } from "./server";

// A rolling update as docs/operations.md "Stopping and updating" has it: release N and release N+1 (the
// same code with one visible change, built on its own) run side by side behind the documented nginx, in
// round robin, on one PostgreSQL database and one shared asset store (ASSETS_DIR). A page either release
// rendered loads every script it names — and every route module its manifest names — from either
// instance, directly or through the proxy. Then build/ is replaced under the running instance of N (N+1's
// build copied over it, as an update on one host does): N's pages still load their scripts.

const PG_SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const cleanup = leftovers();
let dir = "";
const children: ChildProcess[] = [];
let nginx: ChildProcess | undefined;
const ports = { a: 0, b: 0, proxy: 0 };

/** node_modules whose every entry links to ours: a build there writes its caches into its own folder. */
function linkedModules(into: string) {
  mkdirSync(path.join(into, "node_modules"));
  for (const name of readdirSync(path.join(ROOT, "node_modules"))) symlinkSync(path.join(ROOT, "node_modules", name), path.join(into, "node_modules", name));
}

/** Release N+1: this checkout's files (committed or not) with one visible change, built as `npm run build` builds. */
function buildNextRelease(into: string) {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    if (!existsSync(path.join(ROOT, file))) continue; // deleted in the working tree
    mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(into, file));
  }
  linkedModules(into);
  // The change: the footer of the portal's pages (in the "shell" chunk, which nearly every other chunk imports).
  const footer = path.join(into, "app/components/Footer.tsx");
  const source = readFileSync(footer, "utf8");
  expect(source).toContain("<footer className={s.footer}>");
  writeFileSync(footer, source.replace("<footer className={s.footer}>", '<footer className={s.footer} data-release="next">'));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", BUILD_COMMIT: "b".repeat(40) };
  for (const args of [["node_modules/@remix-run/dev/dist/cli.js", "vite:build"], ["scripts/build-server.mjs"]]) {
    const r = spawnSync(process.execPath, args, { cwd: into, env, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`release N+1: ${args.join(" ")} failed: ${r.stderr.slice(-3000)}`);
  }
}

/** Starts `node build/server.mjs` in `cwd` as a production instance on `port`, with the shared asset store. */
async function startInstance(cwd: string, port: number, settings: Record<string, string>, store: string) {
  const child = spawn(process.execPath, ["build/server.mjs"], {
    cwd,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: path.join(cwd, "data"),
      ASSETS_DIR: store,
      TRUST_PROXY: "1",
      LOG_LEVEL: "warn",
      ...settings,
      ...PRODUCTION_MAIL,
      PUBLIC_URL: `http://127.0.0.1:${ports.proxy}`,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let log = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (log += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (log += d));
  await waitFor(`http://127.0.0.1:${port}/readyz`, 90_000).catch((error: Error) => {
    throw new Error(`${error.message}: ${log.slice(-2000)}`);
  });
}

beforeAll(async () => {
  await ensureBuild();
  dir = cleanup.dir("rolling-update");
  // Release N: this checkout's build, in a folder of its own (its build/ is replaced below).
  const releaseN = path.join(dir, "n");
  mkdirSync(releaseN);
  cpSync(path.join(ROOT, "build"), path.join(releaseN, "build"), { recursive: true });
  cpSync(path.join(ROOT, "package.json"), path.join(releaseN, "package.json"));
  linkedModules(releaseN);
  const releaseNext = path.join(dir, "next");
  buildNextRelease(releaseNext);

  [ports.a, ports.b, ports.proxy] = [await freePort(), await freePort(), await freePort()];
  const database = cleanup.keep(await throwawayDatabase(PG_SERVER, "adaptasi_rolling"));
  const settings = { ...strongSecrets(), DATABASE_URL: database.url };
  const store = path.join(dir, "shared-assets");
  await startInstance(releaseN, ports.a, settings, store);
  await startInstance(releaseNext, ports.b, settings, store);
  nginx = startNginx(path.join(dir, "nginx"), adaptedServer({ upstreams: [ports.a, ports.b], listen: ports.proxy, accessLog: path.join(dir, "access.log") }));
  await waitFor(`http://127.0.0.1:${ports.proxy}/healthz`, 10_000);
}, 900_000);

afterAll(async () => {
  nginx?.kill("SIGTERM");
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await cleanup.undo();
});

const ASSET = /\/assets\/[\w.-]+\.(?:js|css)/g;

/** A page's scripts and stylesheets, and every route module its manifest names (what a navigation loads). */
async function assetsOf(base: string, page: string): Promise<{ html: string; assets: string[] }> {
  const html = await (await fetch(`${base}${page}`)).text();
  const named = new Set(html.match(ASSET) ?? []);
  for (const manifest of [...named].filter((a) => /\/manifest-[\w-]+\.js$/.test(a))) {
    for (const a of (await (await fetch(`${base}${manifest}`)).text()).match(ASSET) ?? []) named.add(a);
  }
  return { html, assets: [...named].sort() };
}

/** The assets of `list` that do not answer 200 at `base`. */
async function missing(base: string, list: string[]): Promise<string[]> {
  const bad: string[] = [];
  // eight at a time, as a browser's connections to one host fetch them (nginx's test config takes 256 connections)
  for (let i = 0; i < list.length; i += 8) {
    const statuses = await Promise.all(
      list.slice(i, i + 8).map(async (a) => {
        const res = await fetch(`${base}${a}`);
        await res.arrayBuffer();
        return [a, res.status] as const;
      }),
    );
    bad.push(...statuses.filter(([, status]) => status !== 200).map(([a, status]) => `${a} ${status}`));
  }
  return bad;
}

describe("a rolling update behind docs/operations.md's nginx", () => {
  it("a page of either release loads all its scripts from either instance, directly and through the round robin", async () => {
    const a = `http://127.0.0.1:${ports.a}`;
    const b = `http://127.0.0.1:${ports.b}`;
    const proxy = `http://127.0.0.1:${ports.proxy}`;
    const pageN = await assetsOf(a, "/login");
    const pageNext = await assetsOf(b, "/login");
    // Two releases: each one's page names scripts the other's build does not hold.
    const onlyN = pageN.assets.filter((asset) => !pageNext.assets.includes(asset));
    const onlyNext = pageNext.assets.filter((asset) => !pageN.assets.includes(asset));
    expect(onlyNext.length).toBeGreaterThan(0);
    for (const asset of onlyNext) expect(existsSync(path.join(dir, "n/build/client", asset)), asset).toBe(false);
    expect(onlyN.filter((asset) => asset.endsWith(".js")).length).toBeGreaterThan(3);
    for (const asset of onlyN) expect(existsSync(path.join(dir, "next/build/client", asset)), asset).toBe(false);

    expect(await missing(b, pageN.assets), "release N's page, its scripts from N+1").toEqual([]);
    expect(await missing(a, pageNext.assets), "release N+1's page, its scripts from N").toEqual([]);
    // Through the proxy, each asset twice: round robin sends one of the two to each instance.
    for (let round = 0; round < 2; round++) {
      expect(await missing(proxy, [...pageN.assets, ...pageNext.assets])).toEqual([]);
    }
    // A script served from the store carries the build's headers: compressed, immutable, a script.
    // (one large enough for the build to have compressed it: under 1 KiB it does not)
    const large = onlyN.find((asset) => asset.endsWith(".js") && existsSync(path.join(dir, "shared-assets", `${path.basename(asset)}.br`)));
    expect(large).toBeTruthy();
    const stored = await fetch(`${b}${large}`, { headers: { "accept-encoding": "br, gzip" } });
    expect(stored.headers.get("content-type")).toBe("text/javascript");
    expect(stored.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(stored.headers.get("content-encoding")).toMatch(/^(br|gzip)$/);
    console.log(
      `faults/rolling-update: release N's /login names ${pageN.assets.length} assets, ${onlyN.length} of them not in N+1's build; all served by both`,
    );
  }, 180_000);

  it("an instance whose build/ was replaced under it still serves its own pages' scripts", async () => {
    const a = `http://127.0.0.1:${ports.a}`;
    const before = await assetsOf(a, "/login");
    rmSync(path.join(dir, "n/build"), { recursive: true, force: true });
    cpSync(path.join(dir, "next/build"), path.join(dir, "n/build"), { recursive: true });
    // The running process keeps rendering release N's pages (its server build is in memory)…
    const after = await assetsOf(a, "/login");
    expect(after.assets).toEqual(before.assets);
    // …whose scripts are no longer in build/, and still load.
    expect(before.assets.some((asset) => !existsSync(path.join(dir, "n/build/client", asset)))).toBe(true);
    expect(await missing(a, before.assets)).toEqual([]);
  }, 180_000);
});
