import { z } from "zod";
import { FACILITY_TYPES } from "../facility";
import { confirmed, rules, validationMessage as m } from "../validation";
import { matchPasswords, person } from "./accounts";
import { wholeNumber } from "./admin";
import { FACILITY_LABELS } from "./facility.labels";

export * from "./facility.labels";

// The facility admin's own forms (role 8, DESIGN §4): sign-up at /sign-up/fasyankes and the facility
// data sent for verification from /personal-data. One schema per form, shared by the portal's action
// and the API for the same payload; the browser gets ./facility.labels.ts and the generated constraints.

const L = FACILITY_LABELS;

/** Optional e-mail: empty means none; otherwise a real address, lower-cased. */
const optionalEmail = z
  .string()
  .trim()
  .max(254, m("max", { length: 254 }))
  .refine((v) => v === "" || z.email().safeParse(v).success, m("email"))
  .optional()
  .transform((v) => (v ? v.toLowerCase() : undefined));

/** The facility itself, as the sign-up and the verification form ask for it. */
export const facilityFields = {
  facility_name: rules.text(L.facility_name, { min: 3, max: 200 }),
  facility_type: rules.oneOf(L.facility_type, FACILITY_TYPES),
  address: rules.text(L.address, { min: 10, max: 500 }),
  licence_number: rules.text(L.licence_number, { min: 3, max: 100 }),
  contact_phone: rules.numeric(L.contact_phone, { min: 9, max: 15 }),
  contact_email: optionalEmail,
};

/** /sign-up/fasyankes and POST /register/facility: the facility and its admin's account (the same account fields as /sign-up). */
export const facilitySignUpSchema = confirmed(
  z.object({
    ...facilityFields,
    full_name: person.full_name,
    email: person.email,
    phone: person.phone,
    password: person.password,
    password_confirmation: person.password_confirmation,
    consent: person.consent,
  }),
  "password",
  "password_confirmation",
  matchPasswords,
);
export type FacilitySignUp = z.infer<typeof facilitySignUpSchema>;

/** /personal-data (role 8) and PUT /me/facility: the facility and the admin's own data, sent for verification. */
export const facilityDataSchema = z.object({
  ...facilityFields,
  admin_nik: rules.digits(L.admin_nik, 16),
  admin_phone: rules.numeric(L.admin_phone, { min: 9, max: 15 }),
  position_id: wholeNumber(L.position_id, { min: 1, max: 2_147_483_647 }),
});
export type FacilityData = z.infer<typeof facilityDataSchema>;
