import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PRODUCT_NAME } from "#domain/menu";
import { StatusBadge } from "~/components/applicant";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { answers } from "~/components/forms.css";
import * as ui from "~/components/ui.css";
import { currentApplication } from "~/utils/applicant.server";
import { formatDate, formatDateTime } from "~/utils/format";
import { requireUser } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: `Status Pengajuan — ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: [3] });
  return { application: await currentApplication(context) };
}

/** /application-status: the label and colour of spec §4, the stage, who holds the file and its deadline. */
export default function ApplicationStatus() {
  const { t } = useTranslation("applicant");
  const { application } = useLoaderData<typeof loader>();
  if (!application) {
    return (
      <>
        <h1>{t("status.title")}</h1>
        <section className={ui.card}>
          <p>{t("status.none")}</p>
          <Link to="/registration-path" className={ui.button}>{t("status.start")}</Link>
        </section>
      </>
    );
  }
  const { label } = application;
  return (
    <>
      <h1>{t("status.title")}</h1>
      <section className={ui.card} aria-labelledby="status-title">
        <h2 id="status-title">
          {t("status.label")}: <StatusBadge label={label.label} colour={label.colour} fallback="—" />
        </h2>
        <dl className={answers}>
          <dt>{t("status.number")}</dt>
          <dd>{application.registration_number ?? "—"}</dd>
          <dt>{t("status.jalur")}</dt>
          <dd>{t(`jalur.${application.jalur_id}`)}</dd>
          <dt>{t("status.submittedAt")}</dt>
          <dd>{application.submitted_at ? formatDateTime(application.submitted_at) : t("status.notSubmitted")}</dd>
          <dt>{t("status.stage")}</dt>
          <dd>{application.tahap?.name ?? "—"}</dd>
          <dt>{t("status.holder")}</dt>
          <dd>{application.holder ?? "—"}</dd>
          <dt>{t("status.deadline")}</dt>
          <dd>{formatDate(application.stage_deadline)}</dd>
        </dl>
        <p className={ui.row}>
          <Link to="/application-status/application-status-detail">{t("status.detail")}</Link>
          {application.status === "REUPLOAD" ? <Link to="/submission-form/reupload-form" className={ui.button}>{t("status.reupload")}</Link> : null}
          {!application.is_submitted ? <Link to="/submission-form/adaptation-form" className={ui.button}>{t("status.continue")}</Link> : null}
        </p>
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
