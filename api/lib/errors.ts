import { z } from "@hono/zod-openapi";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { API_ERROR_CODES, apiErrorText, type ApiErrorCode } from "#domain/api-errors";
import { LOCALE } from "#domain/constants";
import { detailText, type ValidationDetail } from "#domain/validation-details";

// Every failure the API answers with: a stable code and its parameters for programs, and the code's words
// in the default language (locales/id/errors.json) for a person reading the answer as it is. The portal and
// the mails word the code again in the request's language (domain/api-errors.ts).
/** Each code's Indonesian words, as the catalogue holds them (tests compare answers with these). */
export const MESSAGES = Object.fromEntries(API_ERROR_CODES.map((code) => [code, apiErrorText(code, undefined, LOCALE.DEFAULT)!])) as Record<
  ApiErrorCode,
  string
>;

export type ErrorCode = ApiErrorCode;

/** What a client needs to word an answer itself, in its own language (the limit a quota names, a wait). */
export type ErrorParams = Record<string, string | number>;

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string | undefined = undefined,
    readonly headers: Record<string, string> = {},
    readonly details?: ErrorDetail[],
    readonly params?: ErrorParams,
  ) {
    // The code's words with its parameters (a variant where params.kind names one), unless a caller words it.
    super(message ?? apiErrorText(code, params, LOCALE.DEFAULT) ?? code);
  }
}

/** 429 with Retry-After; the same answer for every throttled action. */
export function rateLimited(retryAfterSec: number): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfterSec / 60));
  return new ApiError(429, "RATE_LIMITED", undefined, { "Retry-After": String(retryAfterSec) }, undefined, { retry_after_sec: retryAfterSec, minutes });
}

/** 429 with Retry-After for an account past its uploads of the minute; params: retry_after_sec. */
export function uploadsRateLimited(retryAfterSec: number): ApiError {
  return new ApiError(429, "RATE_LIMITED", undefined, { "Retry-After": String(retryAfterSec) }, undefined, { kind: "uploads", retry_after_sec: retryAfterSec });
}

/**
 * One field's refusal: a code (a spec §5 rule or one of errors.json `details`) with its parameters, the
 * locale keys of the parameters that are labels, and the Indonesian words from the same locale files
 * (domain/validation-details.ts).
 */
export type ErrorDetail = ValidationDetail;

export function errorBody(code: ErrorCode, message: string, details?: ErrorDetail[], params?: ErrorParams) {
  return { error: { code, message, ...(details ? { details } : {}), ...(params ? { params } : {}) } };
}

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: "VALIDATION_ERROR" }),
      message: z.string().openapi({ example: MESSAGES.VALIDATION_ERROR }),
      details: z
        .array(
          z.object({
            path: z.string(),
            code: z.string().openapi({
              description: "a spec §5 rule (locales/<lng>/validation.json) or an API detail code (locales/<lng>/errors.json details)",
              example: "required",
            }),
            params: z
              .record(z.string(), z.union([z.string(), z.number()]))
              .optional()
              .openapi({ description: "the values its words need (a length, a limit); a label is in `labels`", example: { length: 16 } }),
            labels: z
              .record(z.string(), z.string())
              .optional()
              .openapi({ description: "the locale key of each parameter that is a field's label", example: { field: "accounts:fields.nik" } }),
            message: z.string().openapi({ example: detailText("digits", { length: 16 }, LOCALE.DEFAULT, { field: "accounts:fields.nik" }) }),
          }),
        )
        .optional(),
      params: z
        .record(z.string(), z.union([z.string(), z.number()]))
        .optional()
        .openapi({ example: { scope: "application", limit_mb: 60 } }),
    }),
  })
  .openapi("Error");

const ERROR_DESCRIPTIONS = {
  400: "Data tidak valid (VALIDATION_ERROR, MALFORMED_BODY, …)",
  401: "Kunci API atau kredensial tidak valid",
  403: "Akun belum aktif atau dinonaktifkan, atau peran tidak diizinkan (APPLICANTS_ONLY, STAFF_ONLY, NOT_YOUR_STAGE)",
  404: "Tidak ditemukan, atau bukan milik Anda (NOT_FOUND)",
  409: "Bertentangan dengan keadaan data (EMAIL_TAKEN, ACCOUNT_HAS_SUBMITTED, DELETION_REQUEST_PENDING, DELETION_REQUEST_DECIDED, APPLICATION_EXISTS, APPLICATION_SUBMITTED, NOT_REUPLOAD, STAGE_NOT_OPEN, …)",
  413: "Isi permintaan terlalu besar (PAYLOAD_TOO_LARGE: JSON melebihi batas alamatnya, params.limit_kb; FILE_TOO_LARGE, UPLOAD_TOO_LARGE), atau batas ruang penyimpanan terlampaui (UPLOAD_QUOTA_EXCEEDED)",
  429: "Terlalu banyak percobaan atau unggahan (RATE_LIMITED, dengan header Retry-After)",
} as const;
const errorContent = { "application/json": { schema: ErrorSchema } };

/** OpenAPI response entries for the failures a route can give. */
export function errorResponses<S extends keyof typeof ERROR_DESCRIPTIONS>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((s): [S, { description: string; content: typeof errorContent }] => [s, { description: ERROR_DESCRIPTIONS[s], content: errorContent }]),
  ) as Record<S, { description: string; content: typeof errorContent }>;
}
