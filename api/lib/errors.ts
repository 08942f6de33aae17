import { z } from "@hono/zod-openapi";
import type { ContentfulStatusCode } from "hono/utils/http-status";

// Every failure the API answers with: a stable code for programs, an Indonesian message for people.
export const MESSAGES = {
  INVALID_API_KEY: "Kunci API tidak valid.",
  INVALID_CREDENTIALS: "E-mail atau kata sandi salah.",
  ACCOUNT_NOT_ACTIVATED: "Akun Anda belum diaktifkan. Silakan periksa e-mail aktivasi yang kami kirimkan.",
  ACCOUNT_INACTIVE: "Akun Anda sudah dinonaktifkan. Silakan hubungi admin.",
  INVALID_TOKEN: "Sesi tidak valid atau sudah berakhir. Silakan masuk kembali.",
  INVALID_REFRESH_TOKEN: "Sesi tidak valid atau sudah berakhir. Silakan masuk kembali.",
  REFRESH_TOKEN_REUSED: "Sesi ini sudah dipakai di tempat lain dan telah diakhiri. Silakan masuk kembali.",
  WRONG_PASSWORD: "Kata sandi saat ini salah.",
  VALIDATION_ERROR: "Data yang dikirim tidak valid.",
  MALFORMED_BODY: "Isi permintaan harus berupa JSON yang benar dengan Content-Type application/json.",
  PAYLOAD_TOO_LARGE: "Isi permintaan terlalu besar.",
  NOT_FOUND: "Alamat tidak ditemukan.",
  INTERNAL_ERROR: "Terjadi kesalahan pada server. Silakan coba lagi nanti.",
} as const;

export type ErrorCode = keyof typeof MESSAGES | "RATE_LIMITED";

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string = MESSAGES[code as keyof typeof MESSAGES],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface ErrorDetail {
  path: string;
  message: string;
}

export function errorBody(code: ErrorCode, message: string, details?: ErrorDetail[]) {
  return { error: details ? { code, message, details } : { code, message } };
}

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: "VALIDATION_ERROR" }),
      message: z.string().openapi({ example: MESSAGES.VALIDATION_ERROR }),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .openapi("Error");

const ERROR_DESCRIPTIONS = {
  400: "Data tidak valid (VALIDATION_ERROR, MALFORMED_BODY, …)",
  401: "Kunci API atau kredensial tidak valid",
  403: "Akun belum aktif atau dinonaktifkan",
  413: "Isi permintaan terlalu besar",
  429: "Terlalu banyak percobaan (RATE_LIMITED, dengan header Retry-After)",
} as const;
const errorContent = { "application/json": { schema: ErrorSchema } };

/** OpenAPI response entries for the failures a route can give. */
export function errorResponses<S extends keyof typeof ERROR_DESCRIPTIONS>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((s): [S, { description: string; content: typeof errorContent }] => [
      s,
      { description: ERROR_DESCRIPTIONS[s], content: errorContent },
    ]),
  ) as Record<S, { description: string; content: typeof errorContent }>;
}
