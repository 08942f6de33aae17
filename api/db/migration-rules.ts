import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "./client";

// Migrations change the schema in two steps a release apart (docs/operations.md §5 "Upgrades"):
// *expand* (add a table, a nullable column, an index: the running release does not notice) and, once no
// running instance reads the old shape, *contract* (drop or rename what the previous release still used).
// A migration that removes or renames anything, or changes a column's type, carries a line
// `-- contract: <what the previous release no longer reads>`; migrations.test.ts fails without it.

/** Statements that take away what a running older release may still read. */
const CONTRACTING = [
  /\bDROP\s+TABLE\b/i,
  /\bDROP\s+COLUMN\b/i,
  /\bRENAME\s+(?:COLUMN\s+\S+\s+)?TO\b/i,
  /\bALTER\s+COLUMN\s+\S+\s+(?:SET\s+DATA\s+)?TYPE\b/i,
  /\bDROP\s+TYPE\b/i,
  /\bDROP\s+VIEW\b/i,
];

const MARKER = /^--\s*contract:\s*\S/m;

/** The contracting statements of one migration's SQL that its file does not mark (empty: it may go). */
export function unmarkedContractions(text: string): string[] {
  if (MARKER.test(text)) return [];
  const statements = text
    .split(/-->\s*statement-breakpoint|;\s*\n/)
    .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
    .filter(Boolean);
  return statements.filter((s) => CONTRACTING.some((re) => re.test(s)));
}

/** Every migration file of `folder` with the contracting statements it leaves unmarked. */
export function unmarkedMigrations(folder: string): Array<{ file: string; statements: string[] }> {
  return readdirSync(folder)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((file) => ({ file, statements: unmarkedContractions(readFileSync(path.join(folder, file), "utf8")) }))
    .filter((m) => m.statements.length > 0);
}

/** The newest migration this code knows (its journal's last `when`, in ms). */
export function newestKnownMigration(folder: string): number {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as { entries: Array<{ when: number }> };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/**
 * How many migrations the database has applied that this code does not know: a newer release migrated
 * it (a rollback of the code, or an old instance left running). 0 when the schema is the code's own.
 */
export async function migrationsAhead(db: Database, folder: string): Promise<number> {
  const newest = newestKnownMigration(folder);
  const result = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations where created_at > ${newest}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ n: number }>;
  return Number(rows[0]?.n ?? 0);
}
