import type { LoaderFunctionArgs, SerializeFrom } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useWorkflowWords } from "~/utils/workflow-words";
import { LabelBadge } from "~/components/StatusBadge";
import { labelMeaning } from "#domain/status-label";
import * as a from "~/routes/applicant/__applicant.css";
import { ReviewerNote } from "~/routes/applicant/__ReviewerNote";
import { SlaState } from "~/components/SlaState";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { facts } from "~/components/details.css";
import * as ui from "~/components/ui.css";
import { currentApplication, reuploadNote } from "~/routes/applicant/__applicant.server";
import { formatDate, formatDateTime } from "~/utils/format";
import { RegistrationTable } from "~/features/registrations/RegistrationTable";
import { registrationParams, registrations, requireApplicantOrVerifiedFacility } from "~/features/registrations/registrations.server";
import { stageProgress } from "~/utils/stage-progress";
import { ROLE } from "#domain/roles";
import { titled } from "~/utils/page-title";
import { getOrUnavailable } from "~/utils/api.server";
import { Letters } from "~/routes/applicant/__Letters";

export const handle = titled("applicationStatus");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireApplicantOrVerifiedFacility(request, context);
  // A facility admin (role 8) follows every registration of the facility.
  if (me.user.role_id === ROLE.ADMIN_FASYANKES) {
    const params = registrationParams(new URL(request.url));
    return { kind: "facility" as const, params, page: await registrations(context, params) };
  }
  const [application, letters] = await Promise.all([currentApplication(context), getOrUnavailable(context, "/me/letters")]);
  // Days left are counted here, on the server, so the page reads the same with and without JavaScript.
  return {
    kind: "applicant" as const,
    application,
    letters: letters.data,
    progress: application ? stageProgress(application) : null,
    note: application ? reuploadNote(application) : null,
  };
}

/** /application-status: the label and colour of spec §4, the stage, who holds the file and its deadline. */
export default function ApplicationStatus() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.kind === "facility") return <FacilityApplicationStatus params={loaded.params} page={loaded.page} />;
  return <ApplicantApplicationStatus application={loaded.application} progress={loaded.progress} note={loaded.note} letters={loaded.letters} />;
}

function FacilityApplicationStatus({ params, page }: Omit<Extract<SerializeFrom<typeof loader>, { kind: "facility" }>, "kind">) {
  const { t } = useTranslation(["registration", "common"]);
  return (
    <>
      <h1>{t("status.title")}</h1>
      <p>{t("status.lead")}</p>
      <RegistrationTable page={page} params={params} />
      <p>
        <Link to="/profile/akses-data">{t("common:accessLog.facilityLink")}</Link>
      </p>
    </>
  );
}

function ApplicantApplicationStatus({ application, progress, note, letters }: Omit<Extract<SerializeFrom<typeof loader>, { kind: "applicant" }>, "kind">) {
  const { t } = useTranslation(["applicant", "review", "common"]);
  const words = useWorkflowWords();
  if (!application) {
    return (
      <>
        <h1>{t("status.title")}</h1>
        <section className={ui.card}>
          <p>{t("status.none")}</p>
          <Link to="/registration-path" className={ui.button}>
            {t("status.start")}
          </Link>
        </section>
      </>
    );
  }
  return (
    <>
      <h1>{t("status.title")}</h1>
      <section className={ui.card} aria-labelledby="status-title">
        <h2 id="status-title">
          {t("status.label")}: <LabelBadge of={application} />
        </h2>
        <StatusParts of={application} />
        <ReviewerNote note={note} />
        <dl className={facts}>
          <dt>{t("status.number")}</dt>
          <dd>{application.registration_number ?? "—"}</dd>
          <dt>{t("status.jalur")}</dt>
          <dd>{t(`jalur.${application.jalur_id}`)}</dd>
          <dt>{t("status.submittedAt")}</dt>
          <dd>{application.submitted_at ? formatDateTime(application.submitted_at) : t("status.notSubmitted")}</dd>
          <dt>{t("status.stage")}</dt>
          <dd>{progress?.open ? words.stage(progress.open.id) : application.tahap ? words.stage(application.tahap.id) : "—"}</dd>
          {application.status === "PASSED" && progress?.open && application.tahap ? (
            <>
              <dt>{t("review:sla.passedStage")}</dt>
              <dd>{words.stage(application.tahap.id)}</dd>
            </>
          ) : null}
          <dt>{t("status.holder")}</dt>
          <dd>{words.holder(progress?.holder) ?? "—"}</dd>
          <dt>{t("status.deadline")}</dt>
          <dd>
            {formatDate(progress?.deadline)}
            {progress?.deadline ? " · " : null}
            <SlaState daysLeft={progress?.daysLeft} overdue={progress?.overdue} />
          </dd>
        </dl>
        <p className={ui.row}>
          <Link to="/application-status/application-status-detail">{t("status.detail")}</Link>
          {application.status === "REUPLOAD" ? (
            <Link to="/submission-form/reupload-form" className={ui.button}>
              {t("status.reupload")}
            </Link>
          ) : null}
          {!application.is_submitted ? (
            <Link to="/submission-form/adaptation-form" className={ui.button}>
              {t("status.continue")}
            </Link>
          ) : null}
        </p>
        <p>
          <Link to="/profile/akses-data">{t("common:accessLog.statusLink")}</Link>
        </p>
      </section>
      <Letters letters={letters} />
    </>
  );
}

/** The status line's other two parts, under the heading that carries the label: the stage it belongs to, and what comes next. */
function StatusParts({ of }: { of: NonNullable<Extract<SerializeFrom<typeof loader>, { kind: "applicant" }>["application"]> }) {
  const { t } = useTranslation("applicant");
  const words = useWorkflowWords();
  const meaning = labelMeaning({ status: of.status, is_submitted: of.is_submitted, tahap: of.tahap });
  return (
    <dl className={a.statusParts} aria-label={t("status.partsLabel")}>
      <div>
        <dt>{t("status.parts.stage")}</dt>
        <dd>{meaning.stage === null ? t("status.parts.noStage") : words.stage(meaning.stage)}</dd>
      </div>
      <div>
        <dt>{t("status.parts.next")}</dt>
        <dd>{t(`status.nextStep.${meaning.key}`, { next: meaning.next === null ? null : words.stage(meaning.next) })}</dd>
      </div>
    </dl>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
