import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useWorkflowWords } from "~/utils/workflow-words";
import { type DocumentRequirement } from "#domain/documents";
import { uploadFilePath } from "#domain/forms/registration.paths";
import type { Registration } from "~/features/registrations/registrations.server";
import { formatDate, formatDateTime } from "~/utils/format";
import { stageProgress } from "~/utils/stage-progress";
import * as d from "~/components/details.css";
import { DocumentsPanel } from "~/features/documents/DocumentForm";
import { ApplicationDocuments } from "~/features/documents/ApplicationDocuments";
import { type DocumentErrors } from "~/features/documents/DocumentField";
import { ApplicationTimeline } from "~/components/ApplicationTimeline";
import { LabelBadge } from "~/components/StatusBadge";
import { SlaState } from "~/components/SlaState";
import * as ui from "~/components/ui.css";
import { INTENT_CHECK } from "~/utils/submission-intents";

const DETAIL = "/application-status/application-status-detail";

// The facility admin's (role 8) "Pendaftaran" and "Status Pengajuan" (DESIGN §4): The facility's upload and reupload forms (progress bar with JavaScript).
// One module per page, so each page loads only its own part.

/** The JSON route the facility's upload forms use with JavaScript (progress bar), as /submission-form/upload does for applicants. */
export const FACILITY_UPLOAD_ENDPOINT = "/register-competency-evaluation/upload";

/** …/upload-file?id=: one input per document of the pathway, save, or save and check before the send (the applicant's upload pieces). */
export function FacilityUploadForm({
  registration,
  requirements,
  errors: postErrors,
}: {
  registration: Registration;
  requirements: DocumentRequirement[];
  errors: DocumentErrors | undefined;
}) {
  const { t } = useTranslation(["registration", "applicant"]);
  const errors = postErrors;
  const { application, professional, activity_kind } = registration;
  return (
    <>
      <h1>{t("upload.title")}</h1>
      <p>
        {t("upload.lead", { name: professional.full_name, number: application.registration_number, jalur: t(`applicant:jalur.${application.jalur_id}`) })}
        {activity_kind ? ` — ${activity_kind.name}` : null}
      </p>
      <DocumentsPanel
        application={application}
        form="adaptation"
        endpoint={FACILITY_UPLOAD_ENDPOINT}
        errors={errors}
        items={requirements.map((requirement) => ({ requirement }))}
        action={`?id=${application.id}&intent=upload`}
        button={t("applicant:documents.upload")}
        send={{
          save: { action: `?id=${application.id}&intent=save`, label: t("upload.save") },
          check: { action: `?id=${application.id}&intent=${INTENT_CHECK}`, label: t("upload.submit") },
        }}
      />
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
  const words = useWorkflowWords();
  const errors = postErrors;
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
          {/* The label alone: the stage it belongs to is the next rows' ("Tahap saat ini"), said once. */}
          <dt>{t("list.label")}</dt>
          <dd>
            <LabelBadge of={application} />
          </dd>
          <dt>{t("list.submittedAt")}</dt>
          <dd>{application.submitted_at ? formatDateTime(application.submitted_at) : t("list.notSubmitted")}</dd>
          <dt>{t("applicant:status.stage")}</dt>
          <dd>{progress.open ? words.stage(progress.open.id) : application.tahap ? words.stage(application.tahap.id) : "—"}</dd>
          <dt>{t("applicant:status.holder")}</dt>
          <dd>{words.holder(progress.holder) ?? "—"}</dd>
          <dt>{t("applicant:status.deadline")}</dt>
          <dd>
            {formatDate(progress.deadline)}
            {progress.deadline ? " · " : null}
            <SlaState daysLeft={progress.daysLeft} overdue={progress.overdue} />
          </dd>
        </dl>
        {!application.is_submitted ? (
          <p>
            <Link to={uploadFilePath(application, activity_kind?.id)} className={ui.button}>
              {t("list.continue")}
            </Link>
          </p>
        ) : null}
      </section>
      {application.status === "REUPLOAD" ? (
        <section className={ui.card} aria-labelledby="reupload-title">
          <h2 id="reupload-title">{t("detail.reuploadTitle")}</h2>
          <p>{t("detail.reuploadLead")}</p>
          <DocumentsPanel
            framed={false}
            application={application}
            form="reupload"
            endpoint={FACILITY_UPLOAD_ENDPOINT}
            errors={errors}
            items={reuploadItems}
            action={`${DETAIL}?id=${application.id}&intent=upload`}
            button={t("applicant:documents.upload")}
            send={{ check: { action: `${DETAIL}?id=${application.id}&intent=${INTENT_CHECK}`, label: t("detail.reuploadSubmit") } }}
          />
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
