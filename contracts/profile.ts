import { z } from "@hono/zod-openapi";
import { GENDERS, IDENTITY_TYPES, PROFESSIONS } from "#domain/forms/profile";

// The applicant's personal data as the API answers it (GET/PUT /me/profile, and inside the review
// detail): the API validates and documents with this schema; the portal's pages use its type.

export const ProfileSchema = z
  .object({
    full_name: z.string().nullable(),
    identity_type: z.enum(IDENTITY_TYPES).nullable(),
    identity_number: z.string().nullable(),
    nationality: z.string().nullable(),
    birth_place: z.string().nullable(),
    birth_date: z.string().nullable().openapi({ example: "1990-03-12" }),
    gender: z.enum(GENDERS).nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().openapi({ description: "Dari akun; tidak dapat diubah di sini" }),
    profession: z.enum(PROFESSIONS).nullable(),
    institution_id: z.number().int().nullable(),
    graduation_country: z.string().nullable(),
    graduation_year: z.number().int().nullable(),
    specialization_id: z.number().int().nullable(),
    photo_file_id: z.string().uuid().nullable(),
    complete: z.boolean(),
  })
  .openapi("Profile");
export type Profile = z.infer<typeof ProfileSchema>;
