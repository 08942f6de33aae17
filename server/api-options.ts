import type { StartApiOptions } from "../api/index";
import { s3Settings, type Env } from "../app/utils/env.server";

/**
 * What the API in this process takes from the settings: one reading for the server (server/app.ts) and
 * the operator's commands (scripts/admin-create.ts, scripts/ops-adopt.ts), so DATABASE_URL, DATA_DIR,
 * SMTP_URL and PUBLIC_URL mean the same to both.
 */
export function apiOptionsFrom(env: Env): Omit<StartApiOptions, "logger" | "reportError"> {
  const production = env.NODE_ENV === "production";
  return {
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    apiKey: env.API_KEY,
    jwtSecret: env.JWT_SECRET,
    letterKeys: env.LETTER_SIGNING_KEYS,
    // Demo data only outside production (loadEnv refuses SEED_DEMO=true in production).
    seedDemo: !production && (!env.DATABASE_URL || env.SEED_DEMO === "true"),
    rateLimits: {
      loginPerIp: env.RATE_LIMIT_LOGIN_PER_IP,
      loginPerAccount: env.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      windowSec: 900,
      signUpPerIp: env.RATE_LIMIT_SIGNUP_PER_IP,
      mailPerEmail: env.RATE_LIMIT_MAIL_PER_EMAIL,
      mailPerIp: env.RATE_LIMIT_MAIL_PER_IP,
      accountWindowSec: 3600,
      uploadsPerMinute: env.RATE_LIMIT_UPLOADS_PER_MINUTE,
      dataExportsPerHour: env.RATE_LIMIT_DATA_EXPORTS_PER_HOUR,
      letterVerificationsPerIp: env.RATE_LIMIT_LETTER_VERIFICATIONS_PER_IP,
      letterVerificationsPerNumber: env.RATE_LIMIT_LETTER_VERIFICATIONS_PER_NUMBER,
    },
    uploadQuota: { applicationAllowances: env.UPLOAD_QUOTA_APPLICATION_ALLOWANCES, accountAllowances: env.UPLOAD_QUOTA_ACCOUNT_ALLOWANCES },
    resumableUploads: {
      expiryHours: env.UPLOADS_RESUMABLE_EXPIRY_HOURS,
      maxPerAccount: env.UPLOADS_IN_FLIGHT_PER_ACCOUNT,
      maxMbPerAccount: env.UPLOADS_IN_FLIGHT_MB_PER_ACCOUNT,
    },
    trustProxy: env.TRUST_PROXY,
    s3: s3Settings(env),
    smtpUrl: env.SMTP_URL,
    jobIntervalMs: env.JOBS_INTERVAL_SECONDS * 1000,
    digestHourWib: env.JOBS_DIGEST_HOUR_WIB,
    retention: {
      draftMonths: env.RETENTION_DRAFT_MONTHS,
      accountMonths: env.RETENTION_ACCOUNT_MONTHS,
      closedFileMonths: env.RETENTION_CLOSED_FILE_MONTHS,
      exportDetailMonths: env.RETENTION_EXPORT_DETAIL_MONTHS,
      batchSize: env.RETENTION_BATCH_SIZE,
      runBudgetMs: env.RETENTION_RUN_BUDGET_MS,
    },
    fileDeleteGraceDays: env.FILE_DELETE_GRACE_DAYS,
    mailRetry: { maxAttempts: env.MAIL_MAX_ATTEMPTS, baseMs: env.MAIL_RETRY_BASE_SECONDS * 1000, leaseMs: env.MAIL_LEASE_SECONDS * 1000 },
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    // The first production start records PUBLIC_URL as the live service's (api/services/live-service.ts).
    recordPublicUrl: production,
    mailRedirectTo: env.MAIL_REDIRECT_TO,
    mailFrom: env.MAIL_FROM,
  };
}
