import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import type { DataStore } from "@tus/server";
import { UPLOAD_LIMIT_DEFAULTS } from "#domain/upload-limits";
import type { Database } from "../db/client";
import { createLoginThrottle } from "../services/login-throttle";
import { createMailer, type Mailer } from "../services/mail";
import { createRateLimiter } from "../services/rate-limit";
import { createDiskStorage, type FileStorage } from "../services/storage";
import { createS3Storage } from "../services/storage-s3";
import { RETENTION_DEFAULTS, resolveResumable } from "./settings";
import { createTusStore } from "../services/uploads/tus";
import { newLetterKeyEntry, parseLetterKeys } from "#domain/letter-keys";
import type { ApiConfig, ApiDeps, ResolvedConfig } from "./types";
import { componentLogger } from "./log";

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
