import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type DocumentRequirement } from "#domain/documents";
import { uploadFilePath } from "#domain/forms/registration.paths";
import type { Registration } from "~/routes/facility/__registration.server";
import { formatDate, formatDateTime } from "~/utils/format";
import { stageProgress } from "~/routes/review/__review-query";
import * as d from "~/components/details.css";
import { ApplicationDocuments, ApplicationTimeline, DocumentErrorSummary, DocumentUploadForm, useUploadProgress, type DocumentErrors } from "~/routes/applicant/__applicant";
import { StatusBadge } from "~/components/StatusBadge";
import { SlaState } from "~/routes/applicant/__SlaState";
import * as ui from "~/components/ui.css";

// The facility admin's (role 8) "Pendaftaran" and "Status Pengajuan" (DESIGN §4): The facility's upload and reupload forms (progress bar with JavaScript).
// One module per page, so each page loads only its own part.

/** The JSON route the facility's upload forms use with JavaScript (progress bar), as /submission-form/upload does for applicants. */
export const FACILITY_UPLOAD_ENDPOINT = "/register-competency-evaluation/upload";

/** …/upload-file?id=: one input per document of the pathway, save or submit (the applicant's upload pieces). */
export function FacilityUploadForm({
  registration,
  requirements,
  idempotencyKey,
  errors: postErrors,
}: {
  registration: Registration;
  requirements: DocumentRequirement[];
  idempotencyKey: string;
  errors: DocumentErrors | undefined;
}) {
  const { t } = useTranslation(["registration", "applicant"]);
  const upload = useUploadProgress("adaptation", FACILITY_UPLOAD_ENDPOINT);
  const errors = upload.errors ?? postErrors;
  const { application, professional, activity_kind } = registration;
  const current = new Map(application.documents.map((d) => [d.requirement_id, d]));
  return (
    <>
      <h1>{t("upload.title")}</h1>
      <p>
        {t("upload.lead", { name: professional.full_name, number: application.registration_number, jalur: t(`applicant:jalur.${application.jalur_id}`) })}
        {activity_kind ? ` — ${activity_kind.name}` : null}
      </p>
      <DocumentErrorSummary errors={errors} requirements={requirements} />
      <section className={ui.card}>
        <DocumentUploadForm upload={upload} errors={errors} items={requirements.map((requirement) => ({ requirement }))} current={current}>
          <div className={ui.row}>
            <button type="submit" className={ui.secondaryButton} formAction={`?id=${application.id}&intent=save`}>
              {t("upload.save")}
            </button>
            <button type="submit" className={ui.button} formAction={`?id=${application.id}&intent=submit&key=${idempotencyKey}`}>
              {t("upload.submit")}
            </button>
          </div>
        </DocumentUploadForm>
      </section>
      <p>
        <Link to="/register-competency-evaluation">{t("back")}</Link>
      </p>
    </>
  );
}

/** /application-status/application-status-detail?id= for role 8: as the applicant's, plus who and a reupload form. */
export function FacilityStatusDetail({
  registration,
  reuploadItems,
  errors: postErrors,
}: {
  registration: Registration;
  reuploadItems: Array<{ requirement: DocumentRequirement; reason: string }>;
  errors: DocumentErrors | undefined;
}) {
  const { t } = useTranslation(["registration", "applicant", "common"]);
  const { application, professional, activity_kind } = registration;
  const progress = stageProgress(application);
  const upload = useUploadProgress("reupload", FACILITY_UPLOAD_ENDPOINT);
  const errors = upload.errors ?? postErrors;
  const current = new Map(application.documents.map((d) => [d.requirement_id, d]));
  return (
    <>
      <h1>{t("detail.title")}</h1>
      <section className={ui.card} aria-labelledby="who-title">
        <h2 id="who-title">{professional.full_name}</h2>
        <dl className={d.facts}>
          <dt>{t("detail.email")}</dt>
          <dd>{professional.email}</dd>
          <dt>{t("list.number")}</dt>
          <dd className={d.number}>{application.registration_number}</dd>
          <dt>{t("list.jalur")}</dt>
          <dd>
            {t(`applicant:jalur.${application.jalur_id}`)}
            {activity_kind ? ` — ${activity_kind.name}` : null}
          </dd>
          <dt>{t("list.label")}</dt>
          <dd>
            <StatusBadge of={application} />
          </dd>
          <dt>{t("list.submittedAt")}</dt>
          <dd>{application.submitted_at ? formatDateTime(application.submitted_at) : t("list.notSubmitted")}</dd>
          <dt>{t("applicant:status.stage")}</dt>
          <dd>{progress.open?.name ?? application.tahap?.name ?? "—"}</dd>
          <dt>{t("applicant:status.holder")}</dt>
          <dd>{progress.holder ?? "—"}</dd>
          <dt>{t("applicant:status.deadline")}</dt>
          <dd>
            {formatDate(progress.deadline)}
            {progress.deadline ? " · " : null}
            <SlaState daysLeft={progress.daysLeft} overdue={progress.overdue} />
          </dd>
        </dl>
        {!application.is_submitted ? (
          <p>
            <Link to={uploadFilePath(application, activity_kind?.id)} className={ui.button}>{t("list.continue")}</Link>
          </p>
        ) : null}
      </section>
      {application.status === "REUPLOAD" ? (
        <section className={ui.card} aria-labelledby="reupload-title">
          <h2 id="reupload-title">{t("detail.reuploadTitle")}</h2>
          <p>{t("detail.reuploadLead")}</p>
          <DocumentErrorSummary errors={errors} requirements={reuploadItems.map((i) => i.requirement)} />
          <DocumentUploadForm upload={upload} errors={errors} items={reuploadItems} current={current} action={`/application-status/application-status-detail?id=${application.id}`}>
            <button type="submit" className={ui.button}>{t("detail.reuploadSubmit")}</button>
          </DocumentUploadForm>
        </section>
      ) : null}
      <ApplicationTimeline timeline={application.timeline} />
      <ApplicationDocuments documents={application.documents} historyHref={`/application-status/file-history?id=${application.id}`} />
      <p>
        <Link to={`/profile/unduh-data?id=${application.id}`}>{t("common:dataExport.facilityLink")}</Link>
      </p>
      <p>
        <Link to="/application-status">{t("detail.back")}</Link>
      </p>
    </>
  );
}
