// Captures the SQL statements the portal's list runs (api/services/review/review.ts listApplications) for the
// Admin's default tab and a search, so the baseline (bench/baseline/server.mjs) runs the very same ones.
//   tsx bench/baseline/capture.ts <database-url> <search term> <applicant email>  → JSON on stdout
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "../../api/db/schema";
import { listApplications } from "../../api/services/review/review";
import { ROLE } from "../../domain/roles";

const [databaseUrl, term, applicantEmail] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
let captured: Array<{ text: string; params: unknown[] }> = [];
const db = drizzle({ client: pool, schema, logger: { logQuery: (text, params) => captured.push({ text, params }) } });

async function capture(query: Parameters<typeof listApplications>[2]) {
  captured = [];
  await listApplications(db as never, ROLE.ADMIN, query);
  // Issued in this order: the page's ids, the count of the tab "all", the count of "action", the rows.
  const [ids, all, action, rows] = captured;
  if (!rows) throw new Error(`expected 4 statements, got ${captured.length}`);
  return { ids, all, action, rows };
}

const list = await capture({});
const search = await capture({ q: term });
const { rows } = await pool.query("select id from users where email = $1", [applicantEmail]);
await pool.end();
const home = {
  text: "select jalur_id, status, stage_id, is_submitted, created_at from applications where applicant_user_id = $1 order by created_at desc limit 1",
};
process.stdout.write(JSON.stringify({ list, search, home, applicantId: rows[0].id }));
