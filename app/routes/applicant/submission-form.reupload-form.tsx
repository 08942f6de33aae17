import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { DocumentRequirement } from "#domain/documents";
import { DocumentErrorSummary, DocumentUploadForm, MissingDocuments } from "~/routes/applicant/__applicant";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { documentPostResponse, postDocuments, requireReupload, requirements, reuploadNote } from "~/routes/applicant/__applicant.server";
import { ReviewerNote } from "~/routes/applicant/__ReviewerNote";
import { roleOf } from "#domain/auth-user";
import { FACILITY_REUPLOADS, requireApplicantOrVerifiedFacility } from "~/routes/facility/__registration.server";
import { STREAMS_UPLOAD } from "~/utils/uploads";
import { ROLE } from "#domain/roles";
import { titled } from "~/utils/page-title";

/**
 * The applicant's own reupload. A facility admin (role 8) has one per registration the reviewers sent
 * back: they are listed, each with its "Perbaiki berkas", on Status Pengajuan.
 */
async function requireOwnReupload(request: Request, context: LoaderFunctionArgs["context"]) {
  const me = await requireApplicantOrVerifiedFacility(request, context);
  if (roleOf(me) === ROLE.ADMIN_FASYANKES) throw redirect(FACILITY_REUPLOADS);
  return requireReupload(context);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const application = await requireOwnReupload(request, context);
  const flagged = new Map(application.reupload.map((f) => [f.requirement_id, f.reason]));
  const all = await requirements(context, application.jalur_id);
  const items: Array<{ requirement: DocumentRequirement; reason: string }> = all.filter((r) => flagged.has(r.id)).map((r) => ({ requirement: r, reason: flagged.get(r.id)! }));
  return { application, items, note: reuploadNote(application) };
}

/** The multipart body streams to the API (server/request-body.ts). */
export const handle = titled("reupload", STREAMS_UPLOAD);

export async function action({ request, context }: ActionFunctionArgs) {
  const application = await requireOwnReupload(request, context);
  return documentPostResponse(await postDocuments(request, context, application, "reupload"));
}

/** /submission-form/reupload-form: only the documents the reviewer flagged, each with its reason (DESIGN §4.7). */
export default function ReuploadForm() {
  const { t } = useTranslation("applicant");
  const { application, items, note } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.errors;
  const current = new Map(application.documents.map((d) => [d.requirement_id, d]));
  return (
    <>
      <h1>{t("reupload.title")}</h1>
      <p>{t("reupload.lead")}</p>
      <ReviewerNote note={note} />
      <DocumentErrorSummary errors={errors} requirements={items.map((i) => i.requirement)} />
      {items.length > 0 ? <MissingDocuments requirements={items.map((i) => i.requirement)} current={new Map()} /> : null}
      <section className={ui.card}>
        {items.length === 0 ? (
          <p>{t("reupload.notRequested")}</p>
        ) : (
          <DocumentUploadForm form="reupload" errors={errors} items={items} current={current} action="?intent=upload" button={t("reupload.submit")} />
        )}
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
