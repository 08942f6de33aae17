import { z } from "zod";
import { COUNTRY_CODES } from "../countries";
import { PATHWAYS } from "../constants";
import { confirmed, CODES, labelsIn, rulesFor, type FormTexts } from "../validation";
import { ACCOUNT_LABELS, PASSWORD_CHANGE_LABELS } from "./accounts.labels";

export * from "./accounts.labels";

// The account forms: one schema per form, used by the portal's action and by the API for the
// same payload; the browser gets their labels (./accounts.labels.ts) and constraints
// (./live/<form>.generated.ts), never zod. The portal builds them with its request's words
// (`accountSchemas(formTexts(t))`); the exports below carry codes (../validation-codes.ts) the API and the form
// registry use.

const PASSWORD_SHAPE = /^(?=.*[A-Za-z])(?=.*\d)/;

/** Each field's label: its key in the locale files and its Indonesian text. */
const LABEL_KEYS = {
  full_name: "accounts:fields.full_name",
  nik: "accounts:fields.nik",
  email: "accounts:fields.email",
  phone: "accounts:fields.phone",
  password: "accounts:fields.password",
  password_confirmation: "accounts:fields.password_confirmation",
  consent: "accounts:fields.consent",
  foreign_id: "accounts:fields.foreign_id",
  nationality: "accounts:fields.nationality",
  is_kek: "accounts:fields.is_kek",
  jalur_id: "accounts:fields.jalur_id",
  token: "accounts:fields.token",
} as const satisfies Record<keyof typeof ACCOUNT_LABELS, string>;

const PASSWORD_CHANGE_KEYS = {
  current_password: "common:profile.currentPassword",
  new_password: "common:profile.newPassword",
  new_password_confirmation: "common:profile.confirmPassword",
} as const satisfies Record<keyof typeof PASSWORD_CHANGE_LABELS, string>;

/** The account forms' schemas, saying their messages and labels in the language of `texts`. */
export function accountSchemas(texts: FormTexts = CODES) {
  const rules = rulesFor(texts);
  const m = texts.message;
  const L = labelsIn(texts, LABEL_KEYS, ACCOUNT_LABELS);
  const P = labelsIn(texts, PASSWORD_CHANGE_KEYS, PASSWORD_CHANGE_LABELS);

  /** A new password, wherever one is chosen: 8–128 characters with at least a letter and a digit. */
  const newPasswordRule = (field: string) => rules.password(field).regex(PASSWORD_SHAPE, m("regex"));
  const newPassword = newPasswordRule(L.password);

  /** The account holder's fields every sign-up form shares (citizen, foreign national, facility admin). */
  const person = {
    full_name: rules.text(L.full_name, { min: 3, max: 150 }),
    email: rules.email(L.email),
    phone: rules.phone(L.phone, { min: 9, max: 15 }),
    password: newPassword,
    password_confirmation: z.string({ error: () => m("required", { field: L.password_confirmation }) }),
    consent: rules.accepted(L.consent),
  };

  const matchPasswords = { field: L.password_confirmation, target: L.password };

  return {
    newPasswordRule,
    newPassword,
    person,
    matchPasswords,

    /** Sign-up of an Indonesian citizen (/sign-up). */
    citizenSignUp: confirmed(z.object({ ...person, nik: rules.digits(L.nik, 16) }), "password", "password_confirmation", matchPasswords, texts),

    /** The registerWna draft of spec §3, first step (/wna/sign-up/welcome): isKek and the pathway preference. */
    wnaWelcome: z.object({
      is_kek: rules.oneOf(L.is_kek, ["ya", "tidak"]),
      jalur_id: rules.oneOf(L.jalur_id, PATHWAYS.CODES),
    }),

    /** Sign-up of a foreign national (/wna/sign-up). */
    foreignSignUp: confirmed(
      z.object({
        ...person,
        foreign_id: rules
          .text(L.foreign_id, { min: 5, max: 20 })
          .regex(/^[A-Za-z0-9]+$/, m("alpha_num", { field: L.foreign_id }))
          .transform((v) => v.toUpperCase()),
        nationality: rules.oneOf(L.nationality, COUNTRY_CODES),
        is_kek: rules.oneOf(L.is_kek, ["ya", "tidak"]),
        jalur_id: rules.oneOf(L.jalur_id, PATHWAYS.CODES),
      }),
      "password",
      "password_confirmation",
      matchPasswords,
      texts,
    ),

    /** Resend the activation link, or ask for a password-recovery link: an e-mail only. */
    emailOnly: z.object({ email: rules.email(L.email) }),

    /** The new password from the recovery mail (/forgot-password?token=…). */
    resetPassword: confirmed(
      z.object({
        token: rules.text(L.token, { max: 200 }),
        password: newPassword,
        password_confirmation: z.string({ error: () => m("required", { field: L.password_confirmation }) }),
      }),
      "password",
      "password_confirmation",
      matchPasswords,
      texts,
    ),

    // Login checks presence and shape only; the password rules apply where a password is chosen. Its
    // labels are the account's own (LOGIN_LABELS).
    login: z.object({
      email: rules.email(L.email),
      password: z
        .string({ error: () => m("required", { field: L.password }) })
        .min(1, m("required", { field: L.password }))
        .max(128, m("max", { length: 128 })),
      redirectTo: z.string().optional(),
    }),

    /** /profile: every user's own password change. */
    passwordChange: confirmed(
      z.object({
        current_password: z.string({ error: () => m("required", { field: P.current_password }) }).max(128, m("max", { length: 128 })),
        new_password: newPasswordRule(P.new_password),
        new_password_confirmation: z.string({ error: () => m("required", { field: P.new_password_confirmation }) }),
      }),
      "new_password",
      "new_password_confirmation",
      { field: P.new_password_confirmation, target: P.new_password },
      texts,
    ),
  };
}

const CODED = accountSchemas(CODES);

/** A new password, wherever one is chosen: 8–128 characters with at least a letter and a digit. */
export const newPasswordRule = CODED.newPasswordRule;
export const newPassword = CODED.newPassword;
/** The account holder's fields every sign-up form shares (citizen, foreign national, facility admin). */
export const person = CODED.person;
export const matchPasswords = CODED.matchPasswords;

export const citizenSignUpSchema = CODED.citizenSignUp;
export type CitizenSignUp = z.infer<typeof citizenSignUpSchema>;
export const wnaWelcomeSchema = CODED.wnaWelcome;
export const foreignSignUpSchema = CODED.foreignSignUp;
export type ForeignSignUp = z.infer<typeof foreignSignUpSchema>;
export const emailOnlySchema = CODED.emailOnly;
export const resetPasswordSchema = CODED.resetPassword;
export const loginSchema = CODED.login;
export const passwordChangeSchema = CODED.passwordChange;
