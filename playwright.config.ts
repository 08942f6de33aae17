import { defineConfig } from "@playwright/test";

// End-to-end tests drive Debian's Chromium (no browser downloads here). Every journey runs twice:
// with JavaScript disabled ("nojs") and enabled ("js") — CONVENTIONS habit 8.
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
    { name: "nojs", use: { javaScriptEnabled: false }, testIgnore: /\.(final|last)\.spec\.ts$/ },
    { name: "js", use: { javaScriptEnabled: true }, testIgnore: /\.(final|last)\.spec\.ts$/ },
    // Logging a demo account out with KELUAR ends every session of it, which would cut the
    // other specs' sessions short: those journeys (*.final.spec.ts) run after them, one at a time.
    { name: "final", use: { javaScriptEnabled: false }, testMatch: /\.final\.spec\.ts$/, fullyParallel: false, dependencies: ["nojs", "js"] },
    { name: "final-js", use: { javaScriptEnabled: true }, testMatch: /\.final\.spec\.ts$/, fullyParallel: false, dependencies: ["final"] },
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
