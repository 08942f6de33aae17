import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { SubmissionSuccess } from "~/routes/applicant/__SubmissionSuccess";
import { currentApplication } from "~/routes/applicant/__applicant.server";
import { registrationOrList, requireApplicantOrVerifiedFacility } from "~/features/registrations/registrations.server";
import { ROLE } from "#domain/roles";
import { titled } from "~/utils/page-title";

export const handle = titled("reuploadSent");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireApplicantOrVerifiedFacility(request, context);
  if (me.user.role_id === ROLE.ADMIN_FASYANKES) {
    // A facility's reupload of one registration (?id=): its number and whom it is for.
    const registration = await registrationOrList(context, request);
    return { registrationNumber: registration.application.registration_number ?? null, professional: registration.professional.full_name };
  }
  const application = await currentApplication(context);
  return { registrationNumber: application?.registration_number ?? null, professional: null };
}

/** /submission-form/success-reupload: a successful reupload ends here (spec §4). */
export default function ReuploadSuccessPage() {
  const { registrationNumber, professional } = useLoaderData<typeof loader>();
  return <SubmissionSuccess kind="successReupload" registrationNumber={registrationNumber} professional={professional} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
