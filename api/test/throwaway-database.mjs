// A PostgreSQL database made for one test file or one benchmark run, and dropped after it. Plain
// JavaScript so the benchmarks (node, no build) and the tests (vitest) share one copy.
import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Creates `<prefix>_<time>_<random>` on `server` (a connection URL) and returns its name, its URL and how to drop
 * it. With `template` (a database's name), a copy of that database: PostgreSQL refuses while anyone is connected
 * to the template, so nothing may be (api/test/template.ts makes one and closes it).
 */
export async function throwawayDatabase(server, prefix, template) {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ""}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}
