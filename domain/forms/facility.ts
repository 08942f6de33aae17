import { z } from "zod";
import { FACILITY_TYPES } from "../facility";
import { confirmed, CODES, labelsIn, rulesFor, type FormTexts } from "../validation";
import { accountSchemas } from "./accounts";
import { wholeNumber } from "./admin";
import { FACILITY_LABELS } from "./facility.labels";

export * from "./facility.labels";

// The facility admin's own forms (role 8, DESIGN §4): sign-up at /sign-up/fasyankes and the facility
// data sent for verification from /personal-data. One schema per form, shared by the portal's action
// and the API for the same payload; the browser gets ./facility.labels.ts and the generated constraints.
// The portal builds them with its request's words (`facilitySchemas(formTexts(t))`); the exports
// below carry codes (../validation-codes.ts) the API and the form registry use.

/** Each field's label: its key in the locale files (the account's own fields under accounts). */
const LABEL_KEYS = {
  facility_name: "facility:fields.facility_name",
  facility_type: "facility:fields.facility_type",
  address: "facility:fields.address",
  licence_number: "facility:fields.licence_number",
  contact_phone: "facility:fields.contact_phone",
  contact_email: "facility:fields.contact_email",
  full_name: "accounts:fields.full_name",
  email: "accounts:fields.email",
  phone: "accounts:fields.phone",
  password: "accounts:fields.password",
  password_confirmation: "accounts:fields.password_confirmation",
  consent: "accounts:fields.consent",
  admin_nik: "facility:fields.admin_nik",
  admin_phone: "facility:fields.admin_phone",
  position_id: "facility:fields.position_id",
} as const satisfies Record<keyof typeof FACILITY_LABELS, string>;

/** The facility forms' schemas, saying their messages and labels in the language of `texts`. */
export function facilitySchemas(texts: FormTexts = CODES) {
  const rules = rulesFor(texts);
  const m = texts.message;
  const L = labelsIn(texts, LABEL_KEYS, FACILITY_LABELS);
  const { person, matchPasswords } = accountSchemas(texts);

  /** Optional e-mail: empty means none; otherwise a real address, lower-cased. */
  const optionalEmail = z
    .string()
    .trim()
    .max(254, m("max", { length: 254 }))
    .refine((v) => v === "" || z.email().safeParse(v).success, m("email"))
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined));

  /** The facility itself, as the sign-up and the verification form ask for it. */
  const facilityFields = {
    facility_name: rules.text(L.facility_name, { min: 3, max: 200 }),
    facility_type: rules.oneOf(L.facility_type, FACILITY_TYPES),
    // A textarea where the Admin creates the facility: lines are kept.
    address: rules.text(L.address, { min: 10, max: 500, multiline: true }),
    licence_number: rules.text(L.licence_number, { min: 3, max: 100 }),
    contact_phone: rules.phone(L.contact_phone, { min: 9, max: 15 }),
    contact_email: optionalEmail,
  };

  return {
    facilityFields,

    /** /sign-up/fasyankes and POST /register/facility: the facility and its admin's account (the same account fields as /sign-up). */
    facilitySignUp: confirmed(
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
      texts,
    ),

    /** /personal-data (role 8) and PUT /me/facility: the facility and the admin's own data, sent for verification. */
    facilityData: z.object({
      ...facilityFields,
      admin_nik: rules.digits(L.admin_nik, 16),
      admin_phone: rules.phone(L.admin_phone, { min: 9, max: 15 }),
      position_id: wholeNumber(L.position_id, { min: 1, max: 2_147_483_647 }, texts),
    }),
  };
}

const CODED = facilitySchemas(CODES);

/** The facility itself, as the sign-up and the verification form ask for it. */
export const facilityFields = CODED.facilityFields;
export const facilitySignUpSchema = CODED.facilitySignUp;
export type FacilitySignUp = z.infer<typeof facilitySignUpSchema>;
export const facilityDataSchema = CODED.facilityData;
export type FacilityData = z.infer<typeof facilityDataSchema>;
