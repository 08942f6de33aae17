import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/guards.server";
import { forwardTus, tusBase, tusGuard } from "~/features/documents/tus.server";
import { STREAMS_UPLOAD } from "~/utils/uploads";
import { APPLICANT_ROLES } from "#domain/roles";

/** A chunk streams to the API unread (server/request-body.ts). */
export const handle = STREAMS_UPLOAD;

// The applicant's resumable uploads (tus) when JavaScript runs: POST creates one, HEAD asks how far it got,
// PATCH sends a chunk, DELETE cancels it; each goes on to the API with the session's token (app/features/documents/tus.server.ts).
async function tus({ request, context, params }: LoaderFunctionArgs | ActionFunctionArgs) {
  const refused = await tusGuard(request, () => requireUser(request, context, { roles: APPLICANT_ROLES }));
  if (refused) return refused;
  return forwardTus(request, context, tusBase(request, params["*"]), params["*"]);
}

export const loader = tus;
export const action = tus;
