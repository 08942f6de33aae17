import { randomUUID } from "node:crypto";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DocumentErrorSummary, DocumentUploadForm, MissingDocuments } from "~/routes/applicant/__applicant";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { documentPostResponse, postDocuments, requireDraft, requirements } from "~/routes/applicant/__applicant.server";
import { requireUser } from "~/utils/guards.server";
import { STREAMS_UPLOAD } from "~/utils/uploads";
import { APPLICANT_ROLES } from "#domain/roles";
import { titled } from "~/utils/page-title";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: APPLICANT_ROLES });
  const application = await requireDraft(context);
  return {
    application,
    requirements: await requirements(context, application.jalur_id),
    // One key per rendered form: a double click or a re-post of this page submits once (contract).
    idempotencyKey: randomUUID(),
  };
}

/** The multipart body streams to the API (server/request-body.ts). */
export const handle = titled("adaptationForm", STREAMS_UPLOAD);

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: APPLICANT_ROLES });
  const application = await requireDraft(context);
  return documentPostResponse(await postDocuments(request, context, application, "adaptation"));
}

/** /submission-form/adaptation-form: one upload field per requirement of the pathway (DESIGN §4.5). */
export default function AdaptationForm() {
  const { t } = useTranslation("applicant");
  const { application, requirements, idempotencyKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.errors;
  const current = new Map(application.documents.map((d) => [d.requirement_id, d]));
  return (
    <>
      <h1>{t("documents.title")}</h1>
      <p>{t("documents.lead", { jalur: t(`jalur.${application.jalur_id}`) })}</p>
      <DocumentErrorSummary errors={errors} requirements={requirements} />
      <MissingDocuments requirements={requirements} current={current} />
      <section className={ui.card}>
        <DocumentUploadForm form="adaptation" errors={errors} items={requirements.map((requirement) => ({ requirement }))} current={current} action="?intent=upload" button={t("documents.upload")}>
          {/* Save and submit post no file: every document is stored by its own form above. */}
          <Form method="post" reloadDocument className={ui.row}>
            <button type="submit" className={ui.secondaryButton} formAction="?intent=save">
              {t("documents.saveDraft")}
            </button>
            <button type="submit" className={ui.button} formAction={`?intent=submit&key=${idempotencyKey}`}>
              {t("documents.submit")}
            </button>
          </Form>
        </DocumentUploadForm>
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
