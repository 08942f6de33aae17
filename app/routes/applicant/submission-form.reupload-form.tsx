import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { DocumentRequirement } from "#domain/documents";
import { DocumentErrorSummary, DocumentUploadForm, MissingDocuments } from "~/features/documents/DocumentForm";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { requireReupload, reuploadNote } from "~/routes/applicant/__applicant.server";
import { documentPostResponse, postDocuments, requirements, sendChecked } from "~/features/documents/documents.server";
import { reuploadCheck } from "~/features/documents/check.server";
import { ReuploadCheck } from "~/features/documents/ReuploadCheck";
import { INTENT_CHECK, INTENT_CONFIRM, INTENT_UPLOAD } from "~/utils/submission-intents";
import { ReviewerNote } from "~/routes/applicant/__ReviewerNote";
import { roleOf } from "#domain/auth-user";
import { FACILITY_REUPLOADS, requireApplicantOrVerifiedFacility } from "~/features/registrations/registrations.server";
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
  const items: Array<{ requirement: DocumentRequirement; reason: string }> = all
    .filter((r) => flagged.has(r.id))
    .map((r) => ({ requirement: r, reason: flagged.get(r.id)! }));
  // KIRIM PERBAIKAN stored the files and leads here: the same page, showing what goes back before it is sent.
  const check = new URL(request.url).searchParams.get("intent") === INTENT_CHECK ? reuploadCheck(application, all) : null;
  return { application, items, note: reuploadNote(application), check };
}

const FORM = "/submission-form/reupload-form";

/** The multipart body streams to the API (server/request-body.ts). */
export const handle = titled((data?: { check: unknown }, refused?: boolean) => (data?.check && !refused ? "submissionCheck" : "reupload"), STREAMS_UPLOAD);

export async function action({ request, context }: ActionFunctionArgs) {
  const application = await requireOwnReupload(request, context);
  // Only the check page's Yes sends the file back; KIRIM PERBAIKAN stores the files and shows the check.
  if (new URL(request.url).searchParams.get("intent") === INTENT_CONFIRM)
    return documentPostResponse(await sendChecked(request, context, application, "reupload"));
  return documentPostResponse(await postDocuments(request, context, application, "reupload"));
}

/** /submission-form/reupload-form: only the documents the reviewer flagged, each with its reason (DESIGN §4.7); with ?intent=check, "Periksa kembali". */
export default function ReuploadForm() {
  const { t } = useTranslation("applicant");
  const { application, items, note, check } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // A refused KIRIM PERBAIKAN (nothing uploaded again) answers at the check's address: the form with its errors.
  if (check && !result) return <ReuploadCheck items={check.items} formHref={FORM} confirmAction={`${FORM}?intent=${INTENT_CONFIRM}`} />;
  const errors = result?.errors;
  const current = new Map(application.documents.map((d) => [d.requirement_id, d]));
  // A flagged document counts as there once a version came after the reviewer's request.
  const fixed = new Map(
    application.reupload.flatMap((r) => (r.fixed && current.has(r.requirement_id) ? [[r.requirement_id, current.get(r.requirement_id)!] as const] : [])),
  );
  return (
    <>
      <h1>{t("reupload.title")}</h1>
      <p>{t("reupload.lead")}</p>
      <ReviewerNote note={note} />
      <DocumentErrorSummary errors={errors} requirements={items.map((i) => i.requirement)} />
      {items.length > 0 ? <MissingDocuments requirements={items.map((i) => i.requirement)} current={fixed} /> : null}
      <section className={ui.card}>
        {items.length === 0 ? (
          <p>{t("reupload.notRequested")}</p>
        ) : (
          <DocumentUploadForm
            applicationId={application.id}
            form="reupload"
            errors={errors}
            items={items}
            current={current}
            action={`?intent=${INTENT_UPLOAD}`}
            button={t("documents.upload")}
          >
            {/* KIRIM PERBAIKAN posts no file: every document is stored by its own form above. */}
            <Form method="post" reloadDocument className={ui.row}>
              <button type="submit" className={ui.button} formAction={`?intent=${INTENT_CHECK}`}>
                {t("reupload.submit")}
              </button>
            </Form>
          </DocumentUploadForm>
        )}
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
