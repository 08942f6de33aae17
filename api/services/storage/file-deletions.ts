import { asc, inArray, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../db/client";
import { fileDeletions, files } from "../../db/schema";
import type { FileStorage } from "./storage";

// No request removes stored bytes (docs/decisions/032-deferred-file-deletion.md). Whatever deletes a file
// row — a replaced draft version, photo or additional document, a deleted account, an approved deletion
// request, retention — writes the row's storage key here in the same transaction: from its commit no row
// names the key, so nothing serves the file. The bytes go FILE_DELETE_GRACE_DAYS later, removed by the
// file-deletion sweep, a scheduled job: it runs on the live service only (a copy of the database holds its
// jobs, api/services/live-service.ts), and only with storage this instance owns (owner.ts). So a
// drill or staging copy never removes the live service's files, and a backup whose file copy finishes
// within the grace holds every file its database dump names (docs/operations.md §3).

/** FILE_DELETE_GRACE_DAYS: longer than the backup interval (daily): a backup taken meanwhile still holds the bytes */
export const FILE_DELETE_GRACE_DAYS_DEFAULT = 7;

/** Records that the bytes under `keys` are to go (in the transaction that deleted their file rows). */
export async function deferDeletion(tx: Database, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx
    .insert(fileDeletions)
    .values([...new Set(keys)].map((storageKey) => ({ storageKey })))
    .onConflictDoNothing();
}

/** How many keys one sweep takes at most; the next run takes the rest. */
const SWEEP_BATCH = 500;

/**
 * Removes the bytes of deletions older than `graceDays`, then their rows; a key a file row names again
 * (never: keys are random) is only forgotten. A removal that fails stays for the next run. Returns how many went.
 */
export async function sweepDeletedFiles(deps: { db: Database; storage: FileStorage; logger: Logger; graceDays: number }, now = new Date()): Promise<number> {
  const { db, storage, logger } = deps;
  const due = await db
    .select({ key: fileDeletions.storageKey, named: sql<boolean>`exists (select 1 from ${files} f where f.storage_key = "file_deletions"."storage_key")` })
    .from(fileDeletions)
    .where(lte(fileDeletions.deletedAt, new Date(now.getTime() - deps.graceDays * 86_400_000)))
    .orderBy(asc(fileDeletions.deletedAt))
    .limit(SWEEP_BATCH);
  const removed: string[] = [];
  let failed = 0;
  let firstError: unknown;
  for (const d of due) {
    if (!d.named) {
      try {
        await storage.remove(d.key);
      } catch (err) {
        failed++;
        firstError ??= err;
        continue;
      }
    }
    removed.push(d.key);
  }
  if (removed.length > 0) await db.delete(fileDeletions).where(inArray(fileDeletions.storageKey, removed));
  if (failed > 0) logger.warn({ err: firstError, count: failed }, "deleted files could not be removed from storage; the next run tries again");
  return removed.length;
}
