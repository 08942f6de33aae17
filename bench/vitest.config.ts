import path from "node:path";
import { fileURLToPath } from "node:url";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vitest/config";
import { ALIASES } from "../vite.aliases";

// `npm run bench` (bench/run.mjs): the checks that measure time, one file at a time so that one does not slow
// another. BENCH_FILES (set by run.mjs from bench/budgets.json) names them; none of them decides `npm test`.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export default defineConfig({
  root: ROOT,
  plugins: [vanillaExtractPlugin()],
  resolve: { alias: ALIASES },
  test: {
    include: (process.env.BENCH_FILES ?? "bench/checks/**/*.check.ts").split(","),
    setupFiles: ["tests/setup-unit.ts"],
    environment: "node",
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: "forks",
    fileParallelism: false,
  },
});
