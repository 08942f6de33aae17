import { type ActionFunctionArgs } from "@remix-run/node";
import { postDocuments, refuseOtherThanDocumentPost } from "~/features/documents/documents.server";
import { facilityDestinations, facilityDraft, facilityReupload, requireVerifiedFacility } from "~/features/registrations/registrations.server";
import { toastCookie } from "~/utils/session.server";
import { STREAMS_UPLOAD } from "~/utils/uploads";

/** The multipart body streams to the API (server/request-body.ts). */
export const handle = STREAMS_UPLOAD;

// The facility's upload and reupload forms' post when JavaScript runs (an XMLHttpRequest, for the progress
// bar), as /submission-form/upload is for applicants: the same streaming and checks as the pages' actions, as JSON.
export async function action({ request, context }: ActionFunctionArgs) {
  await requireVerifiedFacility(request, context);
  const refusal = await refuseOtherThanDocumentPost(request);
  if (refusal) return refusal;
  const form = new URL(request.url).searchParams.get("form") === "reupload" ? "reupload" : "adaptation";
  const registration = await (form === "reupload" ? facilityReupload(context, request) : facilityDraft(context, request)).catch((thrown: unknown) => {
    // A redirect (nothing to upload to any more) becomes a place to go.
    if (thrown instanceof Response && thrown.headers.get("location")) return thrown.headers.get("location")!;
    throw thrown;
  });
  if (typeof registration === "string") return Response.json({ redirectTo: registration });
  const result = await postDocuments(request, context, registration.application, form, await facilityDestinations(registration, request));
  if (!result.ok) return Response.json({ errors: result.errors }, { status: result.status, headers: result.headers });
  const headers = result.toast ? { "Set-Cookie": await toastCookie({ severity: "success", message: result.toast }) } : undefined;
  return Response.json({ redirectTo: result.redirectTo }, { headers });
}
