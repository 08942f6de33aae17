// The settings of two services that the API's configuration resolves (api/config.ts) and its deps carry
// (api/services/deps.ts), with their defaults: kept here, below both, so that the wiring does not import the
// services it wires for their types.

export interface RetentionSettings {
  /** RETENTION_DRAFT_MONTHS; 0 keeps drafts */
  draftMonths: number;
  /** RETENTION_ACCOUNT_MONTHS; 0 keeps accounts */
  accountMonths: number;
  /** RETENTION_CLOSED_FILE_MONTHS; 0 keeps closed files as they are */
  closedFileMonths: number;
  /** RETENTION_EXPORT_DETAIL_MONTHS: which files a CSV export held (access_log_exports) is kept this long; 0 keeps it */
  exportDetailMonths: number;
  /** RETENTION_BATCH_SIZE: the records one statement reads (and one batch handles) */
  batchSize: number;
  /** RETENTION_RUN_BUDGET_MS: a run starts no new batch after this long; the next tick goes on where it stopped */
  runBudgetMs: number;
}

export const RETENTION_DEFAULTS: RetentionSettings = {
  draftMonths: 12,
  accountMonths: 24,
  closedFileMonths: 0,
  exportDetailMonths: 24,
  batchSize: 200,
  runBudgetMs: 30_000,
};

export interface ResumableSettings {
  /** an unfinished upload is swept this long after it began; default 24 h */
  expiryHours: number;
  /** uploads one account may have unfinished at once; default 10 */
  maxPerAccount: number;
  /** bytes (in MB) one account's unfinished uploads may announce together; default 50 */
  maxMbPerAccount: number;
}

export const RESUMABLE_DEFAULTS: ResumableSettings = { expiryHours: 24, maxPerAccount: 10, maxMbPerAccount: 50 };

export function resolveResumable(config: Partial<ResumableSettings> | undefined): ResumableSettings {
  return { ...RESUMABLE_DEFAULTS, ...config };
}
