import type { RouteConfig, RouteHandler } from "@hono/zod-openapi";
import type { HttpBindings } from "@hono/node-server";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import type { UserRow } from "../db/schema";
import type { Mailer } from "../services/mail";
import type { LetterKeys } from "#domain/letter-keys";
import type { FileStorage } from "../services/storage";
import type { S3Settings } from "../services/storage-s3";
import type { LoginThrottle } from "../services/login-throttle";
import type { RateLimiter } from "../services/rate-limit";
import type { RateLimitConfig, UploadQuotaConfig } from "./rate-limits";
import type { InProcessCall } from "#contracts/in-process";
import type { DataStore } from "@tus/server";
import type { ResumableSettings, RetentionSettings } from "./settings";

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
  /** RETENTION_*: how long drafts, unused accounts and closed files are kept (api/services/retention.ts) */
  retention?: Partial<RetentionSettings>;
  /** S3_*: uploaded documents go to this S3-compatible bucket instead of filesDir (api/services/storage-s3.ts) */
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

export interface ResolvedConfig {
  apiKey: string;
  jwtSecret: string;
  accessTokenTtlSec: number;
  refreshTokenTtlSec: number;
  rateLimits: Required<RateLimitConfig>;
  uploadQuota: Required<UploadQuotaConfig>;
  resumableUploads: ResumableSettings;
  logger: Logger;
  filesDir: string;
  trustProxy: number;
  retention: RetentionSettings;
  /** the decision letters' signing and published keys */
  letterKeys: LetterKeys;
  /** the portal's address: the letters' QR opens a page under it */
  publicUrl: string;
  /** told of every unexpected error the API answers 500 for, the tus server's too (Sentry's captureException) */
  reportError?: (error: unknown) => void;
}

export interface ApiDeps {
  db: Database;
  config: ResolvedConfig;
  /** failed-login counters and delays (api/services/login-throttle.ts) */
  loginThrottle: LoginThrottle;
  /** sign-up and mail counters, for config.rateLimits.accountWindowSec */
  accountRateLimiter: RateLimiter;
  /** uploads per account, for config.rateLimits.uploadsPerMinute */
  uploadRateLimiter: RateLimiter;
  /** "Download my data" ZIPs per account, for config.rateLimits.dataExportsPerHour */
  dataExportRateLimiter: RateLimiter;
  /** public letter verifications per client address and per letter number, per hour */
  letterRateLimiter: RateLimiter;
  mailer: Mailer;
  storage: FileStorage;
  /** uploads stream here first, beside the storage so a finished file is moved, not copied */
  uploadTmpDir: string;
  /** where resumable uploads wait until their last byte (api/services/uploads/tus.ts): filesDir/tus, or the S3 bucket */
  tusStore: DataStore;
}

export interface AppEnv {
  /**
   * Set by @hono/node-server for a request that came over HTTP (its socket); absent when the portal
   * calls the API in-process (`startApi().fetch`) or a test calls `app.request()`.
   */
  Bindings: {
    incoming?: Pick<HttpBindings["incoming"], "socket">;
    /** a call of the portal in the same process (api/lib/in-process.ts); never set over HTTP */
    inProcess?: InProcessCall;
  };
  Variables: {
    deps: ApiDeps;
    /** set by requireUser on authenticated routes */
    user: UserRow;
  };
}

export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;
