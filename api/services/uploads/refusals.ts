import { detail, type ValidationDetail } from "#domain/validation-details";
import type { MessageParams } from "#domain/validation-messages";
import type { documentRequirements } from "../../db/schema";
import { allowedTypes, type DetectedType, type Rejection } from "./file-type";

// Why an uploaded file is refused, as a detail code and its parameters: the same refusals for every
// intake (a document's multipart field, a resumable upload, a photo or a guidebook).

type Requirement = typeof documentRequirements.$inferSelect;

/** Why a file is refused: a detail code (a spec §5 rule or errors.json `details`) and its parameters. */
export interface Refusal {
  code: string;
  params?: MessageParams;
}

/** The refusal as a detail of a field (`doc_<id>`, `file`, `photo`), worded in Indonesian. */
export const refusalDetail = (path: string, r: Refusal): ValidationDetail => detail(path, r.code, r.params);

/** "jpg,jpeg,png,pdf" → the list's words ("JPG, JPEG, PNG atau PDF"): all but the last, and the last. */
function fileTypes(extnames: string): Refusal {
  const exts = extnames
    .split(",")
    .map((e) => e.trim().toUpperCase())
    .filter(Boolean);
  return exts.length > 1
    ? { code: "file_type", params: { types: exts.slice(0, -1).join(", "), last: exts.at(-1)! } }
    : { code: "file_type", params: { kind: "one", last: exts[0] ?? "" } };
}

export const uploadRefusals = {
  /** Spec §5 `size` rule, in kilobytes (2MB → 2048, 5MB → 5120). */
  tooLarge: (r: Pick<Requirement, "maxSize">): Refusal => ({ code: "size", params: { size: r.maxSize * 1024 } }),
  wrongType: (r: Pick<Requirement, "allowedExtnames">): Refusal => fileTypes(r.allowedExtnames),
  empty: { code: "file_empty" } as Refusal,
  zipBomb: { code: "file_docx_invalid" } as Refusal,
  pdfActive: { code: "file_pdf_active" } as Refusal,
  oneFile: { code: "file_one_only" } as Refusal,
  /** The merged PDF is the document's one file: the same `size` rule. */
  mergedTooLarge: (r: Pick<Requirement, "maxSize">): Refusal => ({ code: "size", params: { size: r.maxSize * 1024 } }),
};

/** Why a file of this detected type is refused for a field taking `allowedExtnames`, or null when it is taken. */
export function typeRefusal(type: DetectedType | Rejection, allowedExtnames: string): Refusal | null {
  const allowed = allowedTypes(allowedExtnames);
  // A broken DOCX or an active PDF is named as such only where that kind is allowed at all.
  if (type === "zip-bomb" && allowed.has("docx")) return uploadRefusals.zipBomb;
  if (type === "pdf-active" && allowed.has("pdf")) return uploadRefusals.pdfActive;
  return (allowed as Set<string>).has(type) ? null : uploadRefusals.wrongType({ allowedExtnames });
}
