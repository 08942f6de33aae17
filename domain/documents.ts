// The required documents of each pathway (spec §5, §9). The API seeds its
// document_requirements table from this list; the portal reads it for upload forms. The requirements are
// fixed spec texts (no route edits them): their names and help texts live in locales/<lng>/documents.json,
// a namespace only server code reads (the API answers the Indonesian words, the portal words them by id).
import enWords from "#locales/en/documents.json";
import idWords from "#locales/id/documents.json";

export const JALUR_IDS = ["REG", "SPE", "OTH"] as const;
export type JalurId = (typeof JALUR_IDS)[number];

export interface DocumentRequirement {
  id: number;
  jalur_id: JalurId;
  name: string;
  description: string | null;
  help_text: string;
  /** in MB */
  max_size: number;
  /** comma-separated, e.g. "jpg,jpeg,png,pdf" */
  allowed_extnames: string;
  order_num: number;
  is_active: boolean;
  is_kek: boolean;
  /** comma-separated */
  allowed_mimetypes: string;
  /** several files are merged into one PDF (5 MB in total) */
  merged: boolean;
}

export const MB = 1024 * 1024;

export const MIN_WORK_EXPERIENCE_YEARS: Readonly<Record<"REG" | "SPE", number>> = { REG: 3, SPE: 5 };

const IMAGE_PDF = {
  allowed_extnames: "jpg,jpeg,png,pdf",
  allowed_mimetypes: "image/jpg,image/jpeg,image/png,application/pdf",
} as const;

const CV = {
  allowed_extnames: "doc,docx,pdf",
  allowed_mimetypes:
    "application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/pdf",
} as const;

type Kind = "image_pdf" | "cv" | "merged";

/** The kind of each requirement (its files' types, size and help text), by id. */
const KINDS = new Map<number, Kind>();

function requirement(jalur_id: JalurId, id: number, order_num: number, kind: Kind): DocumentRequirement {
  KINDS.set(id, kind);
  const { name, help_text } = requirementWords(id, kind, WORDS.id);
  const common = { id, jalur_id, name, description: null, order_num, is_active: true, is_kek: false, help_text };
  switch (kind) {
    case "cv":
      return { ...common, ...CV, max_size: 2, merged: false };
    case "merged":
      return { ...common, ...IMAGE_PDF, max_size: 5, merged: true };
    case "image_pdf":
      return { ...common, ...IMAGE_PDF, max_size: 2, merged: false };
  }
}

type Words = { names: Readonly<Record<string, string>>; helpTexts: Readonly<Record<Kind, string>> };
const WORDS: Readonly<Record<"id" | "en", Words>> = { id: idWords, en: enWords };

function requirementWords(id: number, kind: Kind, words: Words): { name: string; help_text: string } {
  return { name: words.names[String(id)]!, help_text: words.helpTexts[kind] };
}

/** The locale key of a requirement's name (an API detail's label: "… harus diunggah"). */
export const requirementKey = (id: number): string => `documents:names.${id}`;

/**
 * A requirement's name and help text in a language (spec §5's fixed texts, locales/<lng>/documents.json), or
 * undefined for a requirement the list does not hold. The API stores and answers the Indonesian words; the
 * portal's server code words a requirement it shows by its id.
 */
export function requirementText(id: number, lng: string): { name: string; help_text: string } | undefined {
  const kind = KINDS.get(id);
  return kind && requirementWords(id, kind, lng.startsWith("en") ? WORDS.en : WORDS.id);
}

// REG and SPE ask for the same documents; only the work experience differs (3 vs 5 years, in the names).
const COMPETENCY_KINDS: Kind[] = ["image_pdf", "cv", "merged", "image_pdf", "merged", "image_pdf", "image_pdf"];
const OTHER_KINDS: Kind[] = ["image_pdf", "image_pdf", "cv", "merged", "image_pdf", "image_pdf", "image_pdf", "image_pdf"];

function pathway(jalur_id: JalurId, firstId: number, kinds: Kind[]): DocumentRequirement[] {
  return kinds.map((kind, i) => requirement(jalur_id, firstId + i, i + 1, kind));
}

export const DOCUMENT_REQUIREMENTS: readonly DocumentRequirement[] = Object.freeze([
  ...pathway("REG", 1, COMPETENCY_KINDS),
  ...pathway("SPE", 11, COMPETENCY_KINDS),
  ...pathway("OTH", 21, OTHER_KINDS),
]);

/** The size limit of a requirement in bytes (2 MB = 2,097,152). */
export function maxBytes(r: Pick<DocumentRequirement, "max_size">): number {
  return r.max_size * MB;
}

/** The active requirements of one pathway, in display order. */
export function requirementsFor(jalur: JalurId): DocumentRequirement[] {
  return DOCUMENT_REQUIREMENTS.filter((r) => r.jalur_id === jalur && r.is_active).sort(
    (a, b) => a.order_num - b.order_num,
  );
}
