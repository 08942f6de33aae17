// npm run ops:adopt
//
// Makes this database the live service at PUBLIC_URL (docs/decisions/024-database-copies.md): an
// instance whose PUBLIC_URL is not the address the database recorded at its first production start holds
// every mail and runs no scheduled job. After a restore that replaces the live service, or a move to a new
// address, the operator adopts the database with the settings of the instances that will serve it.
// Running instances with that PUBLIC_URL send the waiting mail at their next mail pass (2 s) and run the
// jobs at their next interval (JOBS_INTERVAL_SECONDS); no restart is needed.
import { parseArgs } from "node:util";
import { adoptAddress, normalAddress, recordedAddress } from "../api/services/live-service";
import { outboxCounts } from "../api/services/mail-outbox";
import { refuse, runWithApi, say } from "./operator";

try {
  parseArgs({ options: {}, strict: true, allowPositionals: false });
} catch (error) {
  refuse(
    `${error instanceof Error ? error.message : String(error)}\nusage: npm run ops:adopt (it takes PUBLIC_URL, DATABASE_URL and DATA_DIR from the environment)`,
  );
  process.exit(2);
}

await runWithApi(async (api) => {
  const publicUrl = normalAddress(api.mailer.publicUrl);
  const before = await recordedAddress(api.db);
  if (before === publicUrl) {
    say(`This database serves ${publicUrl} already: nothing to adopt.`);
    return 0;
  }
  const { adopted } = await adoptAddress(api.db, publicUrl);
  const { pending } = await outboxCounts(api.db);
  say(`This database is the live service at ${adopted} now${before ? ` (it served ${before})` : ""}.`);
  say(
    `Instances with PUBLIC_URL=${adopted} send mail at their next pass (within seconds) and run the scheduled jobs at their next interval; ${pending} mail${pending === 1 ? "" : "s"} wait${pending === 1 ? "s" : ""} in the outbox and go${pending === 1 ? "es" : ""} out then.`,
  );
  return 0;
});
