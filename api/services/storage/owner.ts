import type { Logger } from "pino";
import type { Database } from "../../db/client";
import { ApiError } from "../../lib/errors";
import { normalAddress, recordedAddress } from "../live-service";
import type { FileStorage } from "./storage";
import type { StorageMarker } from "./marker";

// Storage that knows its owner (docs/decisions/032-deferred-file-deletion.md). The disk folder or the bucket
// holds a marker (`portal-owner.json`) naming the PUBLIC_URL of the service whose files it holds. An instance
// writes to and deletes from storage only when the marker names its own PUBLIC_URL: a drill or staging copy
// of the database started on the live service's storage (the same bucket, the same NFS folder, or a copy of
// the files with their marker) reads every file but stores and removes none — uploads answer 503
// STORAGE_READ_ONLY — until the operator gives it storage of its own and claims it with
// `npm run ops:adopt -- --storage`.
//
// The marker is written once, when missing: storage holding no file yet belongs to the instance that finds
// it (a new service, a copy's own empty folder or bucket); storage already holding files belongs to the live
// service the database names (the live service's storage before this release, whoever starts first). A
// database no production start has recorded (development, tests, the embedded demo) is not gated at all.

export interface StorageState {
  writable: boolean;
  /** the PUBLIC_URL the marker names (null: not gated, no production start recorded) */
  owner: string | null;
}

export type OwnedStorage = FileStorage & {
  /** Reads the marker (at most every `refreshMs`) and says whether this instance may write and delete. */
  state(): Promise<StorageState>;
  writable(): Promise<boolean>;
};

/** True unless `storage` is owned by another PUBLIC_URL (a plain driver, in tests, is always writable). */
export async function storageWritable(storage: FileStorage): Promise<boolean> {
  return "writable" in storage && typeof storage.writable === "function" ? (storage as OwnedStorage).writable() : true;
}

/**
 * `storage` for this instance: reads pass; writes and removals only while the marker names `publicUrl`.
 * The marker is read again at most every `refreshMs`, so `ops:adopt -- --storage` reaches running instances.
 */
export function ownedStorage(options: {
  storage: FileStorage;
  marker: StorageMarker;
  db: Database;
  publicUrl: string;
  logger: Logger;
  refreshMs?: number;
}): OwnedStorage {
  const { storage, marker, db, logger } = options;
  const ours = normalAddress(options.publicUrl);
  const refreshMs = options.refreshMs ?? 10_000;
  let cached: { state: StorageState; at: number } | undefined;
  let pending: Promise<StorageState> | undefined;
  let told: string | undefined;

  async function read(): Promise<StorageState> {
    const recorded = await recordedAddress(db);
    if (recorded === null) return { writable: true, owner: null };
    let owner = await marker.readOwner();
    if (owner === null) {
      owner = (await marker.isEmpty()) ? ours : recorded;
      await marker.writeOwner(owner, owner === ours ? "first start on empty storage" : "first start on storage holding files");
      logger.info({ owner }, "storage marked as the storage of its owner");
    }
    return { writable: owner === ours, owner };
  }

  async function state(): Promise<StorageState> {
    if (cached && Date.now() - cached.at < refreshMs) return cached.state;
    pending ??= read().finally(() => (pending = undefined));
    const now = await pending;
    cached = { state: now, at: Date.now() };
    const key = `${now.writable}:${now.owner}`;
    if (key !== told) {
      const first = told === undefined;
      told = key;
      if (!now.writable)
        logger.warn(
          { owner: now.owner, publicUrl: ours },
          "storage read-only: it belongs to another PUBLIC_URL, so this instance stores and removes no file; give it storage of its own and run npm run ops:adopt -- --storage",
        );
      else if (!first) logger.info({ owner: now.owner }, "storage writable: it belongs to this instance now");
    }
    return now;
  }

  const guard = async () => {
    if (!(await state()).writable) throw new ApiError(503, "STORAGE_READ_ONLY");
  };
  return {
    state,
    writable: async () => (await state()).writable,
    put: async (tempPath) => (await guard(), storage.put(tempPath)),
    putBytes: async (bytes) => (await guard(), storage.putBytes(bytes)),
    putStream: async (source) => {
      try {
        await guard();
      } catch (err) {
        source.destroy();
        throw err;
      }
      return storage.putStream(source);
    },
    read: (key) => storage.read(key),
    remove: async (key) => (await guard(), storage.remove(key)),
  };
}

/** `npm run ops:adopt -- --storage`: the marker names `publicUrl` from now on; returns the owner it named before. */
export async function claimStorage(marker: StorageMarker, publicUrl: string): Promise<string | null> {
  const before = await marker.readOwner();
  await marker.writeOwner(publicUrl, "ops:adopt --storage");
  return before;
}
