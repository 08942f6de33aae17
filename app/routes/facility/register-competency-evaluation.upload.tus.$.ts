import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireVerifiedFacility } from "~/features/registrations/registrations.server";
import { forwardTus, tusBase, tusGuard } from "~/features/documents/tus.server";
import { STREAMS_UPLOAD } from "~/utils/uploads";

/** A chunk streams to the API unread (server/request-body.ts). */
export const handle = STREAMS_UPLOAD;

// A facility's resumable uploads (tus) for the professionals it registers, as /submission-form/upload/tus
// is for applicants; the API checks the registration is the facility's (app/features/documents/tus.server.ts).
async function tus({ request, context, params }: LoaderFunctionArgs | ActionFunctionArgs) {
  const refused = await tusGuard(request, () => requireVerifiedFacility(request, context));
  if (refused) return refused;
  return forwardTus(request, context, tusBase(request, params["*"]), params["*"]);
}

export const loader = tus;
export const action = tus;
