// The test tiers (Vitest projects, vitest.config.ts): which tier a test file belongs to is written here, once.
//   fast   — domain, locales, components, pages with a mocked API, pure server-side units: no API, no database,
//            no listening socket, no child process, no browser (`npm run test:fast`, the inner loop)
//   api    — the API on a database (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL), the Node server,
//            contracts, operator scripts (`npm run test:api`)
//   faults — processes, networks and disks misbehaving, the access oracle, fuzzing (`npm run test:faults`)
// End-to-end tests (tests/e2e) are Playwright's (`npm run test:e2e`). tests/tiers.test.ts checks the fast tier keeps its promise.

const TEST = "*.test.{ts,tsx}";

/** Every test file under these folders is fast, unless it is listed in NEEDS_API. */
export const FAST_DIRS = ["domain", "locales", "app", "tests/reach"] as const;

/** Fast tests that live beside the API, server and scripts they test (everything else there is in the api tier). */
export const FAST_FILES = [
  "api/db/errors.test.ts",
  "api/layering.test.ts",
  "api/lib/pace.test.ts",
  "api/lib/validation.test.ts",
  "api/services/mail-outbox.test.ts",
  "api/services/notifications.test.ts",
  "api/services/processing-times.test.ts",
  "api/services/review-state.test.ts",
  "api/services/tokens.test.ts",
  "api/services/uploads/file-type.test.ts",
  "api/services/uploads/merge.test.ts",
  "api/services/uploads/receive.test.ts",
  "scripts/build-if-needed.test.ts",
  "scripts/doc-links.test.ts",
  "scripts/openapi-docs.test.ts",
  "scripts/source-comments.test.ts",
  "server/document-pipeline.test.ts",
  "server/metrics.test.ts",
  "server/page-queue.test.ts",
  "server/route-match-cache.test.ts",
  "server/security.test.ts",
  "tests/e2e-modes.test.ts",
  "tests/tiers.test.ts",
] as const;

/** Tests under FAST_DIRS that start the API on a database or listen on a port: the api tier's. */
export const NEEDS_API = ["app/loader-language.test.ts", "app/visible-text.test.ts", "app/utils/auth.server.test.ts"] as const;

export const API_DIRS = ["api", "contracts", "scripts", "server"] as const;

export const FAULT_DIRS = ["tests/faults", "tests/oracle", "tests/fuzz"] as const;

const under = (dirs: readonly string[]) => dirs.map((dir) => `${dir}/**/${TEST}`);

export const TIERS = {
  fast: { include: [...under(FAST_DIRS), ...FAST_FILES], exclude: [...NEEDS_API] },
  api: { include: [...under(API_DIRS), ...NEEDS_API], exclude: [...FAST_FILES] },
  faults: { include: under(FAULT_DIRS), exclude: [] as string[] },
} as const;
