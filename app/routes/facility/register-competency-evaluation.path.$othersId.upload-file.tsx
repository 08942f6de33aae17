import { randomUUID } from "node:crypto";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { FacilityUploadForm } from "~/routes/facility/__registration-upload";
import { documentPostResponse, postDocuments, requirements } from "~/routes/applicant/__applicant.server";
import { facilityDestinations, facilityDraftPage, requireVerifiedFacility } from "~/routes/facility/__registration.server";
import { STREAMS_UPLOAD } from "~/utils/uploads";
import { titled } from "~/utils/page-title";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireVerifiedFacility(request, context);
  const registration = await facilityDraftPage(context, request);
  return {
    registration,
    requirements: await requirements(context, registration.application.jalur_id),
    // One key per rendered form: a double click or a re-post of this page submits once (contract).
    idempotencyKey: randomUUID(),
  };
}

/** The multipart body streams to the API (server/request-body.ts). */
export const handle = titled("requirementUpload", STREAMS_UPLOAD);

export async function action({ request, context }: ActionFunctionArgs) {
  await requireVerifiedFacility(request, context);
  const registration = await facilityDraftPage(context, request);
  return documentPostResponse(await postDocuments(request, context, registration.application, "adaptation", await facilityDestinations(registration, request)));
}

/** …/path/{regular|exception|othersId}/upload-file?id=: the pathway's documents, saved or submitted. */
export default function FacilityUploadFile() {
  const { registration, requirements, idempotencyKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <FacilityUploadForm registration={registration} requirements={requirements} idempotencyKey={idempotencyKey} errors={result?.errors} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
