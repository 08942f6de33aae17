import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PRODUCT_NAME } from "#domain/menu";
import { formatSize, StatusBadge } from "~/components/applicant";
import { SlaState } from "~/components/review";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { currentApplication } from "~/utils/applicant.server";
import { formatDate, formatDateTime } from "~/utils/format";
import { requireUser } from "~/utils/guards.server";
import { stageProgress } from "~/utils/review-query";

export const meta: MetaFunction = () => [{ title: `Detail Permohonan — ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: [3] });
  const application = await currentApplication(context);
  if (!application) throw redirect("/application-status");
  return { application, progress: stageProgress(application) };
}

/** /application-status/application-status-detail: the timeline of stages, notes meant for the applicant, the documents. */
export default function ApplicationStatusDetail() {
  const { t } = useTranslation("applicant");
  const { application, progress } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("detail.title")}</h1>
      <p>
        {application.registration_number ?? "—"} · {t(`jalur.${application.jalur_id}`)} ·{" "}
        <StatusBadge label={application.label.label} colour={application.label.colour} fallback="—" />
      </p>
      {progress.open || progress.deadline ? (
        <p>
          {progress.open ? `${t("status.stage")}: ${progress.open.name}` : null}
          {progress.holder ? ` (${progress.holder})` : null}
          {progress.deadline ? ` · ${t("status.deadline")}: ${formatDate(progress.deadline)} · ` : null}
          <SlaState daysLeft={progress.daysLeft} overdue={progress.overdue} />
        </p>
      ) : null}
      <section className={ui.card} aria-labelledby="timeline-title">
        <h2 id="timeline-title">{t("detail.timeline")}</h2>
        {application.timeline.length === 0 ? (
          <p>{t("detail.noTimeline")}</p>
        ) : (
          <ol className={ui.checklist}>
            {application.timeline.map((entry, i) => (
              <li key={`${entry.at}-${i}`}>
                <strong>{t(`detail.actions.${entry.action}`, { defaultValue: entry.action })}</strong> — <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                {entry.actor ? ` · ${entry.actor}` : null}
                {entry.from ? ` · ${t("detail.from", { from: entry.from })}` : null}
                {entry.to ? ` · ${t("detail.to", { to: entry.to })}` : null}
                {entry.note ? (
                  <p className={ui.flush}>
                    {t("detail.note")}: {entry.note}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className={ui.card} aria-labelledby="documents-title">
        <h2 id="documents-title">{t("detail.documents")}</h2>
        {application.documents.length === 0 ? (
          <p>{t("detail.noDocuments")}</p>
        ) : (
          <ul>
            {application.documents.map((d) => (
              <li key={d.requirement_id}>
                {d.name}:{" "}
                <a href={`/files/${d.file_id}`} aria-label={t("documents.download", { name: d.original_name })}>{d.original_name}</a>{" "}
                <span className={ui.muted}>
                  ({formatSize(d.size)}, {t("detail.version", { version: d.version })}, {formatDateTime(d.uploaded_at)})
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p>
        <Link to="/application-status">{t("detail.back")}</Link>
      </p>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
