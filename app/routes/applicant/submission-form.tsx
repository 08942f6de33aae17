import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { currentApplication } from "~/routes/applicant/__applicant.server";
import { requireUser } from "~/utils/guards.server";
import { APPLICANT_ROLES } from "#domain/roles";

/** /submission-form: sends the applicant to the sub-page that fits the application's state. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: APPLICANT_ROLES });
  const application = await currentApplication(context);
  if (!application) return redirect("/registration-path");
  if (application.status === "REUPLOAD") return redirect("/submission-form/reupload-form");
  if (application.is_submitted) return redirect("/application-status");
  return redirect("/submission-form/adaptation-form");
}
