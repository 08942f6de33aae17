import { availableParallelism } from "node:os";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { configDefaults, defineConfig } from "vitest/config";
import { TIERS } from "./tests/tiers";
import { ALIASES } from "./vite.aliases";

// Unit, component, API and fault tests (no browser), in three tiers — Vitest projects named in tests/tiers.ts:
// `vitest run --project fast` (npm run test:fast), `--project api`, `--project faults`; `vitest run` runs all three.
// End-to-end tests live in tests/e2e and run under Playwright.
const tier = (name: keyof typeof TIERS, options: { pool?: "threads" | "forks"; globalSetup?: string[] } = {}) => ({
  extends: true as const,
  test: { name, include: [...TIERS[name].include], exclude: [...configDefaults.exclude, ...TIERS[name].exclude], ...options },
});

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  resolve: {
    alias: ALIASES,
  },
  test: {
    // The fast tier computes rather than waits: threads start cheaper than forks (63 s of CPU instead of 68 s).
    // The api tier migrates and seeds one database per run, which each test file copies (api/test/template.ts).
    projects: [tier("fast", { pool: "threads" }), tier("api", { globalSetup: ["api/test/template.ts"] }), tier("faults")],
    setupFiles: ["tests/setup-unit.ts"],
    environment: "node",
    // Hang guards, not speed checks (durations are bench/'s): generous, so a loaded machine only runs slower.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: "forks",
    // Most of the time of the slow tests (faults, mail retries, drains) is waiting, not computing: two
    // forks even on a two-core machine (Vitest's default there is one) halve the suite (1,225 s → 450 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    minWorkers: 1,
  },
});
