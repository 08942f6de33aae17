import { createRoute, z } from "@hono/zod-openapi";
import { JALUR_IDS } from "#domain/documents";
import { errorResponses } from "../../lib/errors";
import { newPasswordRule } from "#domain/forms/accounts";
import { jsonObject, requiredText } from "../../lib/validation";
import { requireUser } from "../../middleware/auth";

const tags = ["Pengguna"];
const security = [{ ApiKey: [], Bearer: [] }];

const UserVerificationSchema = z
  .object({
    id: z.number().int(),
    is_approved: z.boolean(),
    is_rejected: z.boolean(),
    reason: z.string().nullable(),
    created_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("UserVerification");

export const MeSchema = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    name: z.string(),
    role: z.number().int(),
    userVerification: z.array(UserVerificationSchema).openapi({ description: "Terbaru lebih dahulu" }),
    user: z.object({
      id: z.string().uuid(),
      email: z.string(),
      role_id: z.number().int(),
      full_name: z.string(),
      is_hospital_verified: z.boolean(),
      is_fasyankes: z.boolean(),
      is_foreign: z.boolean(),
      is_active: z.boolean(),
      nik: z.string().nullable().openapi({ description: "Warga Negara Indonesia" }),
      phone: z.string().nullable(),
      foreign_id: z.string().nullable().openapi({ description: "Warga Negara Asing: nomor paspor / identitas asing" }),
      nationality: z.string().nullable().openapi({ description: "Warga Negara Asing: kode negara ISO 3166-1 alpha-2" }),
      is_kek: z.boolean().nullable().openapi({ description: "Warga Negara Asing: bekerja di Kawasan Ekonomi Khusus" }),
      preferred_jalur: z.enum(JALUR_IDS).nullable().openapi({ description: "Warga Negara Asing: jalur pilihan saat mendaftar" }),
    }),
  })
  .openapi("Me");

export const getMe = createRoute({
  method: "get",
  path: "/admin/get-me",
  tags,
  summary: "Pengguna yang sedang masuk",
  security,
  middleware: [requireUser] as const,
  responses: {
    200: { description: "Data pengguna", content: { "application/json": { schema: z.object({ data: MeSchema }) } } },
    ...errorResponses(401),
  },
});

export const changePassword = createRoute({
  method: "post",
  path: "/me/password",
  tags,
  summary: "Ganti kata sandi; semua sesi lain diakhiri",
  security,
  middleware: [requireUser] as const,
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: jsonObject({
            current_password: requiredText("Kata sandi saat ini", 1024),
            new_password: newPasswordRule("Kata Sandi Baru"),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: "Kata sandi diganti",
      content: { "application/json": { schema: z.object({ data: z.object({ ok: z.literal(true) }) }) } },
    },
    ...errorResponses(400, 401, 413),
  },
});
