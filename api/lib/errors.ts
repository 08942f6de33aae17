import { z } from "@hono/zod-openapi";
import type { ContentfulStatusCode } from "hono/utils/http-status";

// Every failure the API answers with: a stable code for programs, an Indonesian message for people.
export const MESSAGES = {
  INVALID_API_KEY: "Kunci API tidak valid.",
  INVALID_CREDENTIALS: "Surel atau kata sandi salah.",
  ACCOUNT_NOT_ACTIVATED:
    "Akun Anda belum diaktifkan. Silakan periksa surel aktivasi yang kami kirimkan, atau kirim ulang tautan aktivasi.",
  ACCOUNT_INACTIVE: "Akun Anda sudah dinonaktifkan. Silakan hubungi admin.",
  INVALID_TOKEN: "Sesi tidak valid atau sudah berakhir. Silakan masuk kembali.",
  INVALID_REFRESH_TOKEN: "Sesi tidak valid atau sudah berakhir. Silakan masuk kembali.",
  REFRESH_TOKEN_REUSED: "Sesi ini sudah dipakai di tempat lain dan telah diakhiri. Silakan masuk kembali.",
  WRONG_PASSWORD: "Kata sandi saat ini salah.",
  // Only for admins creating accounts: a sign-up never says whether an address is registered.
  EMAIL_TAKEN: "Alamat surel sudah terdaftar.",
  TOKEN_INVALID: "Tautan tidak valid. Periksa kembali tautan pada surel Anda, atau minta tautan baru.",
  TOKEN_USED: "Tautan ini sudah pernah digunakan. Silakan masuk, atau minta tautan baru bila diperlukan.",
  TOKEN_EXPIRED: "Tautan ini sudah kedaluwarsa atau digantikan tautan yang lebih baru. Silakan minta tautan baru.",
  VALIDATION_ERROR: "Data yang dikirim tidak valid.",
  MALFORMED_BODY: "Isi permintaan harus berupa JSON yang benar dengan Content-Type application/json.",
  PAYLOAD_TOO_LARGE: "Isi permintaan terlalu besar.",
  NOT_FOUND: "Alamat tidak ditemukan.",
  APPLICANTS_ONLY: "Hanya pemohon yang dapat membuat permohonan.",
  APPLICATION_EXISTS: "Anda sudah memiliki permohonan yang sedang berjalan.",
  APPLICATION_SUBMITTED: "Permohonan sudah diajukan dan tidak dapat diubah lagi.",
  NOT_REUPLOAD: "Permohonan tidak sedang dalam status Perbaikan Berkas.",
  DOCUMENTS_MISSING: "Masih ada dokumen persyaratan yang belum diunggah.",
  PROFILE_INCOMPLETE: "Lengkapi data pribadi Anda sebelum mengajukan permohonan.",
  MALFORMED_MULTIPART: "Permintaan unggah tidak valid.",
  FIELD_NAME_REFUSED: "Isian formulir tidak dapat dibaca: nama isian atau jumlah isiannya tidak wajar. Kirim ulang formulir dari halamannya.",
  UNEXPECTED_FILE: "Berkas dikirim pada isian yang tidak dikenal.",
  TOO_MANY_FILES: "Terlalu banyak berkas dalam satu unggahan.",
  FILE_TOO_LARGE:
    "Unggahan dihentikan karena ada berkas yang melebihi batas ukuran. Berkas lain dalam kiriman ini belum tersimpan; pilih berkas yang lebih kecil lalu kirim lagi.",
  UPLOAD_TOO_LARGE: "Ukuran seluruh unggahan melebihi batas. Kirim dokumen dalam beberapa kali unggah.",
  // The answer names the limit (api/services/uploads/quota.ts); params: scope, limit_mb.
  UPLOAD_QUOTA_EXCEEDED: "Berkas tidak disimpan karena batas ruang penyimpanan akan terlampaui. Dokumen yang sudah tersimpan tetap ada.",
  // Resumable uploads (api/services/uploads/tus.ts); params of UPLOADS_IN_FLIGHT: limit_count, limit_mb.
  UPLOADS_IN_FLIGHT:
    "Terlalu banyak unggahan yang belum selesai pada akun ini. Tunggu hingga unggahan lain selesai atau batalkan salah satunya, lalu coba lagi.",
  UPLOAD_LENGTH_REQUIRED: "Ukuran berkas harus disebutkan saat unggahan dimulai.",
  UPLOAD_METADATA_INVALID: "Data unggahan tidak lengkap: permohonan, dokumen atau nama berkas tidak dikenal.",
  DOCUMENT_REFUSED: "Berkas tidak disimpan karena tidak lolos pemeriksaan.",
  NOT_SPE: "Portofolio dan capaian kinerja hanya diisi untuk jalur Spesialis.",
  ADDITIONAL_NOT_ALLOWED: "Dokumen tambahan hanya dapat diminta oleh peninjau tahap yang sedang berjalan pada permohonan jalur Spesialis.",
  ADDITIONAL_CLOSED: "Permohonan tidak sedang ditinjau; dokumen tambahan tidak dapat diunggah.",
  // Review workflow
  STAFF_ONLY: "Halaman ini hanya untuk peninjau dan admin.",
  NOT_YOUR_STAGE: "Peran Anda tidak dapat memutuskan tahap ini.",
  STAGE_NOT_OPEN:
    "Permohonan ini sudah diputuskan pada tahap ini atau belum sampai di tahap ini. Muat ulang halaman untuk melihat keadaan terbaru.",
  // Administration
  ADMIN_ROLE_REQUIRED: "Peran Anda tidak diizinkan melakukan tindakan ini.",
  NAME_TAKEN: "Nama tersebut sudah ada dalam daftar.",
  ENTRY_IN_USE: "Data ini masih digunakan sehingga tidak dapat dihapus. Nonaktifkan saja agar tidak muncul lagi sebagai pilihan.",
  USER_ALREADY_INACTIVE: "Akun ini sudah nonaktif.",
  USER_ALREADY_ACTIVE: "Akun ini sudah aktif.",
  USER_INACTIVE: "Akun ini nonaktif. Aktifkan kembali sebelum mengirim surel atur ulang kata sandi.",
  CANNOT_CHANGE_SELF: "Anda tidak dapat menonaktifkan akun Anda sendiri atau mengubah peran Anda sendiri.",
  // Facility admins (/admin-fasyankes-list)
  VERIFICATION_NOT_PENDING:
    "Pengajuan data Fasyankes ini sudah diputuskan, belum dikirim, atau telah diganti pengajuan baru. Muat ulang halaman untuk melihat keadaan terbaru.",
  // The facility admin's own data (/personal-data, role 8)
  VERIFICATION_PENDING: "Data Fasyankes Anda sedang menunggu verifikasi oleh Admin dan tidak dapat diubah sampai diputuskan.",
  ALREADY_VERIFIED: "Fasyankes Anda sudah terverifikasi; datanya tidak perlu dikirim ulang untuk verifikasi.",
  // A facility admin registers professionals (/register-competency-evaluation, role 8)
  FACILITY_ONLY: "Hanya admin Fasyankes yang dapat mendaftarkan tenaga kesehatan.",
  FACILITY_NOT_VERIFIED:
    "Fasyankes Anda belum terverifikasi. Kirim Data Personal dan tunggu verifikasi Admin sebelum mendaftarkan tenaga kesehatan.",
  // One answer whether the address is another person's or has an application still open.
  PROFESSIONAL_EMAIL_TAKEN:
    "Alamat surel ini tidak dapat dipakai untuk pendaftaran baru. Jika tenaga kesehatan ini sudah Anda daftarkan, lanjutkan pendaftarannya di menu Status Pengajuan; jika belum, minta ia mengajukan permohonan sendiri atau gunakan alamat surel lain.",
  PROFESSIONAL_IDENTITY_TAKEN:
    "Nomor identitas ini sudah terdaftar pada akun dengan alamat surel lain. Periksa kembali nomor identitas dan alamat surel tenaga kesehatan.",
  // Deleting one's own account (/profile): only before any application was submitted.
  ACCOUNT_HAS_SUBMITTED:
    "Akun dengan permohonan yang sudah diajukan tidak dapat dihapus sendiri: berkasnya disimpan sesuai masa retensi instansi. Hubungi Super Admin untuk permintaan penghapusan.",
  INTERNAL_ERROR: "Terjadi kesalahan pada server. Silakan coba lagi nanti.",
  DATABASE_UNAVAILABLE: "Layanan sedang tidak dapat dihubungi. Silakan coba beberapa saat lagi.",
  // A read of someone's data is served only with its access-log row (docs/decisions/026-access-log.md).
  ACCESS_LOG_UNAVAILABLE:
    "Data ini tidak dapat ditampilkan sekarang karena setiap akses harus dicatat dan pencatatan sedang bermasalah. Silakan coba beberapa saat lagi.",
} as const;

export type ErrorCode = keyof typeof MESSAGES | "RATE_LIMITED";

/** What a client needs to word an answer itself, in its own language (the limit a quota names, a wait). */
export type ErrorParams = Record<string, string | number>;

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string = MESSAGES[code as keyof typeof MESSAGES],
    readonly headers: Record<string, string> = {},
    readonly details?: ErrorDetail[],
    readonly params?: ErrorParams,
  ) {
    super(message);
  }
}

/** 429 with Retry-After; the same answer for every throttled action. */
export function rateLimited(retryAfterSec: number): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfterSec / 60));
  return new ApiError(429, "RATE_LIMITED", `Terlalu banyak percobaan. Coba lagi dalam ${minutes} menit.`, {
    "Retry-After": String(retryAfterSec),
  });
}

/** 429 with Retry-After for an account past its uploads of the minute; params: retry_after_sec. */
export function uploadsRateLimited(retryAfterSec: number): ApiError {
  return new ApiError(
    429,
    "RATE_LIMITED",
    `Terlalu banyak unggahan dalam satu menit. Dokumen yang sudah tersimpan tetap ada; coba lagi dalam ${retryAfterSec} detik.`,
    { "Retry-After": String(retryAfterSec) },
    undefined,
    { retry_after_sec: retryAfterSec },
  );
}

export interface ErrorDetail {
  path: string;
  message: string;
}

export function errorBody(code: ErrorCode, message: string, details?: ErrorDetail[], params?: ErrorParams) {
  return { error: { code, message, ...(details ? { details } : {}), ...(params ? { params } : {}) } };
}

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: "VALIDATION_ERROR" }),
      message: z.string().openapi({ example: MESSAGES.VALIDATION_ERROR }),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional().openapi({ example: { scope: "application", limit_mb: 60 } }),
    }),
  })
  .openapi("Error");

const ERROR_DESCRIPTIONS = {
  400: "Data tidak valid (VALIDATION_ERROR, MALFORMED_BODY, …)",
  401: "Kunci API atau kredensial tidak valid",
  403: "Akun belum aktif atau dinonaktifkan, atau peran tidak diizinkan (APPLICANTS_ONLY, STAFF_ONLY, NOT_YOUR_STAGE)",
  404: "Tidak ditemukan, atau bukan milik Anda (NOT_FOUND)",
  409: "Bertentangan dengan keadaan data (EMAIL_TAKEN, ACCOUNT_HAS_SUBMITTED, APPLICATION_EXISTS, APPLICATION_SUBMITTED, NOT_REUPLOAD, STAGE_NOT_OPEN, …)",
  413: "Isi permintaan terlalu besar (FILE_TOO_LARGE, UPLOAD_TOO_LARGE), atau batas ruang penyimpanan terlampaui (UPLOAD_QUOTA_EXCEEDED)",
  429: "Terlalu banyak percobaan atau unggahan (RATE_LIMITED, dengan header Retry-After)",
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
