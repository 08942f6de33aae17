// `npm test`: every test, tier by tier — types, the linter (ESLint, eslint.config.js), the formatter's check (Prettier), the fast tier, the API and fault tiers, end to end (Playwright,
// Chromium). `node scripts/test.mjs <tier> [args]` runs one tier (`npm run test:fast`, `test:api`,
// `test:faults`, `test:e2e`); the args go to Vitest or Playwright (a file, `-t name`, `--grep`). The tiers are
// Vitest projects, defined once in tests/tiers.ts; docs/dev/tests.md says which to run when.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const node = process.execPath;
const VITEST = "node_modules/vitest/vitest.mjs";

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const load = os.loadavg()[0].toFixed(1);
  console.log(`◀ ${label}: ${r.status === 0 ? "ok" : `failed (${r.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s (load average ${load})`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Debian's Chromium (end-to-end tests) and nginx (tests/faults/nginx-proxy.test.ts), installed when missing and run as root. */
function ensureDebianPackages(wanted) {
  const missing = wanted.filter(([, file]) => !existsSync(file));
  if (missing.length === 0) return;
  const names = missing.map(([name]) => name).join(" ");
  if (process.getuid?.() === 0) {
    run(`install Debian's ${names}`, "sh", ["-c", `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names}`]);
    return;
  }
  console.error(`${missing.map(([, file]) => file).join(" and ")} missing. Install with:\n  sudo apt-get update && sudo apt-get install -y ${names}`);
  process.exit(1);
}

const vitest = (projects, args) => [VITEST, "run", ...projects.flatMap((p) => ["--project", p]), ...args];

const TIERS = {
  fast: (args) => run("fast tier: domain, locales, components, pages with a mocked API (vitest --project fast)", node, vitest(["fast"], args)),
  api: (args) => run("API tier: the API on its database, the Node server, contracts (vitest --project api)", node, vitest(["api"], args)),
  faults: (args) => {
    ensureDebianPackages([["nginx-light", NGINX]]);
    run("fault tier: processes, networks and disks misbehaving; the access oracle (vitest --project faults)", node, vitest(["faults"], args));
  },
  e2e: (args) => {
    ensureDebianPackages([["chromium", CHROMIUM]]);
    run("end-to-end tests (Playwright, JavaScript off and on)", node, ["node_modules/@playwright/test/cli.js", "test", ...args]);
  },
};

const [tier, ...args] = process.argv.slice(2);
if (tier) {
  if (!(tier in TIERS)) {
    console.error(`unknown tier "${tier}": one of ${Object.keys(TIERS).join(", ")}`);
    process.exit(2);
  }
  TIERS[tier](args);
} else {
  run("typecheck", node, ["node_modules/typescript/bin/tsc", "--noEmit", "-p", "."]);
  run("lint (eslint)", node, ["node_modules/eslint/bin/eslint.js", "."]);
  run("format (prettier --check)", node, ["node_modules/prettier/bin/prettier.cjs", "--check", "--log-level", "warn", "."]);
  ensureDebianPackages([
    ["chromium", CHROMIUM],
    ["nginx-light", NGINX],
  ]);
  TIERS.fast([]);
  // The API and fault tiers in one run: their slow files (servers starting, waits for timeouts) keep both
  // workers busy together, where one tier after the other would leave one idle at each tier's end.
  run("API and fault tiers (vitest --project api --project faults)", node, vitest(["api", "faults"], []));
  TIERS.e2e([]);
}
