import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vitest/config";
import path from "node:path";

// Unit, component and API tests (no browser). End-to-end tests live in tests/e2e and run under Playwright.
export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  resolve: {
    alias: {
      "~": path.resolve(__dirname, "app"),
      "#domain": path.resolve(__dirname, "domain"),
      "#contracts": path.resolve(__dirname, "contracts"),
      "#locales": path.resolve(__dirname, "locales"),
      "#api": path.resolve(__dirname, "api"),
    },
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
