import { z } from "@hono/zod-openapi";
import { PERSONAL_DATA_CHOICES, PERSONAL_DATA_FIELDS, type PersonalDataFieldSpec } from "#domain/personal-data-fields";

// The applicant's personal data as the API answers it (GET/PUT /me/profile, and inside the review
// detail): the API validates and documents with this schema; the portal's pages use its type.
// One key per field of domain/personal-data-fields.ts (null until given), then the account's e-mail,
// the photo and whether a submission has all it needs.

type ChoiceList = keyof typeof PERSONAL_DATA_CHOICES;
/** A field's value as the API shows it: a choice list's values, a number for ids and years, else text. */
type Answer<R> = R extends { kind: "oneOf"; of: infer L extends ChoiceList }
  ? z.ZodNullable<z.ZodEnum<{ [V in (typeof PERSONAL_DATA_CHOICES)[L][number]]: V }>>
  : R extends { kind: "id" | "year" }
    ? z.ZodNullable<z.ZodNumber>
    : z.ZodNullable<z.ZodString>;

function answer(f: PersonalDataFieldSpec): z.ZodType {
  const r = f.rule;
  if (r.kind === "oneOf" && r.of !== "countries") return z.enum(PERSONAL_DATA_CHOICES[r.of]).nullable();
  if (r.kind === "id" || r.kind === "year") return z.number().int().nullable();
  if (r.kind === "date") return z.string().nullable().openapi({ example: "1990-03-12" });
  return z.string().nullable();
}

const fields = Object.fromEntries(PERSONAL_DATA_FIELDS.map((f) => [f.name, answer(f)])) as {
  [F in PersonalDataFieldSpec as F["name"]]: Answer<F["rule"]>;
};

export const ProfileSchema = z
  .object({
    ...fields,
    email: z.string().openapi({ description: "Dari akun; tidak dapat diubah di sini" }),
    photo_file_id: z.string().uuid().nullable(),
    complete: z.boolean(),
  })
  .openapi("Profile");
export type Profile = z.infer<typeof ProfileSchema>;
