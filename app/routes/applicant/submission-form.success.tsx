import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { SubmissionSuccess } from "~/routes/applicant/SubmissionSuccess";
import { currentApplication } from "~/routes/applicant/applicant.server";
import { requireUser } from "~/utils/guards.server";
import { APPLICANT_ROLES } from "#domain/roles";
import { titled } from "~/utils/page-title";

export const handle = titled("applicationSent");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: APPLICANT_ROLES });
  const application = await currentApplication(context);
  return { registrationNumber: application?.registration_number ?? null };
}

/** /submission-form/success: a first submission ends here (spec §4). */
export default function SubmissionSuccessPage() {
  const { registrationNumber } = useLoaderData<typeof loader>();
  return <SubmissionSuccess kind="success" registrationNumber={registrationNumber} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
