import { z } from "@hono/zod-openapi";

// The public reference lists the applicant's forms choose from (GET /countries, /institutions,
// /specializations, /achievement-types): the API validates and documents with these schemas; the
// forms are typed with the types below (types only; no zod reaches a page).

export const CountrySchema = z
  .object({
    code: z.string().openapi({ description: "ISO 3166-1 alpha-2", example: "MY" }),
    name: z.string().openapi({ example: "Malaysia" }),
  })
  .openapi("Country");

export const InstitutionsQuerySchema = z.object({
  q: z.string().max(100).optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "Kode negara harus 2 huruf")
    .optional(),
});

export const InstitutionSchema = z.object({ id: z.number().int(), name: z.string(), country: z.string() }).openapi("Institution");
export const SpecializationSchema = z.object({ id: z.number().int(), name: z.string() }).openapi("Specialization");
export const AchievementTypeSchema = z.object({ code: z.string(), name: z.string() }).openapi("AchievementType");

export type Country = z.infer<typeof CountrySchema>;
export type Institution = z.infer<typeof InstitutionSchema>;
export type Specialization = z.infer<typeof SpecializationSchema>;
export type AchievementType = z.infer<typeof AchievementTypeSchema>;
