import path from "node:path";

/**
 * The import aliases of tsconfig.json's "paths", for Vite (the build) and vitest (the tests): one list,
 * so a new top-level folder is added in two places (here and tsconfig.json), not three.
 */
export const ALIASES = {
  "~": path.resolve(__dirname, "app"),
  "#domain": path.resolve(__dirname, "domain"),
  "#contracts": path.resolve(__dirname, "contracts"),
  "#locales": path.resolve(__dirname, "locales"),
  "#api": path.resolve(__dirname, "api"),
};
