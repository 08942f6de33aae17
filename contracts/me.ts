import { z } from "@hono/zod-openapi";
import { JALUR_IDS } from "#domain/documents";

// The signed-in user (GET /admin/get-me): the API validates and documents with these schemas; the
// portal's session, guards and menu are typed with the types below (types only; no zod reaches a page).

export const UserVerificationSchema = z
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

export type UserVerification = z.infer<typeof UserVerificationSchema>;
export type Me = z.infer<typeof MeSchema>;
/** The portal's name for the signed-in user: the session, guards and menu read it. */
export type AuthUser = Me;
