import type { AppLoadContext } from "@remix-run/node";
import type { Specialization } from "#contracts/reference";
import type { DocumentRequirement } from "#contracts/document-requirements";
import { PERSONAL_DATA_FIELDS, type PersonalDataFieldName } from "#domain/personal-data-fields";
import { orUnavailable } from "~/utils/api.server";
import { applicantShown, type ShownAnswer } from "~/routes/review/__review.server";
import { myProfile, type Application, type CurrentApplication } from "~/routes/applicant/__applicant.server";

// "Periksa kembali" before a draft is sent (DESIGN §9): what the reviewers will receive, read from the API as
// it is stored now, and what is still missing. The page offers the send only when nothing is.

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

/** The applicant's own draft: personal data (/me/profile, coded answers as names), pathway and documents. */
export async function applicantCheck(context: AppLoadContext, application: CurrentApplication, requirements: DocumentRequirement[]): Promise<SubmissionCheck> {
  const specialist = application.jalur_id === "SPE";
  const [profile, institutions, specializations] = await Promise.all([
    myProfile(context),
    context.api.call("GET", "/institutions").then(orUnavailable),
    specialist ? context.api.call("GET", "/specializations").then(orUnavailable) : { data: [] as Specialization[] },
  ]);
  const shown = applicantShown({
    ...profile,
    institution_name: institutions.data.find((i) => i.id === profile.institution_id)?.name ?? null,
    specialization_name: specializations.data.find((s) => s.id === profile.specialization_id)?.name ?? null,
  }).filter((a) => a.field !== "specialization_id" || specialist);
  // The API's rule (api/services/workflow/applicant.ts): every field required for a submission, and the specialization on SPE.
  const personalMissing = PERSONAL_DATA_FIELDS.filter(
    (f) => (!("requiredForSubmit" in f) || (specialist && f.name === "specialization_id")) && (profile[f.name] === null || profile[f.name] === ""),
  ).map((f) => f.name);
  const docs = documentsCheck(application, requirements);
  return { personal: shown, personalMissing, ...docs, ready: personalMissing.length === 0 && docs.missingDocuments.length === 0 };
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
