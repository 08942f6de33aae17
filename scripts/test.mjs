// `npm test`: every test — types, unit/component/API (vitest) and end-to-end (Playwright, Chromium).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`◀ ${label}: ${r.status === 0 ? "ok" : `failed (${r.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Debian's Chromium (end-to-end tests) and nginx (tests/faults/nginx-proxy.test.ts), installed when missing and run as root. */
function ensureDebianPackages() {
  const missing = [
    ["chromium", CHROMIUM],
    ["nginx-light", NGINX],
  ].filter(([, file]) => !existsSync(file));
  if (missing.length === 0) return;
  const names = missing.map(([name]) => name).join(" ");
  if (process.getuid?.() === 0) {
    run(`install Debian's ${names}`, "sh", ["-c", `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names}`]);
    return;
  }
  console.error(`${missing.map(([, file]) => file).join(" and ")} missing. Install with:\n  sudo apt-get update && sudo apt-get install -y ${names}`);
  process.exit(1);
}

const node = process.execPath;
run("typecheck", node, ["node_modules/typescript/bin/tsc", "--noEmit", "-p", "."]);
ensureDebianPackages();
run("unit, component and API tests (vitest)", node, ["node_modules/vitest/vitest.mjs", "run"]);
run("end-to-end tests (Playwright, JavaScript off and on)", node, ["node_modules/@playwright/test/cli.js", "test"]);
