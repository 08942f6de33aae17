import { redirect, type LoaderFunctionArgs, type SerializeFrom } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { FileHistoryDocument } from "#contracts/applications";
import { ROLE } from "#domain/roles";
import { namedInLanguage } from "~/utils/requirement-words.server";
import { StatusBadge, formatSize } from "~/components/StatusBadge";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as d from "~/components/details.css";
import * as ui from "~/components/ui.css";
import { ApplicationTimeline } from "~/components/ApplicationTimeline";
import { reason as reasonBox } from "~/features/documents/documents.css";
import { currentApplication } from "~/routes/applicant/__applicant.server";
import { Letters } from "~/routes/applicant/__Letters";
import * as s from "~/routes/applicant/__file-history.css";
import { detailPath, registrationOf, requireApplicantOrVerifiedFacility } from "~/features/registrations/registrations.server";
import { getOrUnavailable } from "~/utils/api.server";
import { formatDateTime } from "~/utils/format";
import { titled } from "~/utils/page-title";

export const handle = titled("fileHistory");

const APPLICANT_DETAIL = "/application-status/application-status-detail";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireApplicantOrVerifiedFacility(request, context);
  // A facility admin (role 8) reads one registration of the facility (?id=), as on the status detail;
  // the applicant always their own application.
  const facility = me.user.role_id === ROLE.ADMIN_FASYANKES;
  const application = facility ? (await registrationOf(context, request)).application : await currentApplication(context);
  if (!application) throw redirect("/application-status");
  const [history, letters] = await Promise.all([
    getOrUnavailable(context, `/applications/${encodeURIComponent(application.id)}/file-history`),
    getOrUnavailable(context, "/me/letters", { application_id: application.id }),
  ]);
  return {
    letters: letters.data,
    facility,
    application,
    documents: namedInLanguage(history.data.documents, context.api.language),
    back: facility ? detailPath(application.id) : APPLICANT_DETAIL,
  };
}

/** /application-status/file-history: every document sent with all its versions, why each was replaced, and the timeline. */
export default function FileHistoryPage() {
  const { facility, application, documents, back, letters } = useLoaderData<typeof loader>();
  const { t } = useTranslation("applicant");
  return (
    <>
      <h1>{t("fileHistory.title")}</h1>
      <p>
        <span className={d.number}>{application.registration_number}</span> · {t(`jalur.${application.jalur_id}`)} · <StatusBadge of={application} />
      </p>
      <p>{t(facility ? "fileHistory.leadFacility" : "fileHistory.lead")}</p>
      {documents.length === 0 ? (
        <section className={ui.card}>
          <p className={ui.flush}>{t("fileHistory.none")}</p>
        </section>
      ) : (
        documents.map((doc) => <DocumentVersions key={doc.requirement_id} document={doc} submittedAt={application.submitted_at} />)
      )}
      <ApplicationTimeline timeline={application.timeline} />
      <Letters letters={letters} />
      <p>
        <Link to={back}>{t("fileHistory.back")}</Link>
      </p>
    </>
  );
}

/** One document: its versions oldest first, each a card with when it came, when and why it went, and its download. */
function DocumentVersions({ document, submittedAt }: { document: SerializeFrom<FileHistoryDocument>; submittedAt: string | null }) {
  const { t } = useTranslation("applicant");
  const headingId = `doc-${document.requirement_id}`;
  return (
    <section className={ui.card} aria-labelledby={headingId}>
      <h2 id={headingId}>{document.name}</h2>
      <ol className={s.versions}>
        {document.versions.map((v) => (
          <li key={v.version} className={s.version}>
            <h3 className={s.versionTitle}>{t("fileHistory.version", { version: v.version, at: formatDateTime(v.uploaded_at) })}</h3>
            <p className={s.fileName}>
              {v.original_name} <span className={ui.muted}>({formatSize(v.size)})</span>
            </p>
            {v.is_current ? (
              <p className={s.line}>
                <span className={`${ui.badge} ${ui.badgeColour.green}`}>{t("fileHistory.current")}</span>
              </p>
            ) : v.replaced_at ? (
              <>
                <p className={s.line}>{t("fileHistory.replacedAt", { at: formatDateTime(v.replaced_at) })}</p>
                {v.replaced_reason ? (
                  <p className={reasonBox}>{t("fileHistory.replacedBecause", { reason: v.replaced_reason })}</p>
                ) : (
                  <p className={`${s.line} ${ui.muted}`}>
                    {t(!submittedAt || v.replaced_at < submittedAt ? "fileHistory.replacedSelf" : "fileHistory.replacedNoReason")}
                  </p>
                )}
              </>
            ) : (
              <p className={`${s.line} ${ui.muted}`}>{t("fileHistory.removed")}</p>
            )}
            <p className={s.line}>
              <a
                href={`/files/${v.file_id}`}
                className={ui.secondaryButton}
                aria-label={t("fileHistory.downloadLabel", { name: v.original_name, version: v.version })}
              >
                {t("fileHistory.download")}
              </a>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
