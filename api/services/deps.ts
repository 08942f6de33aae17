import type { Logger } from "pino";
import type { DataStore } from "@tus/server";
import type { LetterKeys } from "#domain/letter-keys";
import type { Database } from "../db/client";
import type { RateLimitConfig, UploadQuotaConfig } from "../lib/rate-limits";
import type { ResumableSettings, RetentionSettings } from "../lib/settings";
import type { LoginThrottle } from "./login-throttle";
import type { Mailer } from "./mail";
import type { RateLimiter } from "./rate-limit";
import type { FileStorage } from "./storage/storage";

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
  /** where resumable uploads wait until their last byte (api/services/resumable/tus.ts): filesDir/tus, or the S3 bucket */
  tusStore: DataStore;
}
