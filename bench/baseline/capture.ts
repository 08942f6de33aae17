// Captures the SQL statements the portal's list runs (api/services/review/review.ts listApplications) for the
// Admin's default tab, a search and a deep page of the tab "all", so the baseline (bench/baseline/server.mjs)
// runs the very same ones; and the user behind a portal session, so the baseline's session is the same.
//   tsx bench/baseline/capture.ts <database-url> <search term> <applicant email> [deep page]  → JSON on stdout
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "../../api/db/schema";
import { listApplications } from "../../api/services/review/review";
import { ROLE } from "../../domain/roles";

const [databaseUrl, term, applicantEmail, deepPage = "1800"] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
let captured: Array<{ text: string; params: unknown[] }> = [];
const db = drizzle({ client: pool, schema, logger: { logQuery: (text, params) => captured.push({ text, params }) } });
type Statement = { text: string; params: unknown[] };
type Set = { ids: Statement; all: Statement; action: Statement; rows: Statement };

/**
 * The statements of one list page, told apart by what they are: the two counts (the tab "all" first, as
 * listApplications issues them), the rows by id (`= any(`), and the page's ids (the last statement before
 * the rows: a deep page first reads the list's anchors once). Counts the service remembered from an
 * earlier capture (the same role and filters) are taken from `counts`.
 */
async function capture(query: Parameters<typeof listApplications>[2], counts?: Pick<Set, "all" | "action">): Promise<Set> {
  captured = [];
  await listApplications(db as never, ROLE.ADMIN, query);
  const rowsAt = captured.findIndex((s) => /= any\(/.test(s.text));
  const countStatements = captured.filter((s) => /count\(\*\)/.test(s.text));
  const ids = captured
    .slice(0, rowsAt)
    .filter((s) => !/count\(\*\)/.test(s.text))
    .at(-1);
  const [all, action] = countStatements.length === 2 ? countStatements : [counts?.all, counts?.action];
  if (rowsAt < 0 || !ids || !all || !action) throw new Error(`unexpected statements: ${captured.map((s) => s.text.slice(0, 60)).join(" | ")}`);
  return { ids, all, action, rows: captured[rowsAt] };
}

const list = await capture({});
const search = await capture({ q: term });
// A deep page of "all", as the pager reaches it: read once so the list's anchors are known, then captured.
await capture({ tab: "all", page: Number(deepPage) }, list);
const deep = await capture({ tab: "all", page: Number(deepPage) }, list);
const { rows } = await pool.query("select id from users where email = $1", [applicantEmail]);
await pool.end();
const home = {
  text: "select jalur_id, status, stage_id, is_submitted, created_at from applications where applicant_user_id = $1 order by created_at desc limit 1",
};
process.stdout.write(JSON.stringify({ list, search, deep, home, applicantId: rows[0].id }));
