import { randomUUID } from "node:crypto";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DocumentsPanel } from "~/features/documents/DocumentForm";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { currentApplication, requireDraft } from "~/routes/applicant/__applicant.server";
import { documentAction, requirements } from "~/features/documents/documents.server";
import { documentPageHandle } from "~/features/documents/page";
import { INTENT_CHECK, INTENT_CONFIRM, INTENT_UPLOAD } from "~/utils/submission-intents";
import { applicantCheck } from "~/routes/applicant/__submission-check.server";
import { ApplicantCheck } from "~/routes/applicant/__ApplicantCheck";
import { requireUser } from "~/utils/guards.server";
import { APPLICANT_ROLES } from "#domain/roles";

const FORM = "/submission-form/adaptation-form";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: APPLICANT_ROLES });
  const application = await requireDraft(context);
  const needed = await requirements(context, application.jalur_id);
  // One key per rendered check: a double click or a re-post of its Yes submits once (contract).
  const idempotencyKey = randomUUID();
  // KIRIM PERMOHONAN saved the files and leads here: the same page, showing the draft back before the send.
  if (new URL(request.url).searchParams.get("intent") === INTENT_CHECK) {
    return { application, requirements: needed, idempotencyKey, check: await applicantCheck(context, application, needed) };
  }
  return { application, requirements: needed, idempotencyKey, check: null };
}

export const handle = documentPageHandle("adaptationForm");

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: APPLICANT_ROLES });
  // A second Yes after the send (a double click, a re-post): it was sent once; say so.
  if (new URL(request.url).searchParams.get("intent") === INTENT_CONFIRM && (await currentApplication(context))?.status === "IN-PROGRESS")
    return redirect("/submission-form/success");
  return documentAction(request, context, await requireDraft(context), "adaptation");
}

/** /submission-form/adaptation-form: one upload field per requirement of the pathway (DESIGN §4.5); with ?intent=check, "Periksa kembali". */
export default function AdaptationForm() {
  const { t } = useTranslation("applicant");
  const { application, requirements, idempotencyKey, check } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // A refused KIRIM PERMOHONAN answers at the check's address: the form with its errors, not the check.
  if (check && !result) {
    return (
      <ApplicantCheck check={check} jalur={application.jalur_id} formHref={FORM} confirmAction={`${FORM}?intent=${INTENT_CONFIRM}&key=${idempotencyKey}`} />
    );
  }
  const errors = result?.errors;
  return (
    <>
      <h1>{t("documents.title")}</h1>
      <p>{t("documents.lead", { jalur: t(`jalur.${application.jalur_id}`) })}</p>
      <DocumentsPanel
        application={application}
        form="adaptation"
        errors={errors}
        items={requirements.map((requirement) => ({ requirement }))}
        action={`?intent=${INTENT_UPLOAD}`}
        button={t("documents.upload")}
        send={{
          save: { action: "?intent=save", label: t("documents.saveDraft") },
          check: { action: `?intent=${INTENT_CHECK}`, label: t("documents.submit") },
        }}
      />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
