import { z } from "zod";
import { COUNTRY_CODES } from "../countries";
import { COMMITTEE_NAME_MAX, STAFF_ROLES } from "../roles";
import { CODES, labelsIn, rulesFor, type FormTexts } from "../validation";
import { STAGES } from "../workflow";
import { ADMIN_LABELS, REASON_MAX, SLA_DAYS, slaField, slaLabel } from "./admin.labels";

export * from "./admin.labels";

// The Super Admin and Admin forms: one schema per form, used by the portal's action and by
// the /api/v1/admin endpoints for the same payload (the browser: ./admin.labels.ts). The portal
// builds them with its request's words (`adminSchemas(formTexts(t))`); the exports named …Schema are
// the ones carrying codes (../validation-codes.ts) the API and the form registry use.

/** Each field's label: its key in the locale files (its Indonesian text: ./admin.labels.ts). */
const LABEL_KEYS = Object.fromEntries(Object.keys(ADMIN_LABELS).map((name) => [name, `admin:fields.${name}`])) as Record<keyof typeof ADMIN_LABELS, string>;

/** A whole number from a form (string) or JSON (number), within [min, max]; empty means not given. */
export function wholeNumber(field: string, range: { min: number; max: number }, texts: FormTexts = CODES) {
  const m = texts.message;
  return z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? m("required", { field }) : m("integer", { field })) })
      .int(m("integer", { field }))
      .min(range.min, m("between", { field, min: range.min, max: range.max }))
      .max(range.max, m("between", { field, min: range.min, max: range.max })),
  );
}

/** The Super Admin's and Admin's forms, saying their messages and labels in the language of `texts`. */
export function adminSchemas(texts: FormTexts = CODES) {
  const rules = rulesFor(texts);
  const m = texts.message;
  const L = labelsIn(texts, LABEL_KEYS, ADMIN_LABELS);

  /** One of the staff roles (1, 2, 4, 5, 6, 7), from a form or JSON. */
  const staffRole = z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? m("required", { field: L.role_id }) : m("oneOf", { field: L.role_id })) })
      .refine((r) => STAFF_ROLES.includes(r), m("oneOf", { field: L.role_id })),
  );

  const optionalPhone = z
    .string()
    .trim()
    .max(15, m("max", { length: 15 }))
    .refine((v) => v === "" || /^\d+$/.test(v), m("numeric"))
    .refine((v) => v === "" || v.length >= 9, m("min", { length: 9 }))
    .optional()
    .transform((v) => v || undefined);

  const staffFields = {
    full_name: rules.text(L.full_name, { min: 3, max: 150 }),
    role_id: staffRole,
    position_id: wholeNumber(L.position_id, { min: 1, max: 2_147_483_647 }, texts),
  };

  const entryName = (max: number) => rules.text(L.name, { min: 3, max }).transform((v) => v.replace(/\s+/g, " "));

  return {
    /** /user-list/new and POST /admin/users: a staff account; it gets a mail to set its password. */
    staffCreate: z.object({ ...staffFields, email: rules.email(L.email), phone: optionalPhone }),
    /** /user-list/:id and PUT /admin/users/:id: name, role and position (the e-mail identifies the login). */
    staffUpdate: z.object(staffFields),
    /** Deactivating or reactivating an account always says why. */
    reason: z.object({ reason: rules.text(L.reason, { min: 5, max: REASON_MAX, multiline: true }) }),
    /** /sla-setting and PUT /admin/sla: days per stage, every stage required, whole numbers 1–365. */
    sla: z.object(
      Object.fromEntries(STAGES.map((s) => [slaField(s.id), wholeNumber(slaLabel(s.id), SLA_DAYS, texts)])) as Record<
        `stage_${number}`,
        ReturnType<typeof wholeNumber>
      >,
    ),
    /** /sla-setting and PUT /admin/committee-name: the committee's name after role 1's label (spec §6). */
    committee: z.object({ committee_name: rules.text(L.committee_name, { min: 3, max: COMMITTEE_NAME_MAX }).transform((v) => v.replace(/\s+/g, " ")) }),
    /** The reference lists (/specialization-list, /institution-list, /master-position). */
    reference: {
      specialization: z.object({ name: entryName(150) }),
      institution: z.object({ name: entryName(200), country: rules.oneOf(L.country, COUNTRY_CODES) }),
      position: z.object({ name: entryName(100) }),
    },
  };
}

const CODED = adminSchemas(CODES);

export const staffCreateSchema = CODED.staffCreate;
export type StaffCreate = z.infer<typeof staffCreateSchema>;
export const staffUpdateSchema = CODED.staffUpdate;
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;
export const reasonSchema = CODED.reason;
export const slaSchema = CODED.sla;
export type SlaForm = Record<`stage_${number}`, number>;
export const committeeSchema = CODED.committee;
export type CommitteeForm = z.infer<typeof committeeSchema>;
export const specializationSchema = CODED.reference.specialization;
export const institutionSchema = CODED.reference.institution;
export const positionSchema = CODED.reference.position;
export const REFERENCE_SCHEMAS = CODED.reference;
