import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveService } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import { createTestApi, type TestApi } from "../../test/helpers";
import { startS3WithListParts, type S3WithListParts } from "../../test/s3-with-list-parts";
import { createDiskStorage, diskMarker, type FileStorage } from "./storage";
import { readiness } from "../readiness";
import { claimStorage, ownedStorage } from "./owner";
import type { StorageMarker } from "./marker";
import { createS3Storage, s3Marker } from "./s3";

// Storage that knows its owner (docs/decisions/032-deferred-file-deletion.md), on both drivers: a missing
// marker is written for the starting instance on empty storage and for the recorded live service on storage
// holding files; only the owner stores and removes; a claim hands it over; no recorded address, no gate.

const LIVE = "https://adaptasi.example.go.id";
const COPY = "https://drill.adaptasi.internal";
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), "adaptasi-owner-"));
  dirs.push(d);
  return d;
};
let api: TestApi;
let s3: S3WithListParts;
let buckets = 0;
beforeAll(async () => {
  api = await createTestApi();
  s3 = await startS3WithListParts(["b1", "b2", "b3"]);
}, 60_000);
afterAll(async () => {
  await api?.close();
  await s3?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const drivers: Array<[string, () => { storage: FileStorage; marker: StorageMarker }]> = [
  [
    "disk",
    () => {
      const root = tempDir();
      return { storage: createDiskStorage(root), marker: diskMarker(root) };
    },
  ],
  [
    "S3 bucket",
    () => {
      const s = createS3Storage({ endpoint: s3.endpoint, bucket: `b${++buckets}`, accessKeyId: "S3RVER", secretAccessKey: "S3RVER" });
      return { storage: s, marker: s3Marker(s.client, s.bucket) };
    },
  ],
];

const owned = (d: { storage: FileStorage; marker: StorageMarker }, publicUrl: string) =>
  ownedStorage({ ...d, db: api.db, publicUrl, logger: pino({ level: "silent" }), refreshMs: 0 });

describe("storage that knows its owner", () => {
  it("is not gated, and gets no marker, while the database records no live address", async () => {
    const d = drivers[0][1]();
    expect(await owned(d, COPY).state()).toEqual({ writable: true, owner: null });
    expect(await d.marker.readOwner()).toBeNull();
  });

  it.each(drivers)(
    "%s: empty storage becomes the starting instance's; storage holding files, the live service's, read-only to a copy until claimed",
    async (_name, make) => {
      await api.db.insert(liveService).values({ publicUrl: LIVE, recordedBy: "test" }).onConflictDoNothing();
      // A copy's own empty storage: its own.
      const empty = make();
      expect(await owned(empty, COPY).state()).toEqual({ writable: true, owner: COPY });
      expect(await empty.marker.readOwner()).toBe(COPY);

      // Storage holding files and no marker (the live service's before this release): the live service's.
      const shared = make();
      const key = await shared.storage.putBytes(new TextEncoder().encode("%PDF-1.4 berkas"));
      const copy = owned(shared, COPY);
      expect(await copy.state()).toEqual({ writable: false, owner: LIVE });
      expect(await shared.marker.readOwner()).toBe(LIVE);
      const readOnly = expect.objectContaining({ status: 503, code: "STORAGE_READ_ONLY" });
      await expect(copy.putBytes(new Uint8Array([1]))).rejects.toBeInstanceOf(ApiError);
      await expect(copy.putBytes(new Uint8Array([1]))).rejects.toEqual(readOnly);
      await expect(copy.remove(key)).rejects.toEqual(readOnly);
      const { stream } = await copy.read(key); // reads pass
      stream.destroy();
      expect(await owned(shared, LIVE).writable()).toBe(true);

      // ops:adopt -- --storage on the copy's environment: the copy's, and the live service's no longer.
      expect(await claimStorage(shared.marker, COPY)).toBe(LIVE);
      expect(await copy.writable()).toBe(true);
      await copy.remove(key);
      expect(await owned(shared, LIVE).writable()).toBe(false);
    },
  );
});

describe("/readyz's answer", () => {
  it("says when storage is read-only, and stays ready: reads and pages still work", async () => {
    await api.db.insert(liveService).values({ publicUrl: LIVE, recordedBy: "test" }).onConflictDoNothing();
    const shared = drivers[0][1]();
    await shared.storage.putBytes(new TextEncoder().encode("%PDF-1.4 berkas")); // the live service's files, no marker yet
    // A drill copy: its database serves another PUBLIC_URL (mail held) and its storage is the live service's.
    const copyDelivery = { mail: "held" as const, jobs: false, reason: "public-url-mismatch" as const };
    const ready = (storage: ReturnType<typeof owned>) => readiness({ ping: api.ready, delivery: async () => copyDelivery, storage });
    expect(await ready(owned(shared, COPY))).toEqual({ status: "ready", mail: "held", reason: "public-url-mismatch", storage: "read-only" });
    expect(await ready(owned(shared, LIVE))).toEqual({ status: "ready", mail: "held", reason: "public-url-mismatch" });
    // Given storage of its own (ops:adopt -- --storage): writable, nothing said.
    await claimStorage(shared.marker, COPY);
    expect(await ready(owned(shared, COPY))).toEqual({ status: "ready", mail: "held", reason: "public-url-mismatch" });
    // The started API answers through the same function (its own temporary folder: writable).
    const { mail, reason } = await api.mailer.delivery();
    expect(await api.readiness()).toEqual({ status: "ready", mail, reason });
  });
});
