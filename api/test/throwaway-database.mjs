// A PostgreSQL database made for one test file or one benchmark run, and dropped after it. Plain
// JavaScript so the benchmarks (node, no build) and the tests (vitest) share one copy.
import { randomBytes } from "node:crypto";
import pg from "pg";

/** Creates `<prefix>_<time>_<random>` on `server` (a connection URL) and returns its URL and how to drop it. */
export async function throwawayDatabase(server, prefix) {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}
