import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";

/**
 * Tables whose rows may change on a rejected request by design: the throttling counters count
 * failed attempts too (login_attempts: the failed logins per account and address, decision 013).
 */
const IGNORED_TABLES = new Set(["rate_limits", "login_attempts"]);

/**
 * Tables a background worker updates on its own (the mail worker counts its attempts on mail_outbox
 * rows): only their row count is compared, so a rejected request that recorded a mail still shows up.
 */
const COUNTED_ONLY = new Set(["mail_outbox"]);

type Rows = { rows: Record<string, unknown>[] };

/**
 * A cheap fingerprint of the whole public schema: per table the row count and the newest row
 * version (max xmin). Any insert or update raises a table's max xmin, any delete lowers its count
 * (and a delete paired with an insert raises xmin), so a rejected request that wrote anything shows up.
 */
export async function fingerprinter(db: Database) {
  const { rows } = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as Rows;
  const tables = rows.map((r) => String(r.table_name)).filter((t) => !IGNORED_TABLES.has(t));
  if (tables.length < 10) throw new Error(`fingerprint: only ${tables.length} tables found`);
  const query = tables
    .map((t) => `select '${t}' as t, count(*)::text as n, ${COUNTED_ONLY.has(t) ? "'0'" : "coalesce(max(xmin::text::bigint), 0)::text"} as x from "${t}"`)
    .join(" union all ");
  return async (): Promise<string> => {
    const result = (await db.execute(sql.raw(query))) as unknown as Rows;
    return result.rows.map((r) => `${r.t}:${r.n}:${r.x}`).join(",");
  };
}

/** The tables that differ between two fingerprints, for a readable failure. */
export function changedTables(before: string, after: string): string[] {
  const a = new Map(before.split(",").map((e) => [e.split(":")[0], e]));
  return after
    .split(",")
    .filter((e) => a.get(e.split(":")[0]) !== e)
    .map((e) => `${a.get(e.split(":")[0])} -> ${e}`);
}
