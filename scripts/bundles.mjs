// What build/ holds besides the Remix build (scripts/build-server.mjs): each a bundle `build/<name>.mjs`
// of its source. The operator's commands the docs name run their bundle where scripts/ is not there (the
// production layout: build/, package.json and production node_modules; package.json's scripts).
export const BUNDLES = {
  server: "server.ts",
  "admin-create": "scripts/admin-create.ts",
  "ops-adopt": "scripts/ops-adopt.ts",
  "sentry-test": "scripts/sentry-test.ts",
  "letters-key": "scripts/letters-key.ts",
};
