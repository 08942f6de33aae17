import { randomUUID } from "node:crypto";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { FacilityUploadForm } from "~/features/registrations/FacilityDocuments";
import { FacilityCheck } from "~/routes/facility/__registration-check";
import { documentAction, requirements } from "~/features/documents/documents.server";
import { documentPageHandle } from "~/features/documents/page";
import { documentsCheck } from "~/features/documents/check.server";
import { INTENT_CHECK } from "~/utils/submission-intents";
import { facilityDestinations, facilityDraftPage, requireVerifiedFacility } from "~/features/registrations/registrations.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireVerifiedFacility(request, context);
  const registration = await facilityDraftPage(context, request);
  const needed = await requirements(context, registration.application.jalur_id);
  // One key per rendered check: a double click or a re-post of its Yes submits once (contract).
  const idempotencyKey = randomUUID();
  // KIRIM PERMOHONAN saved the files and leads here: the same page, showing the registration back before the send.
  const check = new URL(request.url).searchParams.get("intent") === INTENT_CHECK ? documentsCheck(registration.application, needed) : null;
  return { registration, requirements: needed, idempotencyKey, check };
}

export const handle = documentPageHandle("requirementUpload");

export async function action({ request, context }: ActionFunctionArgs) {
  await requireVerifiedFacility(request, context);
  const registration = await facilityDraftPage(context, request);
  return documentAction(request, context, registration.application, "adaptation", await facilityDestinations(registration, request));
}

/** …/path/{regular|exception|othersId}/upload-file?id=: the pathway's documents, saved, checked ("Periksa kembali") and sent. */
export default function FacilityUploadFile() {
  const { registration, requirements, idempotencyKey, check } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // A refused KIRIM PERMOHONAN (a bad file) answers at the check's address: the form with its errors, not the check.
  if (check && !result) return <FacilityCheck registration={registration} check={check} idempotencyKey={idempotencyKey} />;
  return <FacilityUploadForm registration={registration} requirements={requirements} errors={result?.errors} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
