import { createRoute, z } from "@hono/zod-openapi";
import { ACCOUNT_LABELS, citizenSignUpSchema, emailOnlySchema, foreignSignUpSchema, resetPasswordSchema } from "#domain/forms/accounts";
import { rules } from "#domain/validation";
import { errorResponses } from "../../lib/errors";
import { ok, jsonBody } from "../../http/openapi";

// The bodies are the portal's own form schemas (domain/forms/accounts.ts), so the API answers with
// exactly the messages the form shows.

const tags = ["Akun"];

// Tokens are 43 characters; the cap only keeps junk out.
const tokenField = rules.text(ACCOUNT_LABELS.token, { max: 200 });
const EmailResult = z.object({ email: z.string().openapi({ example: "budi@contoh.id" }) }).openapi("AccountEmail");
const ActivatedResult = EmailResult.extend({
  is_foreign: z.boolean().openapi({ description: "Warga negara asing: masuk di /wna/login" }),
}).openapi("ActivatedAccount");
const SentResult = z.object({ sent: z.literal(true) }).openapi("MailRequested", { description: "Selalu sama, ada atau tidak akun dengan alamat itu" });
const EmailOnly = emailOnlySchema.openapi("EmailOnly");
const tokenErrors = {
  400: {
    description: "VALIDATION_ERROR, atau tautan TOKEN_INVALID / TOKEN_USED / TOKEN_EXPIRED",
    content: errorResponses(400)[400].content,
  },
};

// The same answer whether or not a value is registered, so it never tells who has an account.
const SIGNED_UP =
  "Selalu sama: akun baru dibuat (belum aktif) dan surel aktivasi dikirim, atau — bila alamat surel, NIK atau paspor sudah terdaftar — tidak ada akun dibuat dan pemilik akun yang ada diberi tahu lewat surel";

export const registerCitizen = createRoute({
  method: "post",
  path: "/register/citizen",
  tags,
  summary: "Pendaftaran akun Warga Negara Indonesia; surel aktivasi (24 jam) dikirim",
  request: { body: jsonBody(citizenSignUpSchema.openapi("CitizenSignUp")) },
  responses: {
    201: ok(SIGNED_UP, EmailResult),
    ...errorResponses(400, 413, 429),
  },
});

export const registerForeign = createRoute({
  method: "post",
  path: "/register/foreign",
  tags,
  summary: "Pendaftaran akun Warga Negara Asing; surel aktivasi (24 jam) dikirim",
  request: { body: jsonBody(foreignSignUpSchema.openapi("ForeignSignUp")) },
  responses: {
    201: ok(SIGNED_UP, EmailResult),
    ...errorResponses(400, 413, 429),
  },
});

export const activate = createRoute({
  method: "post",
  path: "/account/activate",
  tags,
  summary: "Aktifkan akun dengan token dari surel aktivasi (sekali pakai)",
  request: { body: jsonBody(z.object({ token: tokenField })) },
  responses: {
    200: ok("Akun aktif", ActivatedResult),
    ...tokenErrors,
    ...errorResponses(413),
  },
});

export const resendActivation = createRoute({
  method: "post",
  path: "/account/activation/resend",
  tags,
  summary: "Kirim ulang tautan aktivasi; tautan lama tidak berlaku lagi",
  request: { body: jsonBody(EmailOnly) },
  responses: {
    200: ok("Permintaan diterima", SentResult),
    ...errorResponses(400, 413, 429),
  },
});

export const forgotPassword = createRoute({
  method: "post",
  path: "/password/forgot",
  tags,
  summary: "Minta tautan pengaturan ulang kata sandi (1 jam, sekali pakai)",
  request: { body: jsonBody(EmailOnly) },
  responses: {
    200: ok("Permintaan diterima", SentResult),
    ...errorResponses(400, 413, 429),
  },
});

export const checkResetToken = createRoute({
  method: "get",
  path: "/password/reset",
  tags,
  summary: "Periksa tautan pengaturan ulang sebelum menampilkan formulir",
  request: { query: z.object({ token: tokenField }) },
  responses: {
    200: ok("Tautan dapat dipakai", z.object({ valid: z.literal(true), email: z.string() })),
    ...tokenErrors,
  },
});

export const resetPassword = createRoute({
  method: "post",
  path: "/password/reset",
  tags,
  summary: "Simpan kata sandi baru; token terpakai dan semua sesi akun diakhiri",
  request: { body: jsonBody(resetPasswordSchema.openapi("ResetPassword")) },
  responses: {
    200: ok("Kata sandi diganti", EmailResult),
    ...tokenErrors,
    ...errorResponses(413),
  },
});
