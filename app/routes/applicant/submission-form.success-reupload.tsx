import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PRODUCT_NAME } from "#domain/menu";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { SubmissionSuccess } from "~/routes/applicant/SubmissionSuccess";
import { currentApplication } from "~/routes/applicant/applicant.server";
import { requireUser } from "~/utils/guards.server";
import { APPLICANT_ROLES } from "#domain/roles";

export const meta: MetaFunction = () => [{ title: `Perbaikan Berkas Terkirim — ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: APPLICANT_ROLES });
  const application = await currentApplication(context);
  return { registrationNumber: application?.registration_number ?? null };
}

/** /submission-form/success-reupload: a successful reupload ends here (spec §4). */
export default function ReuploadSuccessPage() {
  const { registrationNumber } = useLoaderData<typeof loader>();
  return <SubmissionSuccess kind="successReupload" registrationNumber={registrationNumber} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
