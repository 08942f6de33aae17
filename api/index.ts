import type { Logger } from "pino";
import { createApiApp } from "./app";
import { openDatabase, type Database } from "./db/client";
import { seedIfEmpty } from "./db/seed";
import type { RateLimitConfig } from "./lib/types";

export { API_BASE, createApiApp } from "./app";
export type { ApiConfig, AppEnv, RateLimitConfig } from "./app";
export type { Database } from "./db/client";

export interface StartApiOptions {
  /** PGlite data under `${dataDir}/pglite` (embedded default) */
  dataDir?: string;
  /** postgres:// URL; wins over dataDir */
  databaseUrl?: string;
  inMemory?: boolean;
  apiKey: string;
  jwtSecret: string;
  /** create the demo accounts of DESIGN §7 when the database has no users */
  seedDemo: boolean;
  accessTokenTtlSec?: number;
  refreshTokenTtlSec?: number;
  rateLimits?: RateLimitConfig;
  logger?: Logger;
}

export interface StartedApi {
  app: ReturnType<typeof createApiApp>;
  fetch: (req: Request) => Promise<Response>;
  /** resolves when the database answers; throws otherwise (readiness probe) */
  ready: () => Promise<void>;
  close: () => Promise<void>;
  db: Database;
  dbKind: "pglite" | "postgres";
}

/** Opens the database, migrates, seeds, and builds the API. */
export async function startApi(opts: StartApiOptions): Promise<StartedApi> {
  const handle = await openDatabase(opts);
  try {
    await handle.migrate();
    await seedIfEmpty(handle.db, { demo: opts.seedDemo });
  } catch (err) {
    await handle.close().catch(() => {});
    throw err;
  }
  const app = createApiApp({
    db: handle.db,
    config: {
      apiKey: opts.apiKey,
      jwtSecret: opts.jwtSecret,
      accessTokenTtlSec: opts.accessTokenTtlSec,
      refreshTokenTtlSec: opts.refreshTokenTtlSec,
      rateLimits: opts.rateLimits,
      logger: opts.logger,
    },
  });
  return {
    app,
    fetch: async (req) => app.fetch(req),
    ready: handle.ping,
    close: handle.close,
    db: handle.db,
    dbKind: handle.kind,
  };
}
