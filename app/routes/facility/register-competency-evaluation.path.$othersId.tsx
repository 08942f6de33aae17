import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { registrationSchema } from "#domain/forms/registration";
import { jalurOfSegment, uploadFilePath } from "#domain/forms/registration.paths";

import { redirectWithToast } from "~/utils/admin.server";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ProfessionalForm } from "~/routes/facility/__registration";
import { accessToken, orUnavailable, type ApiBody } from "~/utils/api.server";
import { activityKinds, requireVerifiedFacility } from "~/features/registrations/registrations.server";
import { readDateFields } from "~/utils/date-fields.server";
import { formErrorsFor, formTextsFor, i18next } from "~/utils/i18n.server";
import { refusal, sentFields } from "~/utils/form-reply.server";
import { titled } from "~/utils/page-title";
import { REGISTRATION_START } from "#domain/forms/registration.paths";

export const handle = titled("healthWorkerData");

/**
 * One module for /register-competency-evaluation/path/regular (REG), /path/exception (SPE) and
 * /path/{othersId} (OTH, an active activity kind); without a segment the facility chooses first.
 */
async function pathwayOf(request: Request, params: LoaderFunctionArgs["params"], context: AppLoadContext) {
  const segment = params.othersId ?? new URL(request.url).pathname.split("/")[3] ?? "";
  if (!segment) throw redirect(REGISTRATION_START);
  const jalur = jalurOfSegment(segment);
  if (jalur !== "OTH") return { jalur, kind: null };
  const kind = (await activityKinds(context)).find((k) => String(k.id) === segment);
  if (!kind) throw new Response("Not Found", { status: 404 });
  return { jalur, kind };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireVerifiedFacility(request, context);
  const { jalur, kind } = await pathwayOf(request, params, context);
  const [institutions, specializations] = await Promise.all([
    context.api.call("GET", "/institutions").then(orUnavailable),
    jalur === "SPE" ? context.api.call("GET", "/specializations").then(orUnavailable) : { data: [] },
  ]);
  return { jalur, kind, institutions: institutions.data, specializations: specializations.data };
}

/** Where the API's conflicts about the person belong on the form. */
const FIELD_OF_CONFLICT: Record<string, string> = {
  PROFESSIONAL_EMAIL_TAKEN: "email",
  PROFESSIONAL_IDENTITY_TAKEN: "identity_number",
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireVerifiedFacility(request, context);
  const { jalur, kind } = await pathwayOf(request, params, context);
  const formData = await request.formData();
  // The pathway and the kind are the URL's, whatever the form carried.
  formData.set("jalur_id", jalur);
  if (kind) formData.set("activity_kind_id", String(kind.id));
  else formData.delete("activity_kind_id");
  const texts = await formTextsFor(request);
  const dateErrors = readDateFields(formData, ["birth_date"], texts);
  const submission = parseWithZod(formData, { schema: registrationSchema(new Date()), formatError: await formErrorsFor(request) });
  if (submission.status !== "success" || dateErrors) return data(submission.reply(dateErrors && { fieldErrors: dateErrors }), { status: 400 });
  // The API parses the same schema, so it gets what was typed (as /personal-data sends its form), not the parsed values.
  const body = sentFields<ApiBody<"POST", "/registrations">>(submission);
  const r = await context.api.call("POST", "/registrations", { token: await accessToken(context), body });
  if (!r.ok) {
    const field = FIELD_OF_CONFLICT[r.error.code];
    if (field) return data(submission.reply({ fieldErrors: { [field]: [r.error.message] } }), { status: r.status });
    return refusal(submission, r);
  }
  const { application, professional, activity_kind } = r.body.data;
  return redirectWithToast(
    uploadFilePath(application, activity_kind?.id),
    (await i18next.getFixedT(request, "facility"))("toast.professionalDraft", { name: professional.full_name, number: application.registration_number }),
  );
}

export default function ProfessionalData() {
  return <ProfessionalForm loaded={useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
