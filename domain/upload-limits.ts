// How much one account may upload (SECURITY.md "Uploads and files"): the defaults of the settings that
// tune it (README "Settings"), read by the API's configuration and the portal's environment check.

export const UPLOAD_LIMIT_DEFAULTS = {
  /** an application holds at most this many times its pathway's total allowance (the sum of its documents' size limits) */
  quotaApplicationAllowances: 3,
  /** an account's unsubmitted drafts hold at most this many times the largest pathway's total allowance */
  quotaAccountAllowances: 3,
  /** document, photo and additional-document uploads per account per minute */
  uploadsPerMinute: 20,
} as const;
