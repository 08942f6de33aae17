import { z } from "zod";
import { COUNTRY_CODES } from "../countries";
import { PATHWAYS } from "../constants";
import { confirmed, rules, validationMessage } from "../validation";
import { ACCOUNT_LABELS, LOGIN_LABELS, PASSWORD_CHANGE_LABELS } from "./accounts.labels";

export * from "./accounts.labels";

// The account forms (issue 3): one schema per form, used by the portal's action and by the API for the
// same payload; the browser gets their labels (./accounts.labels.ts) and constraints
// (./constraints.generated.ts), never zod.

const L = ACCOUNT_LABELS;
const PASSWORD_SHAPE = /^(?=.*[A-Za-z])(?=.*\d)/;

/** A new password, wherever one is chosen: 8–128 characters with at least a letter and a digit. */
export const newPasswordRule = (field: string) => rules.password(field).regex(PASSWORD_SHAPE, validationMessage("regex"));
export const newPassword = newPasswordRule(L.password);

/** The account holder's fields every sign-up form shares (citizen, foreign national, facility admin). */
export const person = {
  full_name: rules.text(L.full_name, { min: 3, max: 150 }),
  email: rules.email(L.email),
  phone: rules.numeric(L.phone, { min: 9, max: 15 }),
  password: newPassword,
  password_confirmation: z.string({ error: () => validationMessage("required", { field: L.password_confirmation }) }),
  consent: rules.accepted(L.consent),
};

export const matchPasswords = { field: L.password_confirmation, target: L.password };

/** Sign-up of an Indonesian citizen (/sign-up). */
export const citizenSignUpSchema = confirmed(
  z.object({ ...person, nik: rules.digits(L.nik, 16) }),
  "password",
  "password_confirmation",
  matchPasswords,
);
export type CitizenSignUp = z.infer<typeof citizenSignUpSchema>;

/** The registerWna draft of spec §3, first step (/wna/sign-up/welcome): isKek and the pathway preference. */
export const wnaWelcomeSchema = z.object({
  is_kek: rules.oneOf(L.is_kek, ["ya", "tidak"]),
  jalur_id: rules.oneOf(L.jalur_id, PATHWAYS.CODES),
});

/** Sign-up of a foreign national (/wna/sign-up). */
export const foreignSignUpSchema = confirmed(
  z.object({
    ...person,
    foreign_id: rules
      .text(L.foreign_id, { min: 5, max: 20 })
      .regex(/^[A-Za-z0-9]+$/, validationMessage("alpha_num", { field: L.foreign_id }))
      .transform((v) => v.toUpperCase()),
    nationality: rules.oneOf(L.nationality, COUNTRY_CODES),
    is_kek: rules.oneOf(L.is_kek, ["ya", "tidak"]),
    jalur_id: rules.oneOf(L.jalur_id, PATHWAYS.CODES),
  }),
  "password",
  "password_confirmation",
  matchPasswords,
);
export type ForeignSignUp = z.infer<typeof foreignSignUpSchema>;

/** Resend the activation link, or ask for a password-recovery link: an e-mail only. */
export const emailOnlySchema = z.object({ email: rules.email(L.email) });

/** The new password from the recovery mail (/forgot-password?token=…). */
export const resetPasswordSchema = confirmed(
  z.object({
    token: rules.text(L.token, { max: 200 }),
    password: newPassword,
    password_confirmation: z.string({ error: () => validationMessage("required", { field: L.password_confirmation }) }),
  }),
  "password",
  "password_confirmation",
  matchPasswords,
);

// Login checks presence and shape only; the password rules apply where a password is chosen.
export const loginSchema = z.object({
  email: rules.email(LOGIN_LABELS.email),
  password: z
    .string({ error: () => validationMessage("required", { field: LOGIN_LABELS.password }) })
    .min(1, validationMessage("required", { field: LOGIN_LABELS.password }))
    .max(128, validationMessage("max", { length: 128 })),
  redirectTo: z.string().optional(),
});

/** /profile: every user's own password change. */
export const passwordChangeSchema = confirmed(
  z.object({
    current_password: z
      .string({ error: () => validationMessage("required", { field: PASSWORD_CHANGE_LABELS.current_password }) })
      .max(128, validationMessage("max", { length: 128 })),
    new_password: newPasswordRule(PASSWORD_CHANGE_LABELS.new_password),
    new_password_confirmation: z.string({ error: () => validationMessage("required", { field: PASSWORD_CHANGE_LABELS.new_password_confirmation }) }),
  }),
  "new_password",
  "new_password_confirmation",
  { field: PASSWORD_CHANGE_LABELS.new_password_confirmation, target: PASSWORD_CHANGE_LABELS.new_password },
);
