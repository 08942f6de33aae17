import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type SerializeFrom } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useWorkflowWords } from "~/utils/workflow-words";
import { ApplicationDocuments } from "~/features/documents/ApplicationDocuments";
import { ApplicationTimeline } from "~/components/ApplicationTimeline";
import { StatusBadge } from "~/components/StatusBadge";
import * as d from "~/components/details.css";
import { FacilityStatusDetail } from "~/features/registrations/FacilityDocuments";
import { SlaState } from "~/components/SlaState";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { currentApplication } from "~/routes/applicant/__applicant.server";
import { documentAction, requirements } from "~/features/documents/documents.server";
import { documentPageHandle } from "~/features/documents/page";
import { reuploadCheck, reuploadItems } from "~/features/documents/check.server";
import { ReuploadCheck } from "~/features/documents/ReuploadCheck";
import { INTENT_CHECK, INTENT_CONFIRM } from "~/utils/submission-intents";
import { formatDate } from "~/utils/format";
import {
  facilityDestinations,
  facilityReupload,
  registrationOrList,
  requireApplicantOrVerifiedFacility,
  requireVerifiedFacility,
} from "~/features/registrations/registrations.server";
import { stageProgress } from "~/utils/stage-progress";
import { ROLE } from "#domain/roles";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireApplicantOrVerifiedFacility(request, context);
  // A facility admin (role 8) reads one registration of the facility (?id=), and reuploads what a reviewer asked for.
  if (me.user.role_id === ROLE.ADMIN_FASYANKES) {
    const registration = await registrationOrList(context, request);
    const { application } = registration;
    const all = application.status === "REUPLOAD" ? await requirements(context, application.jalur_id) : [];
    // KIRIM PERBAIKAN stored the files and leads here (&intent=check): what goes back, before it is sent.
    const check =
      application.status === "REUPLOAD" && new URL(request.url).searchParams.get("intent") === INTENT_CHECK ? reuploadCheck(application, all) : null;
    return { kind: "facility" as const, registration, reuploadItems: reuploadItems(application, all), check };
  }
  const application = await currentApplication(context);
  if (!application) throw redirect("/application-status");
  return { kind: "applicant" as const, application, progress: stageProgress(application) };
}

export const handle = documentPageHandle((data?: { kind: string; check?: unknown }) =>
  data?.kind === "facility" ? "registrationDetail" : "applicationDetail",
);

/** The facility's reupload (role 8); the applicant's has its own page, /submission-form/reupload-form. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireVerifiedFacility(request, context);
  const registration = await facilityReupload(context, request);
  return documentAction(request, context, registration.application, "reupload", await facilityDestinations(registration, request));
}

/** /application-status/application-status-detail: the timeline of stages, notes meant for the applicant, the documents. */
export default function ApplicationStatusDetail() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // A refused KIRIM PERBAIKAN answers at the check's address: the form with its errors, not the check.
  if (loaded.kind === "facility" && loaded.check && !result) {
    const form = `/application-status/application-status-detail?id=${loaded.registration.application.id}`;
    return <ReuploadCheck items={loaded.check.items} formHref={form} confirmAction={`${form}&intent=${INTENT_CONFIRM}`} />;
  }
  if (loaded.kind === "facility")
    return <FacilityStatusDetail registration={loaded.registration} reuploadItems={loaded.reuploadItems} errors={result?.errors} />;
  return <ApplicantStatusDetail application={loaded.application} progress={loaded.progress} />;
}

function ApplicantStatusDetail({ application, progress }: Omit<Extract<SerializeFrom<typeof loader>, { kind: "applicant" }>, "kind">) {
  const { t } = useTranslation("applicant");
  const words = useWorkflowWords();
  const holder = words.holder(progress.holder);
  return (
    <>
      <h1>{t("detail.title")}</h1>
      <p>
        <span className={d.number}>{application.registration_number ?? "—"}</span> · {t(`jalur.${application.jalur_id}`)} · <StatusBadge of={application} />
      </p>
      {progress.open || progress.deadline ? (
        <p>
          {progress.open ? `${t("status.stage")}: ${words.stage(progress.open.id)}` : null}
          {holder ? ` (${holder})` : null}
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
