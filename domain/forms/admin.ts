import { z } from "zod";
import { COUNTRY_CODES } from "../countries";
import { STAFF_ROLES } from "../roles";
import { INDONESIAN, rules, validationMessage as m, type FormTexts } from "../validation";
import { STAGES } from "../workflow";
import { ADMIN_LABELS, REASON_MAX, SLA_DAYS, slaField, slaLabel } from "./admin.labels";

export * from "./admin.labels";

// The Super Admin and Admin forms: one schema per form, used by the portal's action and by
// the /api/v1/admin endpoints for the same payload (the browser: ./admin.labels.ts).

const L = ADMIN_LABELS;

/** A whole number from a form (string) or JSON (number), within [min, max]; empty means not given. */
export function wholeNumber(field: string, range: { min: number; max: number }, texts: FormTexts = INDONESIAN) {
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

/** One of the staff roles (1, 2, 4, 5, 6, 7), from a form or JSON. */
const staffRole = z.preprocess(
  (v) => (v === "" || v === null ? undefined : typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: (issue) => (issue.input === undefined ? m("required", { field: L.role_id }) : m("oneOf", { field: L.role_id })) })
    .refine((r) => STAFF_ROLES.includes(r), m("oneOf", { field: L.role_id })),
);

const positionId = wholeNumber(L.position_id, { min: 1, max: 2_147_483_647 });

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
  position_id: positionId,
};

/** /user-list/new and POST /admin/users: a staff account; it gets a mail to set its password. */
export const staffCreateSchema = z.object({
  ...staffFields,
  email: rules.email(L.email),
  phone: optionalPhone,
});
export type StaffCreate = z.infer<typeof staffCreateSchema>;

/** /user-list/:id and PUT /admin/users/:id: name, role and position (the e-mail identifies the login). */
export const staffUpdateSchema = z.object(staffFields);
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;

/** Deactivating or reactivating an account always says why. */
export const reasonSchema = z.object({ reason: rules.text(L.reason, { min: 5, max: REASON_MAX }) });

// --- SLA (/sla-setting, PUT /admin/sla) -------------------------------------------------------

/** Days per stage, every stage required, whole numbers 1–365. */
export const slaSchema = z.object(
  Object.fromEntries(STAGES.map((s) => [slaField(s.id), wholeNumber(slaLabel(s.id), SLA_DAYS)])) as Record<`stage_${number}`, ReturnType<typeof wholeNumber>>,
);
export type SlaForm = Record<`stage_${number}`, number>;

// --- Reference lists (/specialization-list, /institution-list, /master-position) ---------------

const entryName = (max: number) => rules.text(L.name, { min: 3, max }).transform((v) => v.replace(/\s+/g, " "));

export const specializationSchema = z.object({ name: entryName(150) });
export const institutionSchema = z.object({
  name: entryName(200),
  country: rules.oneOf(L.country, COUNTRY_CODES),
});
export const positionSchema = z.object({ name: entryName(100) });

export const REFERENCE_SCHEMAS = {
  specialization: specializationSchema,
  institution: institutionSchema,
  position: positionSchema,
} as const;
