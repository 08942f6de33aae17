import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { UPLOAD_LIMIT_DEFAULTS } from "#domain/upload-limits";
import { FRAMEWORK_PATCH_NAMES, parsePatchesOff } from "#domain/framework-patches";
import { newLetterKeyEntry, parseLetterKeys } from "#domain/letter-keys";

// Every setting comes from the environment, checked once at start-up (DESIGN §1, CONVENTIONS habit 5).

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalUrl.refine((v) => !v || /^postgres(ql)?:\/\//.test(v), "DATABASE_URL must start with postgres://"),
  API_URL: optionalUrl,
  API_KEY: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
  JWT_SECRET: z.string().optional(),
  /** the decision letters' Ed25519 keys, `<kid>:<base64 DER>` comma-separated, the first signing (npm run letters:key) */
  LETTER_SIGNING_KEYS: optionalText,
  SENTRY_DSN: optionalUrl,
  SMTP_URL: optionalUrl,
  /** the address users type: mails link to it, so a browser must open it (https://, http:// for a trial) */
  PUBLIC_URL: optionalUrl.refine(
    (v) => !v || /^https?:\/\/[^/]/i.test(v),
    "PUBLIC_URL must be a web address users open, https://… (http:// only for a trial on one machine): the activation and password mails link to it",
  ),
  /** every mail goes to this one mailbox instead of its recipient (a staging copy of the database) */
  MAIL_REDIRECT_TO: optionalText.pipe(z.email("MAIL_REDIRECT_TO must be one e-mail address").optional()),
  /**
   * the From of every mail: `"Name" <address>` or an address, on a domain whose SPF/DKIM the mail server
   * signs for; default "Adaptasi Nakes LLN" <no-reply@adaptasi.kemkes.go.id>
   */
  MAIL_FROM: optionalText.pipe(
    z
      .string()
      .regex(
        /^(?:"[^"\r\n]{1,100}" <[^\s<>@"]+@[^\s<>@"]+\.[^\s<>@"]+>|[^\s<>@"]+@[^\s<>@"]+\.[^\s<>@"]+)$/,
        'MAIL_FROM must be an address (no-reply@example.go.id) or "Name" <no-reply@example.go.id>',
      )
      .optional(),
  ),
  /** demo data on an empty PostgreSQL database outside production; in production it stops the start */
  SEED_DEMO: z.enum(["true", "false"], "SEED_DEMO must be true or false").optional(),
  /** a mail whose send fails this many times is kept as failed and shown to the Super Admin (/mail-outbox) */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().positive().default(8),
  /** the wait after a mail's first failed send; each next wait is 3× longer, up to an hour */
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().positive().default(5),
  /** a mail being sent by a process that died is sent again after this long */
  MAIL_LEASE_SECONDS: z.coerce.number().positive().default(120),
  /** how often the scheduled jobs (SLA reminders, overdue digest, reupload reminders) look for work; 0 turns them off */
  JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(300),
  /**
   * where every release's hashed client assets are kept, so a page of release N loads its scripts from
   * an instance of N+1 (a rolling update); one folder shared by every instance; default DATA_DIR/assets
   */
  ASSETS_DIR: optionalText,
  /** a release's assets stay in ASSETS_DIR this many days after the last instance running it marked them */
  ASSETS_KEEP_DAYS: z.coerce.number().int().min(1).default(30),
  JOBS_DIGEST_HOUR_WIB: z.coerce.number().int().min(0).max(23).default(7),
  /** a draft never submitted is deleted this many months after its last change (its owner mailed 30 days before); 0 keeps drafts */
  RETENTION_DRAFT_MONTHS: z.coerce.number().int().min(0).max(1200).default(12),
  /** an applicant account that never started an application is deleted this many months after its last use; 0 keeps them */
  RETENTION_ACCOUNT_MONTHS: z.coerce.number().int().min(0).max(1200).default(24),
  /** the authority's retention period of a decided file, in months after its last decision; absent or 0: kept as it is */
  RETENTION_CLOSED_FILE_MONTHS: z.coerce.number().int().min(0).max(1200).default(0),
  /** which files a CSV export held (access_log_exports) is kept this many months; the export's access_log row stays; 0 keeps it */
  RETENTION_EXPORT_DETAIL_MONTHS: z.coerce.number().int().min(0).max(1200).default(24),
  /** the retention job reads and handles this many records a statement (a batch); docs/operations.md "The retention job" */
  RETENTION_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(200),
  /** a retention run starts no new batch after this long; the next tick goes on where it stopped (0: one batch a run) */
  RETENTION_RUN_BUDGET_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** the bytes of a deleted file (a replaced draft, a deleted account, retention) stay this many days, then the live service removes them; longer than the backup interval */
  FILE_DELETE_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** tests only (NODE_ENV=test): POST /__test/run-jobs?at=<ISO time> runs the scheduled jobs at that time */
  TEST_JOB_TRIGGER: z.enum(["true", "false"], "TEST_JOB_TRIGGER must be true or false").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** framework patches to switch off, comma-separated (README "What an upgrade touches") */
  FRAMEWORK_PATCHES_OFF: z.string().optional(),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().positive().default(100),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_SIGNUP_PER_IP: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_MAIL_PER_EMAIL: z.coerce.number().int().positive().default(3),
  RATE_LIMIT_MAIL_PER_IP: z.coerce.number().int().positive().default(20),
  /** document, photo and additional-document uploads per account per minute; more answer 429 with Retry-After */
  RATE_LIMIT_UPLOADS_PER_MINUTE: z.coerce.number().int().positive().default(UPLOAD_LIMIT_DEFAULTS.uploadsPerMinute),
  /** "Download my data" ZIPs per account per hour; more answer 429 with Retry-After */
  RATE_LIMIT_DATA_EXPORTS_PER_HOUR: z.coerce.number().int().positive().default(3),
  /** public verifications of decision letters (/verifikasi) per client address per hour */
  RATE_LIMIT_LETTER_VERIFICATIONS_PER_IP: z.coerce.number().int().positive().default(30),
  /** verifications of one letter number with a date of birth per hour, from any address */
  RATE_LIMIT_LETTER_VERIFICATIONS_PER_NUMBER: z.coerce.number().int().positive().default(10),
  /** an application holds at most this many times its pathway's total allowance (REG: 20 MB) */
  UPLOAD_QUOTA_APPLICATION_ALLOWANCES: z.coerce.number().positive().default(UPLOAD_LIMIT_DEFAULTS.quotaApplicationAllowances),
  /** an account's unsubmitted drafts hold at most this many times the largest pathway's total allowance */
  UPLOAD_QUOTA_ACCOUNT_ALLOWANCES: z.coerce.number().positive().default(UPLOAD_LIMIT_DEFAULTS.quotaAccountAllowances),
  /** a resumable upload not finished this many hours after it began is swept, with its bytes */
  UPLOADS_RESUMABLE_EXPIRY_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
  /** resumable uploads one account may have unfinished at once; more are refused (429) until one ends */
  UPLOADS_IN_FLIGHT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  /** MB the unfinished resumable uploads of one account may announce together */
  UPLOADS_IN_FLIGHT_MB_PER_ACCOUNT: z.coerce.number().positive().default(50),
  /** reverse proxies in front of the process: the client address is that many X-Forwarded-For hops from the right (0: the socket's) */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  /** page renders at once; more wait in order (server/page-queue.ts) */
  MAX_CONCURRENT_PAGES: z.coerce.number().int().positive().default(16),
  /** a connection on which nothing arrives this long is closed; a request's total time is not capped (slow uploads) */
  HTTP_IDLE_TIMEOUT_SEC: z.coerce.number().int().positive().default(120),
  /** on SIGTERM/SIGINT, how long requests and uploads under way may take to finish before they are cut (server/lifecycle.ts) */
  SHUTDOWN_GRACE_SEC: z.coerce.number().int().min(0).default(30),
  /** the bearer token /metrics asks for; without it /metrics is not served */
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .optional(),
  /** S3-compatible object storage for uploaded documents (api/services/storage/s3.ts); without S3_BUCKET, DATA_DIR/files */
  S3_ENDPOINT: optionalUrl.refine((v) => !v || /^https?:\/\//.test(v), "S3_ENDPOINT must start with http:// or https://"),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .refine((v) => v === undefined || v === "true" || v === "false", "S3_FORCE_PATH_STYLE must be true or false")
    .optional(),
});

export type Env = z.infer<typeof schema> & { API_KEY: string; SESSION_SECRET: string; JWT_SECRET: string; LETTER_SIGNING_KEYS?: string };

const SECRET_NAMES = ["API_KEY", "SESSION_SECRET", "JWT_SECRET"] as const;

// Placeholders and the values in this repository's tests, docs and benchmarks: never a production secret.
const KNOWN_VALUES = /change.?me|example|placeholder|secret|password|adaptasi|demo|test|bench|default|your/i;

/** A secret is weak when it is short, made of few distinct characters, or a known placeholder/demo value. */
export function isWeakSecret(value: string | undefined): boolean {
  if (!value) return true;
  return value.length < 32 || new Set(value).size < 10 || KNOWN_VALUES.test(value);
}

export class EnvError extends Error {}

/**
 * Reads and checks the environment. In production a missing or weak secret is an error; elsewhere
 * missing secrets are generated once and kept in DATA_DIR/secrets.json so restarts keep sessions.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new EnvError(`Invalid setting ${issue.path.join(".")}: ${issue.message}`);
  }
  const env = parsed.data;
  if (env.LETTER_SIGNING_KEYS) {
    try {
      parseLetterKeys(env.LETTER_SIGNING_KEYS);
    } catch (err) {
      throw new EnvError((err as Error).message);
    }
  }
  checkS3(env);
  const unknownPatches = parsePatchesOff(env.FRAMEWORK_PATCHES_OFF).unknown;
  if (unknownPatches.length > 0) {
    throw new EnvError(`FRAMEWORK_PATCHES_OFF names no framework patch: ${unknownPatches.join(", ")} (the patches are ${FRAMEWORK_PATCH_NAMES.join(", ")})`);
  }
  if (env.TEST_JOB_TRIGGER === "true" && env.NODE_ENV !== "test")
    throw new EnvError("TEST_JOB_TRIGGER is for the end-to-end tests only (NODE_ENV=test): remove it");
  if (env.NODE_ENV === "production") {
    // Demo accounts with a published password, and invented schedules, have no place on the live service.
    if (env.SEED_DEMO === "true") {
      throw new EnvError(
        "SEED_DEMO=true is a demo setting and NODE_ENV=production never seeds demo data: remove SEED_DEMO, and create the first Super Admin with npm run admin:create",
      );
    }
    // The remote API holds JWT_SECRET when API_URL is set. Every bad secret is named in one line.
    const weak = SECRET_NAMES.filter((name) => !(name === "JWT_SECRET" && !env.JWT_SECRET && env.API_URL) && isWeakSecret(env[name]));
    if (weak.length > 0) {
      throw new EnvError(
        `${weak.join(", ")} ${weak.length > 1 ? "are" : "is"} missing or weak: set ${weak.length > 1 ? "each" : "it"} to a random value of at least 32 characters (e.g. openssl rand -hex 32)`,
      );
    }
    // Letters signed with a key nobody keeps could never be checked again: the key is set, like the secrets
    // (the remote API holds it when API_URL is set).
    if (!env.LETTER_SIGNING_KEYS && !env.API_URL) {
      throw new EnvError("LETTER_SIGNING_KEYS is missing: set it to the decision letters' signing key, made with npm run letters:key (README settings)");
    }
    // Without a mail server the activation and reset links (secrets) would only sit in the outbox, and
    // without the public address they would point to localhost. The remote API sends mail itself.
    const mail = env.API_URL ? [] : (["SMTP_URL", "PUBLIC_URL"] as const).filter((name) => !env[name]);
    if (mail.length > 0) {
      throw new EnvError(
        `${mail.join(", ")} ${mail.length > 1 ? "are" : "is"} missing: set SMTP_URL to the mail server (smtp://user:pass@host:587) and PUBLIC_URL to the portal's public address (https://…), which activation and reset mails link to`,
      );
    }
    return env as Env;
  }
  const file = path.join(env.DATA_DIR, "secrets.json");
  let stored: Record<string, string> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  let changed = false;
  for (const name of SECRET_NAMES) {
    if (env[name]) continue;
    if (!stored[name]) {
      stored[name] = randomBytes(32).toString("hex");
      changed = true;
    }
    env[name] = stored[name];
  }
  // The letters' key is a key pair, not random text: made once like the secrets above and kept beside them.
  if (!env.LETTER_SIGNING_KEYS) {
    if (!stored.LETTER_SIGNING_KEYS) {
      stored.LETTER_SIGNING_KEYS = newLetterKeyEntry(`dev-${new Date().toISOString().slice(0, 10)}`);
      changed = true;
    }
    env.LETTER_SIGNING_KEYS = stored.LETTER_SIGNING_KEYS;
  }
  if (changed) {
    mkdirSync(env.DATA_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2));
    chmodSync(file, 0o600);
  }
  return env as Env;
}

const S3_NAMES = ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const;

/** S3_BUCKET turns object storage on; then both keys are needed. Any S3 setting without the bucket is a half setup. */
function checkS3(env: z.infer<typeof schema>) {
  if (!env.S3_BUCKET) {
    const stray = S3_NAMES.filter((name) => env[name] !== undefined);
    if (stray.length > 0) {
      throw new EnvError(
        `${stray.join(", ")} ${stray.length > 1 ? "are" : "is"} set but S3_BUCKET is not: set S3_BUCKET to use object storage, or remove ${stray.length > 1 ? "them" : "it"} to keep uploads in DATA_DIR/files`,
      );
    }
    return;
  }
  const keys = (["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((name) => !env[name]);
  if (keys.length > 0) {
    throw new EnvError(
      `S3_BUCKET is set but ${keys.join(", ")} ${keys.length > 1 ? "are" : "is"} missing: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY to the bucket's access key`,
    );
  }
}

/** The object-storage settings startApi takes, or undefined for the disk (no S3_BUCKET). */
export function s3Settings(env: Pick<Env, "S3_BUCKET" | (typeof S3_NAMES)[number]>) {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? "us-east-1",
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === undefined ? !!env.S3_ENDPOINT : env.S3_FORCE_PATH_STYLE === "true",
  };
}

let current: Env | undefined;

/** The checked environment; server.ts loads it first, so the app only reads it. */
export function getEnv(): Env {
  current ??= loadEnv();
  return current;
}

/** For server.ts: fix the environment once, so generated secrets are shared by the app's module graph. */
export function setEnv(env: Env): void {
  current = env;
  for (const name of SECRET_NAMES) process.env[name] = env[name];
}
