import type { Database } from "./client";

/**
 * Named prepared statements: a statement every page runs is built by drizzle once per process
 * and parsed and planned by PostgreSQL once per connection. Each is made on first use, per database
 * (tests open several), under a name no other statement uses.
 */
type Prepared = { execute(values?: Record<string, unknown>): Promise<any> };
const preparedStatements = new WeakMap<Database, Map<string, Prepared>>();

/** `query` builds the statement (not yet prepared): it is built and prepared under `name` on first use. */
export function preparedOnce<P extends Prepared>(db: Database, name: string, query: () => { prepare(name: string): P }): P {
  let known = preparedStatements.get(db);
  if (!known) preparedStatements.set(db, (known = new Map()));
  let statement = known.get(name);
  if (!statement) known.set(name, (statement = query().prepare(name)));
  return statement as P;
}
