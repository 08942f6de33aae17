import { z } from "@hono/zod-openapi";

// The decision letters (api/services/letters/): their list, what a public verification answers, the keys.

export const LetterSchema = z
  .object({
    number: z.string().openapi({ example: "SKHA/2026/7K3QX9MZ" }),
    application_id: z.string(),
    registration_number: z.string(),
    issued_at: z.string(),
    revoked_at: z.string().nullable(),
    revoke_reason: z.string().nullable(),
  })
  .openapi("Letter");

export const LettersSchema = z.object({ data: z.array(LetterSchema) });

export const VerificationSchema = z
  .object({
    state: z.enum(["VALID", "REVOKED", "UNKNOWN"]),
    /** null when UNKNOWN: nothing else is said */
    letter: z
      .object({
        name: z.string(),
        profession: z.string().nullable(),
        jalur_id: z.enum(["REG", "SPE", "OTH"]),
        outcome: z.enum(["PASSED", "FAILED"]),
        decided_at: z.string().openapi({ example: "2026-11-20" }),
        revoked_at: z.string().nullable(),
      })
      .nullable(),
  })
  .openapi("LetterVerification");

export const JwksSchema = z
  .object({
    keys: z.array(
      z.object({ kty: z.literal("OKP"), crv: z.literal("Ed25519"), x: z.string(), kid: z.string(), alg: z.literal("EdDSA"), use: z.literal("sig") }),
    ),
  })
  .openapi("LetterKeys");

export type Letter = z.infer<typeof LetterSchema>;
export type Verification = z.infer<typeof VerificationSchema>;
