import type { DocumentRequirement } from "#contracts/document-requirements";
import type { PersonalDataFieldName } from "#domain/personal-data-fields";
import type { ShownAnswer } from "~/utils/applicant-shown.server";
import type { Application } from "~/features/documents/documents.server";

// "Periksa kembali" before a draft or a reupload is sent (DESIGN §9): the documents the reviewers will receive,
// read from the API as they are stored now, and what is still missing. The page offers the send only when nothing is.
// The applicant's own check adds the personal data (app/routes/applicant/__submission-check.server.ts).

export interface CheckedDocument {
  requirement_id: number;
  order_num: number;
  name: string;
  file_id: string;
  original_name: string;
  size: number;
  version: number;
}

export interface SubmissionCheck {
  /** The applicant's personal data as the reviewers will read it; null where the page does not show it (a facility's draft). */
  personal: ShownAnswer[] | null;
  /** Personal-data fields a submission needs and the profile lacks. */
  personalMissing: PersonalDataFieldName[];
  documents: CheckedDocument[];
  /** Active requirements of the pathway without a document, in order. */
  missingDocuments: Array<{ requirement_id: number; order_num: number; name: string }>;
  ready: boolean;
}

/** Every active requirement of the pathway, in order: its stored document, or missing. */
export function documentsCheck(
  application: Pick<Application, "documents">,
  requirements: DocumentRequirement[],
): Pick<SubmissionCheck, "documents" | "missingDocuments"> {
  const stored = new Map(application.documents.map((d) => [d.requirement_id, d]));
  const documents: CheckedDocument[] = [];
  const missingDocuments: SubmissionCheck["missingDocuments"] = [];
  for (const r of requirements) {
    const d = stored.get(r.id);
    if (d)
      documents.push({
        requirement_id: r.id,
        order_num: r.order_num,
        name: r.name,
        file_id: d.file_id,
        original_name: d.original_name,
        size: d.size,
        version: d.version,
      });
    else missingDocuments.push({ requirement_id: r.id, order_num: r.order_num, name: r.name });
  }
  return { documents, missingDocuments };
}

export interface ReuploadCheckItem {
  requirement_id: number;
  order_num: number;
  name: string;
  reason: string;
  /** The version uploaded since the reviewer asked; null while it is not uploaded again. */
  document: CheckedDocument | null;
}

/** A reupload's check: each flagged document, in order, with the reviewer's reason and its new version. */
export function reuploadCheck(
  application: Pick<Application, "documents" | "reupload">,
  requirements: DocumentRequirement[],
): { items: ReuploadCheckItem[]; ready: boolean } {
  const flagged = new Map(application.reupload.map((f) => [f.requirement_id, f]));
  const { documents } = documentsCheck(application, requirements);
  const stored = new Map(documents.map((d) => [d.requirement_id, d]));
  const items = requirements
    .filter((r) => flagged.has(r.id))
    .map((r) => ({
      requirement_id: r.id,
      order_num: r.order_num,
      name: r.name,
      reason: flagged.get(r.id)!.reason,
      document: flagged.get(r.id)!.fixed ? (stored.get(r.id) ?? null) : null,
    }));
  return { items, ready: items.length > 0 && items.every((i) => i.document) };
}

/** The documents a reviewer flagged, in the requirements' order, each with the reviewer's reason: the reupload form's fields. */
export function reuploadItems(
  application: Pick<Application, "reupload">,
  requirements: DocumentRequirement[],
): Array<{ requirement: DocumentRequirement; reason: string }> {
  const flagged = new Map(application.reupload.map((f) => [f.requirement_id, f.reason]));
  return requirements.filter((r) => flagged.has(r.id)).map((r) => ({ requirement: r, reason: flagged.get(r.id)! }));
}
