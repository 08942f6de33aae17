import { availableParallelism } from "node:os";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vitest/config";
import { ALIASES } from "./vite.aliases";

// Unit, component and API tests (no browser). End-to-end tests live in tests/e2e and run under Playwright.
export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  resolve: {
    alias: ALIASES,
  },
  test: {
    include: [
      "{app,api,contracts,domain,locales,scripts,server}/**/*.test.{ts,tsx}",
      "tests/faults/**/*.test.ts",
      "tests/fuzz/**/*.test.ts",
      "tests/oracle/**/*.test.ts",
    ],
    setupFiles: ["tests/setup-unit.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Most of the time of the slow tests (faults, mail retries, drains) is waiting, not computing: two
    // forks even on a two-core machine (Vitest's default there is one) halve the suite (1,225 s → 450 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    minWorkers: 1,
  },
});
