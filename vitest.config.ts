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
    include: ["{app,api,contracts,domain,locales,scripts,server}/**/*.test.{ts,tsx}", "tests/faults/**/*.test.ts", "tests/oracle/**/*.test.ts"],
    setupFiles: ["tests/setup-unit.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
