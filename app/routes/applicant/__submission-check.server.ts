import type { AppLoadContext } from "@remix-run/node";
import type { Specialization } from "#contracts/reference";
import type { DocumentRequirement } from "#contracts/document-requirements";
import { PERSONAL_DATA_FIELDS } from "#domain/personal-data-fields";
import { orUnavailable } from "~/utils/api.server";
import { applicantShown } from "~/utils/applicant-shown.server";
import { myProfile, type CurrentApplication } from "~/routes/applicant/__applicant.server";
import { documentsCheck, type SubmissionCheck } from "~/features/documents/check.server";

// The applicant's "Periksa kembali": the documents' check (app/features/documents/check.server.ts) with the
// personal data as the reviewers will read it.

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
