import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type SerializeFrom } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { DocumentRequirement } from "#domain/documents";
import { ApplicationDocuments, ApplicationTimeline } from "~/routes/applicant/__applicant";
import { StatusBadge } from "~/components/StatusBadge";
import * as d from "~/components/details.css";
import { FacilityStatusDetail } from "~/routes/facility/__registration-upload";
import { SlaState } from "~/routes/applicant/__SlaState";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { currentApplication, documentPostResponse, postDocuments, requirements } from "~/routes/applicant/__applicant.server";
import { formatDate } from "~/utils/format";
import { facilityDestinations, facilityReupload, registrationOrList, requireApplicantOrVerifiedFacility, requireVerifiedFacility } from "~/routes/facility/__registration.server";
import { stageProgress } from "~/routes/review/__review-query";
import { STREAMS_UPLOAD } from "~/utils/uploads";
import { ROLE } from "#domain/roles";
import { titled } from "~/utils/page-title";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireApplicantOrVerifiedFacility(request, context);
  // A facility admin (role 8) reads one registration of the facility (?id=), and reuploads what a reviewer asked for.
  if (me.user.role_id === ROLE.ADMIN_FASYANKES) {
    const registration = await registrationOrList(context, request);
    const { application } = registration;
    const flagged = new Map(application.reupload.map((f) => [f.requirement_id, f.reason]));
    const reuploadItems: Array<{ requirement: DocumentRequirement; reason: string }> =
      application.status === "REUPLOAD"
        ? (await requirements(context, application.jalur_id)).filter((r) => flagged.has(r.id)).map((r) => ({ requirement: r, reason: flagged.get(r.id)! }))
        : [];
    return { kind: "facility" as const, registration, reuploadItems };
  }
  const application = await currentApplication(context);
  if (!application) throw redirect("/application-status");
  return { kind: "applicant" as const, application, progress: stageProgress(application) };
}

/** The multipart body streams to the API (server/request-body.ts). */
export const handle = titled((data?: { kind: string }) => (data?.kind === "facility" ? "registrationDetail" : "applicationDetail"), STREAMS_UPLOAD);

/** The facility's reupload (role 8); the applicant's has its own page, /submission-form/reupload-form. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireVerifiedFacility(request, context);
  const registration = await facilityReupload(context, request);
  return documentPostResponse(await postDocuments(request, context, registration.application, "reupload", await facilityDestinations(registration, request)));
}

/** /application-status/application-status-detail: the timeline of stages, notes meant for the applicant, the documents. */
export default function ApplicationStatusDetail() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (loaded.kind === "facility") return <FacilityStatusDetail registration={loaded.registration} reuploadItems={loaded.reuploadItems} errors={result?.errors} />;
  return <ApplicantStatusDetail application={loaded.application} progress={loaded.progress} />;
}

function ApplicantStatusDetail({ application, progress }: Omit<Extract<SerializeFrom<typeof loader>, { kind: "applicant" }>, "kind">) {
  const { t } = useTranslation("applicant");
  return (
    <>
      <h1>{t("detail.title")}</h1>
      <p>
        <span className={d.number}>{application.registration_number ?? "—"}</span> · {t(`jalur.${application.jalur_id}`)} ·{" "}
        <StatusBadge of={application} />
      </p>
      {progress.open || progress.deadline ? (
        <p>
          {progress.open ? `${t("status.stage")}: ${progress.open.name}` : null}
          {progress.holder ? ` (${progress.holder})` : null}
          {progress.deadline ? ` · ${t("status.deadline")}: ${formatDate(progress.deadline)} · ` : null}
          <SlaState daysLeft={progress.daysLeft} overdue={progress.overdue} />
        </p>
      ) : null}
      <ApplicationTimeline timeline={application.timeline} />
      <ApplicationDocuments documents={application.documents} historyHref="/application-status/file-history" />
      <p>
        <Link to="/application-status">{t("detail.back")}</Link>
      </p>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
