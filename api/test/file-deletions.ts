import { eq } from "drizzle-orm";
import pino from "pino";
import type { Database } from "../db/client";
import { fileDeletions } from "../db/schema";
import { FILE_DELETE_GRACE_DAYS_DEFAULT, sweepDeletedFiles } from "../services/storage/file-deletions";
import type { FileStorage } from "../services/storage/storage";

const DAY = 86_400_000;

/** True when `storage` holds bytes under `key`. */
export const holds = (storage: FileStorage, key: string) =>
  storage.read(key).then(
    (r) => (r.stream.destroy(), true),
    (e: NodeJS.ErrnoException) => (e.code === "ENOENT" ? false : Promise.reject(e)),
  );

/**
 * A deleted file's bytes (api/services/storage/file-deletions.ts): whether its deletion is recorded, whether the
 * bytes are still there just before the grace ends (a sweep then), and whether they are after the sweep at its end.
 */
export async function bytesThroughGrace(db: Database, storage: FileStorage, key: string) {
  const [row] = await db.select().from(fileDeletions).where(eq(fileDeletions.storageKey, key));
  if (!row) return { recorded: false, beforeGrace: await holds(storage, key), afterGrace: await holds(storage, key) };
  const sweep = (at: number) => sweepDeletedFiles({ db, storage, logger: pino({ level: "silent" }), graceDays: FILE_DELETE_GRACE_DAYS_DEFAULT }, new Date(at));
  const end = row.deletedAt.getTime() + FILE_DELETE_GRACE_DAYS_DEFAULT * DAY;
  await sweep(end - 60_000);
  const beforeGrace = await holds(storage, key);
  // A millisecond past the end: PostgreSQL keeps microseconds, a JavaScript Date only milliseconds.
  await sweep(end + 1);
  return { recorded: true, beforeGrace, afterGrace: await holds(storage, key) };
}

/** What a deleted file's bytes do under deferred deletion: recorded, kept through the grace, gone after it. */
export const DELETED_AFTER_GRACE = { recorded: true, beforeGrace: true, afterGrace: false };

/** The file-deletion sweep with the grace over for every recorded deletion (a test's "FILE_DELETE_GRACE_DAYS later"). */
export const sweepAfterGrace = (api: { db: Database; storage: FileStorage }) =>
  sweepDeletedFiles({ db: api.db, storage: api.storage, logger: pino({ level: "silent" }), graceDays: 0 }, new Date(Date.now() + 60_000));
