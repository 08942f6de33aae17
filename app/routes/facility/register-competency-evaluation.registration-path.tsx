import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pathwayChoice } from "#domain/forms/registration";
import { segmentOf } from "#domain/forms/registration.paths";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { PathwayChoice } from "~/routes/facility/__registration-pathway";
import { activityKinds, requireVerifiedFacility } from "~/features/registrations/registrations.server";
import { formErrorsFor } from "~/utils/i18n.server";
import { titled } from "~/utils/page-title";

export const handle = titled("chooseRegistrationPath");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireVerifiedFacility(request, context);
  return { kinds: await activityKinds(context) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireVerifiedFacility(request, context);
  const submission = parseWithZod(await request.formData(), { schema: pathwayChoice(), formatError: await formErrorsFor(request) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  // Choosing creates nothing; the professional's data page creates the draft.
  const { jalur_id, activity_kind_id } = submission.value;
  return redirect(`/register-competency-evaluation/path/${segmentOf(jalur_id, activity_kind_id)}`);
}

/** /register-competency-evaluation/registration-path: REG → path/regular, SPE → path/exception, OTH → path/{activity kind}. */
export default function ChooseRegistrationPath() {
  const { kinds } = useLoaderData<typeof loader>();
  return <PathwayChoice kinds={kinds} lastResult={useActionData<typeof action>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
