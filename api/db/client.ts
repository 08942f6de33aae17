import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Logger } from "pino";
import { reportDatabasePool } from "../lib/metrics";
import * as schema from "./schema";

/** The one database type services use, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  /** PGlite only: its data directory as a tarball, to start another instance from (`loadDataDir`) */
  dumpDataDir?(): Promise<Blob>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PGlite keeps its files under `${dataDir}/pglite`. */
  dataDir?: string;
  /** A postgres:// URL switches to a PostgreSQL server. */
  databaseUrl?: string;
  /** PGlite in memory (tests); wins over dataDir. */
  inMemory?: boolean;
  /**
   * PGlite in memory starting from this tarball of a data directory (a `dumpDataDir()`), not from an empty
   * one: the tests' migrated and seeded template (api/test/template.ts). Wins over dataDir.
   */
  loadDataDir?: Blob;
  logger?: Logger;
}

// Resolved from this file so it works from any working directory (tsx, vitest, start scripts).
export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

// Any constant shared by every process; serialises migrations when several start at once.
const MIGRATION_LOCK_ID = 72_026_001;

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.logger);
  return openPglite(options);
}

async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  let client: PGlite;
  if (options.loadDataDir) {
    client = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
  } else if (options.inMemory || !options.dataDir) {
    client = await PGlite.create({ extensions: { pg_trgm } });
  } else {
    const dir = path.resolve(options.dataDir, "pglite");
    await mkdir(dir, { recursive: true });
    client = await PGlite.create(dir, { extensions: { pg_trgm } });
  }
  const db = drizzlePglite({ client, schema });
  const unreport = reportDatabasePool(() => ({ kind: "pglite", total: client.closed ? 0 : 1, max: 1 }));
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    // Uncompressed: a copy starts from it in less CPU than from a gzipped one.
    dumpDataDir: () => client.dumpDataDir("none"),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => {
      unreport();
      return client.close();
    },
  };
}

async function openPostgres(databaseUrl: string, logger?: Logger): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", (err) => logger?.error({ err }, "postgres pool error"));
  const db = drizzlePg({ client: pool, schema });
  const unreport = reportDatabasePool(() => ({
    kind: "postgres",
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max ?? 10,
  }));
  return {
    db,
    kind: "postgres",
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => {
      unreport();
      return pool.end();
    },
  };
}
