// The required documents of each pathway (spec §5, §9). The API seeds its
// document_requirements table from this list; the portal reads it for upload forms. The requirements are
// fixed spec texts (no route edits them): their names and help texts live in locales/<lng>/documents.json,
// a namespace only server code reads (the API answers the Indonesian words; the portal words them by id
// through ./document-words.ts, which the browser never imports).
import words from "#locales/id/documents.json";

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

/** The two forms a document is sent with: the adaptation form (a draft), the reupload form (files asked back). */
export const DOCUMENT_FORMS = ["adaptation", "reupload"] as const;
export type DocumentForm = (typeof DOCUMENT_FORMS)[number];

export const MB = 1024 * 1024;

export const MIN_WORK_EXPERIENCE_YEARS: Readonly<Record<"REG" | "SPE", number>> = { REG: 3, SPE: 5 };

const IMAGE_PDF = {
  allowed_extnames: "jpg,jpeg,png,pdf",
  allowed_mimetypes: "image/jpg,image/jpeg,image/png,application/pdf",
} as const;

const CV = {
  allowed_extnames: "doc,docx,pdf",
  allowed_mimetypes: "application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/pdf",
} as const;

export type Kind = "image_pdf" | "cv" | "merged";

function requirement(jalur_id: JalurId, id: number, order_num: number, kind: Kind): DocumentRequirement {
  const { name, help_text } = requirementWords(id, kind, words);
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

/** The words of a requirement in a language's documents.json: its name by id, its help text by kind. */
export type RequirementWords = { names: Readonly<Record<string, string>>; helpTexts: Readonly<Record<Kind, string>> };

export function requirementWords(id: number, kind: Kind, words: RequirementWords): { name: string; help_text: string } {
  return { name: words.names[String(id)]!, help_text: words.helpTexts[kind] };
}

/** The kind of a requirement's files (what its help text says). */
export function requirementKind(r: Pick<DocumentRequirement, "merged" | "allowed_extnames">): Kind {
  return r.merged ? "merged" : r.allowed_extnames === CV.allowed_extnames ? "cv" : "image_pdf";
}

/** The locale key of a requirement's name (an API detail's label: "… harus diunggah"). */
export const requirementKey = (id: number): string => `documents:names.${id}`;

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
  return DOCUMENT_REQUIREMENTS.filter((r) => r.jalur_id === jalur && r.is_active).sort((a, b) => a.order_num - b.order_num);
}
