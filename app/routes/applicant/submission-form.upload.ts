import { type ActionFunctionArgs } from "@remix-run/node";
import { requireDraft, requireReupload } from "~/routes/applicant/__applicant.server";
import { postDocuments, refuseOtherThanDocumentPost } from "~/features/documents/documents.server";
import { requireUser } from "~/utils/guards.server";
import { toastCookie } from "~/utils/session.server";
import { STREAMS_UPLOAD } from "~/utils/uploads";
import { APPLICANT_ROLES } from "#domain/roles";

/** The multipart body streams to the API (server/request-body.ts). */
export const handle = STREAMS_UPLOAD;

// The adaptation and reupload forms' post when JavaScript runs (an XMLHttpRequest, for the progress bar):
// the same streaming and checks as the pages' own actions, answered as JSON.
export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: APPLICANT_ROLES });
  const refusal = await refuseOtherThanDocumentPost(request);
  if (refusal) return refusal;
  const form = new URL(request.url).searchParams.get("form") === "reupload" ? "reupload" : "adaptation";
  const application = await (form === "reupload" ? requireReupload(context) : requireDraft(context)).catch((thrown: unknown) => {
    // A redirect (nothing to upload to any more) becomes a place to go.
    if (thrown instanceof Response && thrown.headers.get("location")) return thrown.headers.get("location")!;
    throw thrown;
  });
  if (typeof application === "string") return Response.json({ redirectTo: application });
  const result = await postDocuments(request, context, application, form);
  if (!result.ok) return Response.json({ errors: result.errors }, { status: result.status, headers: result.headers });
  const headers = result.toast ? { "Set-Cookie": await toastCookie({ severity: "success", message: result.toast }) } : undefined;
  return Response.json({ redirectTo: result.redirectTo }, { headers });
}
