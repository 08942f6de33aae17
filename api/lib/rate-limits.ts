// The configured rate limits: a leaf module, so the config types (types.ts) and the login throttle
// that reads them both import it without importing each other.

/** Login throttling: docs/decisions/013-login-throttling.md. */
export interface RateLimitConfig {
  /** failed logins from one client address (to any accounts) per window; then every login from it waits for the window's end */
  loginPerIp: number;
  /** failed logins per account and client address that cost no wait; each further one doubles the wait of that pair */
  loginPerAccount: number;
  /** window of the per-address and per-account failure counts; a pair forgets its failures this long after its longest wait */
  windowSec: number;
  /**
   * failed logins per account from all addresses per window after which an address that has not logged
   * in to it in the last 30 days gets one free failure instead of loginPerAccount; default 10 × loginPerAccount
   */
  loginPerAccountAllAddresses?: number;
  /** the first wait after the free failures; default 30 s */
  loginDelayBaseSec?: number;
  /** the longest wait; default 900 s (15 min) */
  loginDelayMaxSec?: number;
  /** sign-ups per client IP per account window; default 10 */
  signUpPerIp?: number;
  /** activation resends, and password-recovery requests, per submitted e-mail per account window; default 3 */
  mailPerEmail?: number;
  /** activation resends, and password-recovery requests, per client IP per account window; default 20 */
  mailPerIp?: number;
  /** window of the sign-up and mail limits; default 3600 (1 h) */
  accountWindowSec?: number;
  /** document, photo and additional-document uploads per account per minute; default domain/upload-limits.ts */
  uploadsPerMinute?: number;
  /** "Download my data" ZIPs per account per hour (docs/decisions/028-data-export.md); default 3 */
  dataExportsPerHour?: number;
  /** public letter verifications (/verifikasi) per client address per hour; default 30 */
  letterVerificationsPerIp?: number;
  /** verifications of one letter number with a date of birth per hour, from any address; default 10 */
  letterVerificationsPerNumber?: number;
}

/** How much an account's uploads may hold, in multiples of a pathway's total allowance (SECURITY.md "Uploads and files"). */
export interface UploadQuotaConfig {
  /** an application: its pathway's allowance times this; default domain/upload-limits.ts */
  applicationAllowances?: number;
  /** an account's unsubmitted drafts together: the largest pathway's allowance times this; default domain/upload-limits.ts */
  accountAllowances?: number;
}
