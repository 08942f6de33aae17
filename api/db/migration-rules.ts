import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "./client";

// Migrations change the schema in two steps a release apart (docs/operations.md §5 "Upgrades"):
// *expand* (add a table, a nullable column or one with a default, an index: the running release does not
// notice) and, once no running instance of the previous release is left, *contract*: what takes away
// something release N−1 still reads (a table, a column, a type, a view, an index or a constraint it
// relies on, rows), and what refuses something release N−1 still writes (a new NOT NULL column without a
// default, SET NOT NULL, a new constraint on columns it writes). Such a migration carries a line
// `-- contract: <why no running release is hurt any more>`; migration-rules.test.ts fails without it.

/** Statements that take away what a running older release may still read, whatever table they touch. */
const CONTRACTING = [
  /\bDROP\s+TABLE\b/i,
  /\bDROP\s+COLUMN\b/i,
  /\bRENAME\s+(?:COLUMN\s+\S+\s+)?TO\b/i,
  /\bALTER\s+COLUMN\s+\S+\s+(?:SET\s+DATA\s+)?TYPE\b/i,
  /\bDROP\s+TYPE\b/i,
  /\bDROP\s+VIEW\b/i,
  // an index an older release's reads or ON CONFLICT target leans on; a uniqueness it relies on
  /\bDROP\s+INDEX\b/i,
  /\bDROP\s+CONSTRAINT\b/i,
  // rows an older release may still read
  /\bDELETE\s+FROM\b/i,
  /\bTRUNCATE\b/i,
];

const MARKER = /^--\s*contract:\s*\S/m;

/** Double-quoted identifiers of a piece of SQL, in order ("public"."users" gives public, users). */
const identifiers = (text: string) => [...text.matchAll(/"([^"]+)"/g)].map((m) => m[1]);

/** The table an ALTER TABLE or CREATE INDEX … ON names. */
function targetTable(statement: string): string | undefined {
  const m =
    /\bALTER\s+TABLE\s+(?:ONLY\s+)?(?:IF\s+EXISTS\s+)?((?:"[^"]+"\.)?"[^"]+"|\S+)/i.exec(statement) ??
    /\bON\s+(?:ONLY\s+)?((?:"[^"]+"\.)?"[^"]+"|\S+)/i.exec(statement);
  return m ? (identifiers(m[1]).at(-1) ?? m[1]) : undefined;
}

/**
 * A statement that refuses a write release N−1 still makes, on a table that existed before this
 * migration: a NOT NULL column without a default (N−1's inserts leave it out), SET NOT NULL (N−1 may
 * leave it null), a new constraint or unique index on columns that existed before (N−1 may write rows
 * it refuses). A constraint on columns this migration adds is free: N−1 never writes them.
 */
function refusesOldWrites(statement: string, newTables: Set<string>, newColumns: Set<string>): boolean {
  const table = targetTable(statement);
  if (!table || newTables.has(table)) return false;
  // one clause per added column (drizzle writes one a statement; hand-written SQL may add several)
  for (const clause of statement.split(/,\s*(?=ADD\s+COLUMN\b)/i).filter((c) => /\bADD\s+COLUMN\b/i.test(c))) {
    if (/\bNOT\s+NULL\b/i.test(clause) && !/\bDEFAULT\b|\bGENERATED\s+ALWAYS\b/i.test(clause)) return true;
  }
  if (/\bSET\s+NOT\s+NULL\b/i.test(statement)) return true;
  const constraint = /\bADD\s+CONSTRAINT\s+"[^"]+"\s+(.*)$/is.exec(statement) ?? /\bCREATE\s+UNIQUE\s+INDEX\b.*?\bON\b[^(]*\((.*)$/is.exec(statement);
  if (constraint) {
    // the columns it constrains: FOREIGN KEY (…), UNIQUE (…), PRIMARY KEY (…), CHECK (…), an index's (…)
    const head = constraint[1].replace(/\bREFERENCES\b[\s\S]*$/i, "");
    const columns = identifiers(head).filter((name) => name !== table);
    return columns.length === 0 || columns.some((column) => !newColumns.has(`${table}.${column}`));
  }
  return false;
}

/** The statements of one migration's SQL (drizzle's breakpoints or plain `;` ends), comments left out. */
function statementsOf(text: string): string[] {
  return text
    .split(/-->\s*statement-breakpoint|;\s*\n/)
    .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
    .filter(Boolean);
}

/** The contracting statements of one migration's SQL that its file does not mark (empty: it may go). */
export function unmarkedContractions(text: string): string[] {
  if (MARKER.test(text)) return [];
  const statements = statementsOf(text);
  const newTables = new Set<string>();
  for (const s of statements) {
    const created = /\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?((?:"[^"]+"\.)?"[^"]+")/i.exec(s);
    if (created) newTables.add(identifiers(created[1]).at(-1)!);
  }
  const newColumns = new Set<string>();
  for (const s of statements) {
    const table = targetTable(s);
    for (const m of s.matchAll(/\bADD\s+COLUMN\s+(?:IF\s+NOT\s+EXISTS\s+)?"([^"]+)"/gi)) if (table) newColumns.add(`${table}.${m[1]}`);
  }
  return statements.filter((s) => CONTRACTING.some((re) => re.test(s)) || refusesOldWrites(s, newTables, newColumns));
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
