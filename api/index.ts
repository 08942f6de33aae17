import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Http2Bindings, HttpBindings } from "@hono/node-server";
import pino, { type Logger } from "pino";
import type { InProcessFetch } from "#contracts/in-process";
import { createApiApp, DEFAULT_PUBLIC_URL } from "./app";
import { MIGRATIONS_FOLDER, openDatabase, type Database, type DatabaseHandle } from "./db/client";
import { migrationsAhead } from "./db/migration-rules";
import { schemaAhead } from "./lib/metrics";
import { seedIfEmpty } from "./seed";
import { seedAdministration } from "./services/admin/reference";
import { seedFacilities } from "./seed/facilities";
import type { RateLimitConfig, UploadQuotaConfig } from "./lib/rate-limits";
import { createDeliveryGate, recordFirstStart } from "./services/live-service";
import { createMailer, type Mailer } from "./services/mail";
import type { RetryPolicy } from "./services/mail-outbox";
import { RETENTION_DEFAULTS, resolveResumable, type ResumableSettings, type RetentionSettings } from "./lib/settings";
import { createScheduler, type Scheduler } from "./services/scheduled-jobs";
import { createDiskStorage, diskMarker, sweepTemporaryFiles, TEMPORARY_FILE_MAX_AGE_MS, type FileStorage } from "./services/storage/storage";
import { createS3Storage, s3Marker, type S3Settings } from "./services/storage/s3";
import { ownedStorage, type OwnedStorage } from "./services/storage/owner";
import type { StorageMarker } from "./services/storage/marker";
import { readiness, type Readiness } from "./services/readiness";
import { FILE_DELETE_GRACE_DAYS_DEFAULT } from "./services/storage/file-deletions";
import { createTusStore } from "./services/resumable/tus";
import { componentLogger } from "./lib/log";

export { API_BASE, createApiApp } from "./app";
export type { ApiConfig, AppEnv, MailConfig, RateLimitConfig } from "./app";
export type { Database } from "./db/client";
export type { Mailer } from "./services/mail";
export type { DeliveryState } from "./services/live-service";
export type { S3Settings } from "./services/storage/s3";

export interface StartApiOptions {
  /** PGlite data under `${dataDir}/pglite` (embedded default) */
  dataDir?: string;
  /** postgres:// URL; wins over dataDir */
  databaseUrl?: string;
  inMemory?: boolean;
  /** PGlite in memory from this data-directory tarball (the tests' migrated, seeded template); wins over dataDir */
  loadDataDir?: Blob;
  apiKey: string;
  jwtSecret: string;
  /** create the demo accounts of DESIGN §7 when the database has no users */
  seedDemo: boolean;
  accessTokenTtlSec?: number;
  refreshTokenTtlSec?: number;
  rateLimits?: RateLimitConfig;
  /** UPLOAD_QUOTA_*: what an application and an account's drafts may hold, in pathway allowances */
  uploadQuota?: UploadQuotaConfig;
  /** UPLOADS_*: resumable uploads — expiry of an unfinished one, and each account's unfinished uploads (count, MB) */
  resumableUploads?: Partial<ResumableSettings>;
  /** smtp:// or smtps:// URL (SMTP_URL); without it mail is written as .eml files to outboxDir */
  smtpUrl?: string;
  /** default `${dataDir}/outbox`, or a temporary folder (removed on close) when there is no dataDir */
  outboxDir?: string;
  /** LETTER_SIGNING_KEYS: the decision letters' keys (api/services/letters/keys.ts); default one made for this process */
  letterKeys?: string;
  /** the portal's address for links in mails (PUBLIC_URL); default http://localhost:3000 */
  publicUrl?: string;
  /**
   * Production: the database records publicUrl as the live service's address if none is recorded yet.
   * Any start whose publicUrl differs from a recorded one holds mail and jobs (api/services/live-service.ts).
   */
  recordPublicUrl?: boolean;
  /** MAIL_REDIRECT_TO: every mail goes to this one mailbox instead of its recipient */
  mailRedirectTo?: string;
  /** the From header of every mail; default "Adaptasi Nakes LLN" <no-reply@adaptasi.kemkes.go.id> */
  mailFrom?: string;
  /** retries of a failed send (MAIL_MAX_ATTEMPTS, MAIL_RETRY_BASE_SECONDS, MAIL_LEASE_SECONDS) */
  mailRetry?: Partial<RetryPolicy>;
  /** how often the mail worker looks for due mail; default 2 s */
  mailPollMs?: number;
  /** how often the scheduled jobs run (JOBS_INTERVAL_SECONDS); default 0: never on their own (tests) */
  jobIntervalMs?: number;
  /** the hour (Asia/Jakarta) from which the daily overdue digest goes (JOBS_DIGEST_HOUR_WIB); default 7 */
  digestHourWib?: number;
  /** RETENTION_*: how long drafts, unused accounts and closed files are kept, in months (0: kept); default 12, 24, 0 */
  retention?: Partial<RetentionSettings>;
  /** uploaded documents; default `${dataDir}/files`, or a temporary folder (removed on close) when there is no dataDir */
  filesDir?: string;
  /**
   * S3_*: uploaded documents go to this S3-compatible bucket instead of filesDir (which still holds
   * uploads while they stream in). The bucket is checked at start: a refusal stops it with one line.
   */
  s3?: S3Settings;
  /** FILE_DELETE_GRACE_DAYS: the bytes of a deleted file stay this many days before the live service removes them; default 7 */
  fileDeleteGraceDays?: number;
  /** TRUST_PROXY: reverse proxies in front of the HTTP listener (see ApiConfig.trustProxy); default 0 */
  trustProxy?: number;
  logger?: Logger;
  /** told of every unexpected error the API answers 500 for (SENTRY_DSN: Sentry's captureException) */
  reportError?: (error: unknown) => void;
}

export interface StartedApi {
  app: ReturnType<typeof createApiApp>;
  /**
   * The portal's in-process calls pass only the request; an HTTP listener passes its bindings too
   * (`getRequestListener((req, env) => api.fetch(req, env))`), so the client address is the socket's.
   */
  fetch: (req: Request, env?: HttpBindings | Http2Bindings) => Promise<Response>;
  /** The portal's JSON calls in this process: the answer handed over as an object (api/http/in-process.ts). */
  inProcess: InProcessFetch;
  /** resolves when the database answers; throws otherwise (readiness probe) */
  ready: () => Promise<void>;
  /** /readyz's answer: the database answers, and what mail and storage may do here (api/services/readiness.ts) */
  readiness: () => Promise<Readiness>;
  close: () => Promise<void>;
  db: Database;
  dbKind: "pglite" | "postgres";
  /** `mailer.idle()` resolves once queued mail is delivered (tests read the outbox after it) */
  mailer: Mailer;
  /** the scheduled jobs; `runAll(now)` runs them at once (tests) */
  jobs: Scheduler;
  /** where .eml files go when there is no SMTP */
  outboxDir: string;
  filesDir: string;
  /** the documents' storage, writable only when its marker names this PUBLIC_URL (api/services/storage/owner.ts) */
  storage: OwnedStorage;
  /** the storage's owner marker (`npm run ops:adopt -- --storage` rewrites it) */
  storageMarker: StorageMarker;
}

/**
 * What every start does to its database before serving: migrate, then seed what is missing (reference data;
 * the demo accounts when seedDemo, the demo applications when given a storage). Each step leaves a database
 * that already has it alone, so the tests' template (api/test/template.ts) is made by this once per run.
 */
export async function migrateAndSeed(handle: DatabaseHandle, opts: { seedDemo: boolean; storage?: FileStorage }): Promise<void> {
  await handle.migrate();
  await seedIfEmpty(handle.db, { demo: opts.seedDemo, storage: opts.storage });
  await seedAdministration(handle.db, { demo: opts.seedDemo }); // positions, demo staff positions
  await seedFacilities(handle.db, { demo: opts.seedDemo }); // activity kinds, positions, demo announcement and facility data
}

/** Opens the database, migrates, seeds, and builds the API. */
export async function startApi(opts: StartApiOptions): Promise<StartedApi> {
  const s3Storage = opts.s3 ? createS3Storage(opts.s3) : undefined;
  const handle = await openDatabase(opts);
  try {
    if (s3Storage) {
      await s3Storage.check().catch((err: { name?: string; message?: string; $metadata?: { httpStatusCode?: number } }) => {
        const why = err.$metadata?.httpStatusCode ? `${err.$metadata.httpStatusCode} ${err.name}` : (err.message ?? String(err));
        throw new Error(
          `S3 bucket "${opts.s3!.bucket}" at ${opts.s3!.endpoint ?? `AWS S3 (${opts.s3!.region ?? "us-east-1"})`} cannot be used (${why}): check S3_ENDPOINT, S3_BUCKET and the S3 credentials`,
        );
      });
      // Resumable uploads need multipart uploads, their parts listed and aborted: a bucket or credentials
      // without them would pass HeadBucket and fail every resumable upload later.
      await s3Storage.checkResumable().catch((err: { step?: string; name?: string; message?: string; $metadata?: { httpStatusCode?: number } }) => {
        const why = err.$metadata?.httpStatusCode ? `${err.$metadata.httpStatusCode} ${err.name}` : (err.message ?? String(err));
        throw new Error(
          `S3 bucket "${opts.s3!.bucket}" at ${opts.s3!.endpoint ?? `AWS S3 (${opts.s3!.region ?? "us-east-1"})`} cannot serve resumable uploads (${err.step ?? "multipart upload"}: ${why}): the credentials need s3:PutObject, s3:ListMultipartUploadParts and s3:AbortMultipartUpload on the bucket (README "Object storage")`,
        );
      });
    }
    // DESIGN §7: the demo applications and their documents belong to the embedded default only.
    const embeddedDefault = !opts.inMemory && !opts.loadDataDir && !opts.databaseUrl && opts.dataDir !== undefined;
    const storage = embeddedDefault ? (s3Storage ?? createDiskStorage(opts.filesDir ?? path.resolve(opts.dataDir!, "files"))) : undefined;
    await migrateAndSeed(handle, { seedDemo: opts.seedDemo, storage });
    if (opts.recordPublicUrl) await recordFirstStart(handle.db, opts.publicUrl ?? DEFAULT_PUBLIC_URL);
  } catch (err) {
    await handle.close().catch(() => {});
    s3Storage?.client.destroy();
    throw err;
  }
  const logger = opts.logger ?? pino({ level: process.env.LOG_LEVEL ?? "info" });
  // A schema newer than this code (a newer release migrated it): said once, and kept in a metric.
  const ahead = await migrationsAhead(handle.db, MIGRATIONS_FOLDER).catch(() => 0);
  schemaAhead.set(ahead);
  if (ahead > 0) {
    logger.warn(
      { migrationsAhead: ahead },
      "the database's schema is newer than this code: a newer release migrated it. This instance runs on, but what that release added or changed may be missing here; run the newer release (docs/operations.md §5)",
    );
  }
  const dataDir = opts.inMemory || opts.loadDataDir ? undefined : opts.dataDir;
  const temporaryOutbox = !opts.outboxDir && !dataDir;
  const outboxDir = opts.outboxDir ?? (dataDir ? path.resolve(dataDir, "outbox") : await mkdtemp(path.join(tmpdir(), "adaptasi-outbox-")));
  const temporaryFiles = !opts.filesDir && !dataDir;
  const filesDir = opts.filesDir ?? (dataDir ? path.resolve(dataDir, "files") : await mkdtemp(path.join(tmpdir(), "adaptasi-files-")));
  // What interrupted uploads left behind goes at start — at once when its writer was an earlier run of
  // this machine (a crash), else once 15 minutes old — and then every 15 minutes, in the background.
  // With S3 too: uploads stream to filesDir/tmp first. An S3 upload cut off by a crash is an incomplete
  // multipart upload, never an object; the bucket's lifecycle rule removes those (README "Object storage").
  const sweep = () =>
    sweepTemporaryFiles(filesDir)
      .then((removed) => void (removed.length > 0 && logger.info({ removed: removed.length }, "temporary upload files removed")))
      .catch((err) => logger.warn({ err }, "temporary upload files could not be swept"));
  await sweep();
  const sweeper = setInterval(() => void sweep(), TEMPORARY_FILE_MAX_AGE_MS);
  sweeper.unref();
  // Says once, now, when this instance runs on a copy of the database or redirects its mail.
  const gate = createDeliveryGate({
    db: handle.db,
    publicUrl: opts.publicUrl ?? DEFAULT_PUBLIC_URL,
    redirectTo: opts.mailRedirectTo,
    logger: componentLogger(logger, "mail"),
  });
  await gate.state();
  const mailer = createMailer({
    db: handle.db,
    retry: opts.mailRetry,
    pollMs: opts.mailPollMs,
    smtpUrl: opts.smtpUrl,
    outboxDir,
    publicUrl: opts.publicUrl ?? DEFAULT_PUBLIC_URL,
    from: opts.mailFrom,
    logger: componentLogger(logger, "mail"),
    gate,
  });
  // One storage for the API and the jobs. It knows its owner: on storage another PUBLIC_URL owns (a copy
  // on the live service's bucket or folder) nothing is stored or removed; said once, now.
  const storageMarker = s3Storage ? s3Marker(s3Storage.client, s3Storage.bucket) : diskMarker(filesDir);
  const storage = ownedStorage({
    storage: s3Storage ?? createDiskStorage(filesDir),
    marker: storageMarker,
    db: handle.db,
    publicUrl: opts.publicUrl ?? DEFAULT_PUBLIC_URL,
    logger: componentLogger(logger, "storage"),
  });
  try {
    await storage.state();
  } catch (err) {
    await handle.close().catch(() => {});
    s3Storage?.client.destroy();
    throw new Error(
      `the storage's owner marker (${s3Storage ? `S3 bucket "${s3Storage.bucket}"` : filesDir}) cannot be read or written: ${(err as Error).message}`,
      { cause: err },
    );
  }
  const retention: RetentionSettings = { ...RETENTION_DEFAULTS, ...opts.retention };
  // Unfinished resumable uploads: beside the documents (filesDir/tus) or in the same bucket.
  const resumable = resolveResumable(opts.resumableUploads);
  const tusStore = createTusStore({ filesDir, s3: opts.s3, expiryMs: resumable.expiryHours * 3_600_000 });
  const scheduler = createScheduler({
    db: handle.db,
    mailer,
    gate,
    logger: componentLogger(logger, "jobs"),
    intervalMs: opts.jobIntervalMs ?? 0,
    digestHourWib: opts.digestHourWib,
    retention: { storage, settings: retention },
    uploads: { store: tusStore, settings: resumable },
    fileDeletions: { storage, graceDays: opts.fileDeleteGraceDays ?? FILE_DELETE_GRACE_DAYS_DEFAULT },
  });
  const app = createApiApp({
    db: handle.db,
    mailer,
    storage,
    tusStore,
    config: {
      apiKey: opts.apiKey,
      jwtSecret: opts.jwtSecret,
      accessTokenTtlSec: opts.accessTokenTtlSec,
      refreshTokenTtlSec: opts.refreshTokenTtlSec,
      rateLimits: opts.rateLimits,
      uploadQuota: opts.uploadQuota,
      resumableUploads: resumable,
      filesDir,
      retention,
      trustProxy: opts.trustProxy,
      letterKeys: opts.letterKeys,
      mail: { publicUrl: opts.publicUrl ?? DEFAULT_PUBLIC_URL },
      logger,
      reportError: opts.reportError,
    },
  });
  return {
    app,
    fetch: async (req, env) => app.fetch(req, env),
    inProcess: async (req, env) => app.fetch(req, env),
    ready: handle.ping,
    readiness: () => readiness({ ping: handle.ping, delivery: () => mailer.delivery(), storage }),
    async close() {
      clearInterval(sweeper);
      await scheduler.close();
      // The mail worker finishes its pass; mail not yet sent stays recorded for the next start.
      await mailer.close();
      await handle.close();
      s3Storage?.client.destroy();
      if (temporaryOutbox) await rm(outboxDir, { recursive: true, force: true });
      if (temporaryFiles) await rm(filesDir, { recursive: true, force: true });
    },
    db: handle.db,
    dbKind: handle.kind,
    mailer,
    jobs: scheduler,
    outboxDir,
    filesDir,
    storage,
    storageMarker,
  };
}
