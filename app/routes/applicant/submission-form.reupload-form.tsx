import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DocumentsPanel } from "~/features/documents/DocumentForm";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { requireReupload, reuploadNote } from "~/routes/applicant/__applicant.server";
import { documentAction, requirements } from "~/features/documents/documents.server";
import { documentPageHandle } from "~/features/documents/page";
import { reuploadCheck, reuploadItems } from "~/features/documents/check.server";
import { ReuploadCheck } from "~/features/documents/ReuploadCheck";
import { INTENT_CHECK, INTENT_CONFIRM, INTENT_UPLOAD } from "~/utils/submission-intents";
import { ReviewerNote } from "~/routes/applicant/__ReviewerNote";
import { roleOf } from "#domain/auth-user";
import { FACILITY_REUPLOADS, requireApplicantOrVerifiedFacility } from "~/features/registrations/registrations.server";
import { ROLE } from "#domain/roles";

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
  const all = await requirements(context, application.jalur_id);
  // KIRIM PERBAIKAN stored the files and leads here: the same page, showing what goes back before it is sent.
  const check = new URL(request.url).searchParams.get("intent") === INTENT_CHECK ? reuploadCheck(application, all) : null;
  return { application, items: reuploadItems(application, all), note: reuploadNote(application), check };
}

const FORM = "/submission-form/reupload-form";

export const handle = documentPageHandle("reupload");

export async function action({ request, context }: ActionFunctionArgs) {
  return documentAction(request, context, await requireOwnReupload(request, context), "reupload");
}

/** /submission-form/reupload-form: only the documents the reviewer flagged, each with its reason (DESIGN §4.7); with ?intent=check, "Periksa kembali". */
export default function ReuploadForm() {
  const { t } = useTranslation("applicant");
  const { application, items, note, check } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // A refused KIRIM PERBAIKAN (nothing uploaded again) answers at the check's address: the form with its errors.
  if (check && !result) return <ReuploadCheck items={check.items} formHref={FORM} confirmAction={`${FORM}?intent=${INTENT_CONFIRM}`} />;
  const errors = result?.errors;
  return (
    <>
      <h1>{t("reupload.title")}</h1>
      <p>{t("reupload.lead")}</p>
      <ReviewerNote note={note} />
      <DocumentsPanel
        application={application}
        form="reupload"
        errors={errors}
        items={items}
        empty={<p>{t("reupload.notRequested")}</p>}
        action={`?intent=${INTENT_UPLOAD}`}
        button={t("documents.upload")}
        send={{ check: { action: `?intent=${INTENT_CHECK}`, label: t("reupload.submit") } }}
      />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
