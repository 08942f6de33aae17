import { z } from "zod";
import { COUNTRY_CODES } from "../countries";
import { STAFF_ROLES } from "../roles";
import { rules, validationMessage as m } from "../validation";
import { STAGES } from "../workflow";

// The Super Admin and Admin forms (issue 6): one schema per form, used by the portal's action, by
// useForm in the browser, and by the /api/v1/admin endpoints for the same payload.

export const ADMIN_LABELS = {
  full_name: "Nama Lengkap",
  email: "Alamat Surel",
  role_id: "Peran",
  position_id: "Jabatan",
  phone: "Nomor Telepon",
  reason: "Alasan",
  name: "Nama",
  country: "Negara",
} as const;

const L = ADMIN_LABELS;

export const PAGE_SIZE = 25;
export const REASON_MAX = 500;
export const SLA_DAYS = { min: 1, max: 365 } as const;

/** A whole number from a form (string) or JSON (number), within [min, max]; empty means not given. */
export function wholeNumber(field: string, range: { min: number; max: number }) {
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

/** /user-list filters (GET query), also GET /admin/users. */
export const USER_STATUSES = ["active", "inactive"] as const;

// --- SLA (/sla-setting, PUT /admin/sla) -------------------------------------------------------

const JALUR_NAMES = { REG: "Reguler", SPE: "Spesialis", OTH: "Lainnya" } as const;

/** The form field of a stage's days. */
export const slaField = (stageId: number) => `stage_${stageId}` as const;

/** The label a person reads for a stage: "Pemeriksaan Dokumen (Reguler)". */
export function slaLabel(stageId: number): string {
  const stage = STAGES.find((s) => s.id === stageId);
  return stage ? `${stage.name} (${JALUR_NAMES[stage.jalur]})` : `Tahap ${stageId}`;
}

/** Every stage of domain/workflow.ts, grouped by pathway in the order a file passes them. */
export const SLA_GROUPS = (["REG", "SPE", "OTH"] as const).map((jalur) => ({
  jalur,
  name: JALUR_NAMES[jalur],
  stages: STAGES.filter((s) => s.jalur === jalur).map((s) => ({ id: s.id, name: s.name, field: slaField(s.id), label: slaLabel(s.id) })),
}));

/** Days per stage, every stage required, whole numbers 1–365. */
export const slaSchema = z.object(
  Object.fromEntries(STAGES.map((s) => [slaField(s.id), wholeNumber(slaLabel(s.id), SLA_DAYS)])) as Record<`stage_${number}`, ReturnType<typeof wholeNumber>>,
);
export type SlaForm = Record<`stage_${number}`, number>;

// --- Reference lists (/specialization-list, /institution-list, /master-position) ---------------

export const REFERENCE_KINDS = ["specialization", "institution", "position"] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

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

export type ReferenceInput = { name: string; country?: string };

export const ENTRY_STATUSES = ["active", "inactive"] as const;
