import { randomInt } from "node:crypto";

// Valid sign-up bodies with fresh identities (e-mail, NIK, passport) on every call.

let seq = 0;
const next = () => `${Date.now() % 1e6}${String((seq += 1)).padStart(4, "0")}${randomInt(10)}`;

export const SIGN_UP_PASSWORD = "Rahasia123";

/** POST /register/citizen */
export function citizenSignUp(overrides: Record<string, unknown> = {}) {
  const id = next();
  return {
    full_name: "Budi Santoso",
    nik: `3171${id.padStart(12, "0").slice(-12)}`,
    email: `budi.${id}@contoh.id`,
    phone: "081234567890",
    password: SIGN_UP_PASSWORD,
    password_confirmation: SIGN_UP_PASSWORD,
    consent: "on",
    ...overrides,
  };
}

/** POST /register/foreign */
export function foreignSignUp(overrides: Record<string, unknown> = {}) {
  const id = next();
  return {
    full_name: "Maria Santos",
    foreign_id: `P${id.slice(-10)}`,
    nationality: "PH",
    is_kek: "ya",
    jalur_id: "SPE",
    email: `maria.${id}@example.ph`,
    phone: "639171234567",
    password: SIGN_UP_PASSWORD,
    password_confirmation: SIGN_UP_PASSWORD,
    consent: "on",
    ...overrides,
  };
}
