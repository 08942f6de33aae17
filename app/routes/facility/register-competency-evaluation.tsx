import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as a from "~/components/admin.css";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { RegistrationTable } from "~/features/registrations/RegistrationTable";
import * as ui from "~/components/ui.css";
import { registrationParams, registrations, requireVerifiedFacility } from "~/features/registrations/registrations.server";
import { titled } from "~/utils/page-title";
import { REGISTRATION_START } from "#domain/forms/registration.paths";

export const handle = titled("healthWorkerRegistration");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireVerifiedFacility(request, context);
  const params = registrationParams(new URL(request.url));
  return { params, page: await registrations(context, params) };
}

/** /register-competency-evaluation: the facility's professionals and their registrations, and a new one. */
export default function RegisterCompetencyEvaluation() {
  const { t } = useTranslation("registration");
  const { params, page } = useLoaderData<typeof loader>();
  return (
    <>
      <div className={a.toolbar}>
        <h1 className={ui.flush}>{t("list.title")}</h1>
        <Link to={REGISTRATION_START} className={ui.button}>
          {t("list.add")}
        </Link>
      </div>
      <p>{t("list.lead")}</p>
      <RegistrationTable page={page} params={params} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
