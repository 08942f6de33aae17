import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { roleOf } from "#domain/auth-user";
import { APPLICANT_ROLES, ROLE } from "#domain/roles";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { SubmissionSuccess } from "~/routes/applicant/__SubmissionSuccess";
import { currentApplication } from "~/routes/applicant/__applicant.server";
import { registrationOrList, requireVerifiedFacility } from "~/features/registrations/registrations.server";
import { requireUser } from "~/utils/guards.server";
import { titled } from "~/utils/page-title";

export const handle = titled((data?: { professional: string | null }) => (data?.professional ? "registrationSent" : "applicationSent"));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireUser(request, context, { roles: [...APPLICANT_ROLES, ROLE.ADMIN_FASYANKES] });
  if (roleOf(me) === ROLE.ADMIN_FASYANKES) {
    // A facility's registration sent (?id=): its number and whom it is for.
    await requireVerifiedFacility(request, context);
    const registration = await registrationOrList(context, request);
    return { registrationNumber: registration.application.registration_number ?? null, professional: registration.professional.full_name };
  }
  const application = await currentApplication(context);
  return { registrationNumber: application?.registration_number ?? null, professional: null };
}

/** /submission-form/success: a first submission ends here (spec §4), an applicant's or a facility's registration. */
export default function SubmissionSuccessPage() {
  const { registrationNumber, professional } = useLoaderData<typeof loader>();
  return <SubmissionSuccess kind="success" registrationNumber={registrationNumber} professional={professional} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
