// npm run ops:adopt
//
// Makes this database the live service at PUBLIC_URL (docs/decisions/024-database-copies.md): an
// instance whose PUBLIC_URL is not the address the database recorded at its first production start holds
// every mail and runs no scheduled job. After a restore that replaces the live service, or a move to a new
// address, the operator adopts the database with the settings of the instances that will serve it.
// Running instances with that PUBLIC_URL send the waiting mail at their next mail pass (2 s) and run the
// jobs at their next interval (JOBS_INTERVAL_SECONDS); no restart is needed.
//
// `npm run ops:adopt -- --storage` claims the documents' storage (DATA_DIR/files or the S3 bucket) for
// PUBLIC_URL instead (api/services/storage/owner.ts): run it once the instance has storage of its own (an
// empty bucket, or a copy of the backup's files); on the live service's storage it would make the live
// service read-only. Running instances write again within 10 seconds.
import { parseArgs } from "node:util";
import { adoptAddress, normalAddress, recordedAddress } from "../api/services/live-service";
import { outboxCounts } from "../api/services/mail-outbox";
import { claimStorage } from "../api/services/storage/owner";
import { refuse, runWithApi, say } from "./operator";

let storage = false;
try {
  storage = parseArgs({ options: { storage: { type: "boolean" } }, strict: true, allowPositionals: false }).values.storage === true;
} catch (error) {
  refuse(
    `${error instanceof Error ? error.message : String(error)}\nusage: npm run ops:adopt [-- --storage] (it takes PUBLIC_URL, DATABASE_URL, DATA_DIR and S3_* from the environment)`,
  );
  process.exit(2);
}

if (storage) {
  await runWithApi(async (api) => {
    const publicUrl = normalAddress(api.mailer.publicUrl);
    const before = await api.storageMarker.readOwner();
    if (before === publicUrl) {
      say(`This storage belongs to ${publicUrl} already: nothing to claim.`);
      return 0;
    }
    await claimStorage(api.storageMarker, publicUrl);
    say(`This storage belongs to ${publicUrl} now${before ? ` (it belonged to ${before})` : ""}: instances with that PUBLIC_URL store and remove files in it.`);
    return 0;
  });
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
