import { tmpdir } from "node:os";
import path from "node:path";
import pino, { type Logger } from "pino";
import type { DataStore } from "@tus/server";
import { UPLOAD_LIMIT_DEFAULTS } from "#domain/upload-limits";
import type { Database } from "./db/client";
import { createLoginThrottle } from "./services/login-throttle";
import { createMailer, type Mailer } from "./services/mail";
import { createRateLimiter } from "./services/rate-limit";
import { createDiskStorage, type FileStorage } from "./services/storage/storage";
import { createS3Storage, type S3Settings } from "./services/storage/s3";
import { RETENTION_DEFAULTS, resolveResumable, type ResumableSettings, type RetentionSettings } from "./lib/settings";
import { createTusStore } from "./services/resumable/tus";
import { newLetterKeyEntry, parseLetterKeys } from "#domain/letter-keys";
import type { ApiDeps, ResolvedConfig } from "./services/deps";
import { componentLogger } from "./lib/log";
import type { RateLimitConfig, UploadQuotaConfig } from "./lib/rate-limits";

export interface MailConfig {
  /** smtp:// or smtps:// URL; without it every message is written to outboxDir */
  smtpUrl?: string;
  /** where .eml files go when there is no SMTP; default `${os.tmpdir()}/adaptasi-outbox` */
  outboxDir?: string;
  /** the portal's address, for the links in the mails; default http://localhost:3000 */
  publicUrl?: string;
  /** the From header; default "Adaptasi Nakes LLN" <no-reply@adaptasi.kemkes.go.id> */
  from?: string;
}

export interface ApiConfig {
  apiKey: string;
  jwtSecret: string;
  /** default 3600 (1 h) */
  accessTokenTtlSec?: number;
  /** default 7 days */
  refreshTokenTtlSec?: number;
  rateLimits?: RateLimitConfig;
  uploadQuota?: UploadQuotaConfig;
  /** UPLOADS_*: resumable uploads (tus): how long an unfinished one is kept, and how many and how much one account may have unfinished */
  resumableUploads?: Partial<ResumableSettings>;
  mail?: MailConfig;
  /**
   * LETTER_SIGNING_KEYS: the decision letters' Ed25519 keys, `<kid>:<base64 DER>` comma-separated, the first
   * signing (api/services/letters/keys.ts). Default: a key made for this process (tests), gone at its end.
   */
  letterKeys?: string;
  /** where uploaded documents are stored (disk driver), and uploads stream to first (both drivers); default a folder under the OS temp dir */
  filesDir?: string;
  /** RETENTION_*: how long drafts, unused accounts and closed files are kept (api/services/data-rights/retention.ts) */
  retention?: Partial<RetentionSettings>;
  /** S3_*: uploaded documents go to this S3-compatible bucket instead of filesDir (api/services/storage/s3.ts) */
  s3?: S3Settings;
  /**
   * TRUST_PROXY: how many reverse proxies stand in front of the API's HTTP listener, counted from the
   * socket; the client address of an HTTP request is that many X-Forwarded-For entries from the right.
   * Default 0: the socket's address, the header ignored (docs/decisions/013-login-throttling.md).
   */
  trustProxy?: number;
  logger?: Logger;
  /** told of every unexpected error the API answers 500 for (the portal passes Sentry's captureException) */
  reportError?: (error: unknown) => void;
}

export const DEFAULT_PUBLIC_URL = "http://localhost:3000";

/** The configuration with every default filled in; refuses a missing secret or a bad TRUST_PROXY. */
export function resolveConfig(config: ApiConfig): ResolvedConfig {
  if (!config.apiKey || !config.jwtSecret) throw new Error("API: apiKey and jwtSecret must be set");
  if (config.trustProxy !== undefined && !(Number.isInteger(config.trustProxy) && config.trustProxy >= 0)) {
    throw new Error("API: trustProxy (TRUST_PROXY) must be the number of reverse proxies in front of the API, e.g. 1");
  }
  const limits = config.rateLimits;
  return {
    apiKey: config.apiKey,
    jwtSecret: config.jwtSecret,
    accessTokenTtlSec: config.accessTokenTtlSec ?? 3600,
    refreshTokenTtlSec: config.refreshTokenTtlSec ?? 7 * 24 * 3600,
    rateLimits: {
      loginPerIp: limits?.loginPerIp ?? 100,
      loginPerAccount: limits?.loginPerAccount ?? 5,
      windowSec: limits?.windowSec ?? 900,
      loginPerAccountAllAddresses: limits?.loginPerAccountAllAddresses ?? 10 * (limits?.loginPerAccount ?? 5),
      loginDelayBaseSec: limits?.loginDelayBaseSec ?? 30,
      loginDelayMaxSec: limits?.loginDelayMaxSec ?? 900,
      signUpPerIp: limits?.signUpPerIp ?? 10,
      mailPerEmail: limits?.mailPerEmail ?? 3,
      mailPerIp: limits?.mailPerIp ?? 20,
      accountWindowSec: limits?.accountWindowSec ?? 3600,
      uploadsPerMinute: limits?.uploadsPerMinute ?? UPLOAD_LIMIT_DEFAULTS.uploadsPerMinute,
      dataExportsPerHour: limits?.dataExportsPerHour ?? 3,
      letterVerificationsPerIp: limits?.letterVerificationsPerIp ?? 30,
      letterVerificationsPerNumber: limits?.letterVerificationsPerNumber ?? 10,
    },
    uploadQuota: {
      applicationAllowances: config.uploadQuota?.applicationAllowances ?? UPLOAD_LIMIT_DEFAULTS.quotaApplicationAllowances,
      accountAllowances: config.uploadQuota?.accountAllowances ?? UPLOAD_LIMIT_DEFAULTS.quotaAccountAllowances,
    },
    resumableUploads: resolveResumable(config.resumableUploads),
    logger: config.logger ?? pino({ level: process.env.LOG_LEVEL ?? "info" }),
    filesDir: path.resolve(config.filesDir ?? path.join(tmpdir(), "adaptasi-files")),
    trustProxy: config.trustProxy ?? 0,
    retention: { ...RETENTION_DEFAULTS, ...config.retention },
    letterKeys: parseLetterKeys(config.letterKeys ?? newLetterKeyEntry("ephemeral")),
    publicUrl: config.mail?.publicUrl ?? DEFAULT_PUBLIC_URL,
    reportError: config.reportError,
  };
}

/** What every handler reads from c.var.deps: the database, the configuration and the services built from it. */
export function createDeps(deps: { db: Database; config: ApiConfig; mailer?: Mailer; storage?: FileStorage; tusStore?: DataStore }): ApiDeps {
  const config = resolveConfig(deps.config);
  const { windowSec, accountWindowSec } = config.rateLimits;
  return {
    db: deps.db,
    config,
    loginThrottle: createLoginThrottle(deps.db, config.rateLimits, createRateLimiter(deps.db, windowSec, "login")),
    accountRateLimiter: createRateLimiter(deps.db, accountWindowSec, "account"),
    uploadRateLimiter: createRateLimiter(deps.db, 60, "upload"),
    dataExportRateLimiter: createRateLimiter(deps.db, 3600, "data-export"),
    letterRateLimiter: createRateLimiter(deps.db, 3600, "letter"),
    mailer:
      deps.mailer ??
      createMailer({
        db: deps.db,
        smtpUrl: deps.config.mail?.smtpUrl,
        outboxDir: deps.config.mail?.outboxDir ?? path.join(tmpdir(), "adaptasi-outbox"),
        publicUrl: deps.config.mail?.publicUrl ?? DEFAULT_PUBLIC_URL,
        from: deps.config.mail?.from,
        logger: componentLogger(config.logger, "mail"),
      }),
    storage: deps.storage ?? (deps.config.s3 ? createS3Storage(deps.config.s3) : createDiskStorage(config.filesDir)),
    uploadTmpDir: path.join(config.filesDir, "tmp"),
    tusStore: deps.tusStore ?? createTusStore({ filesDir: config.filesDir, s3: deps.config.s3, expiryMs: config.resumableUploads.expiryHours * 3_600_000 }),
  };
}
