// The Super Admin and Admin forms' words, limits and lists, without zod: the browser imports this module,
// the schemas live in ./admin.ts.
import { JALUR_IDS } from "../documents";
import { fields } from "#locales/id/admin.json";
import { jalur as JALUR_NAMES, stage as STAGE_WORDS, stageOfPathway } from "#locales/id/workflow.json";
import { STAGES } from "../workflow";

// The Indonesian labels the API's schemas say, read from the locale file so they are written once
// (a named import of `fields`: a bundle holding this module carries that key, not the whole file).
export const ADMIN_LABELS = {
  full_name: fields.full_name,
  email: fields.email,
  role_id: fields.role_id,
  position_id: fields.position_id,
  phone: fields.phone,
  reason: fields.reason,
  name: fields.name,
  country: fields.country,
  committee_name: fields.committee_name,
} as const;

export const PAGE_SIZE = 25;
export const REASON_MAX = 500;
export const SLA_DAYS = { min: 1, max: 365 } as const;

// --- SLA (/sla-setting, PUT /admin/sla) -------------------------------------------------------

/** The form field of a stage's days. */
export const slaField = (stageId: number) => `stage_${stageId}` as const;

/**
 * The label the API's SLA schema says for a stage, in the default language: "Pemeriksaan Dokumen (Reguler)"
 * (the locale files' workflow.stageOfPathway; the page words it with `t()`).
 */
export function slaLabel(stageId: number): string {
  const stage = STAGES.find((s) => s.id === stageId);
  return stage ? stageOfPathway.replace("{{stage}}", STAGE_WORDS[stage.key]).replace("{{jalur}}", JALUR_NAMES[stage.jalur]) : `Tahap ${stageId}`;
}

/** Every stage of domain/workflow.ts, grouped by pathway in the order a file passes them. */
export const SLA_GROUPS = JALUR_IDS.map((jalur) => ({
  jalur,
  stages: STAGES.filter((s) => s.jalur === jalur).map((s) => ({ id: s.id, key: s.key, field: slaField(s.id) })),
}));

// --- Reference lists (/specialization-list, /institution-list, /master-position) ---------------

export const REFERENCE_KINDS = ["specialization", "institution", "position"] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

export type ReferenceInput = { name: string; country?: string };

/** The status filter of the admin lists (?status=): staff accounts and reference entries alike. */
export const ENTRY_STATUSES = ["active", "inactive"] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];
