import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DATA_SUBJECT_ROLES, ROLE } from "#domain/roles";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { AccessLines } from "~/features/access-log/AccessLines";
import { accessLines } from "~/features/access-log/access-log.server";
import { Pager } from "~/components/Pager";
import { requireUser } from "~/utils/guards.server";
import { titled } from "~/utils/page-title";

export const handle = titled("accessLog");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireUser(request, context, { roles: DATA_SUBJECT_ROLES });
  const page = new URL(request.url).searchParams.get("page") ?? "";
  const params: Record<string, string> = /^\d{1,6}$/.test(page) && Number(page) > 1 ? { page } : {};
  const { lines, meta } = await accessLines(request, context, "/me/access-log", params);
  return { lines, meta, params, facility: me.user.role_id === ROLE.ADMIN_FASYANKES };
}

/** /profile/akses-data: who other than the applicant read their data; a facility's: of the professionals it registered. */
export default function AccessData() {
  const { t } = useTranslation("common");
  const { lines, meta, params, facility } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("accessLog.title")}</h1>
      <p>{facility ? t("accessLog.facilityLead") : t("accessLog.lead")}</p>
      <AccessLines lines={lines} showApplicant={facility} empty={t("accessLog.empty")} />
      <Pager meta={meta} params={params} noun={t("accessLog.noun")} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
