import { defineConfig } from "@playwright/test";
import { JS_ONLY_SPECS, JS_SPECS } from "./tests/e2e/modes";

// End-to-end tests drive Debian's Chromium (no browser downloads here). Every spec runs with JavaScript
// disabled ("nojs", "final", "last"); those whose behaviour differs with the portal's scripts run again with
// it enabled ("js", "final-js") — tests/e2e/modes.ts lists them, each with what differs (CONVENTIONS habit 8).
const FINAL_OR_LAST = /\.(final|last)\.spec\.ts$/;
const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".cache/e2e-data";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  // No retries, in CI or here: a test that fails now and then is fixed, or quarantined in
  // tests/e2e/QUARANTINE.md (at most three, each with its reason and the date it leaves). None is today.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "id-ID",
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    // The JavaScript-on specs first: fewer and longer (the journeys, reach), they start while the many short
    // JavaScript-off tests wait to fill both workers until the end, so neither worker idles at the close.
    { name: "js", use: { javaScriptEnabled: true }, testMatch: JS_SPECS, testIgnore: FINAL_OR_LAST },
    { name: "nojs", use: { javaScriptEnabled: false }, testIgnore: [FINAL_OR_LAST, JS_ONLY_SPECS] },
    // Logging a demo account out with KELUAR ends every session of it, which would cut the other specs'
    // sessions short: those journeys (*.final.spec.ts) run after them. Each test there has an account of its
    // own, so the two workers share them; the JavaScript-on run follows, as it logs the same accounts out.
    { name: "final", use: { javaScriptEnabled: false }, testMatch: /\.final\.spec\.ts$/, dependencies: ["nojs", "js"] },
    { name: "final-js", use: { javaScriptEnabled: true }, testMatch: JS_SPECS, testIgnore: /(?<!\.final\.spec\.ts)$/, dependencies: ["final"] },
    // A decision on a single demo account cannot be undone (*.last.spec.ts): once, at the very end.
    { name: "last", use: { javaScriptEnabled: false }, testMatch: /\.last\.spec\.ts$/, dependencies: ["final-js"] },
  ],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${PORT}/readyz`,
    // E2E_REUSE=1 runs against a server already started with scripts/e2e-server.mjs on E2E_PORT.
    reuseExistingServer: process.env.E2E_REUSE === "1",
    timeout: 180_000,
    env: { E2E_PORT: String(PORT), E2E_DATA_DIR },
    stdout: "ignore",
    stderr: "pipe",
  },
});
