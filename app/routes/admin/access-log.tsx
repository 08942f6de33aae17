import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ROLE } from "#domain/roles";
import * as a from "~/components/admin.css";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { AccessLines } from "~/routes/accounts/__AccessLines";
import { accessLines } from "~/routes/accounts/__access-log.server";
import { Pager } from "~/routes/admin/__Pager";
import { requireUser } from "~/utils/guards.server";
import { titled } from "~/utils/page-title";

export const handle = titled("adminAccessLog");

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The search from the URL, each value dropped when the API would refuse it (never a 400 page). */
function searchParams(url: URL) {
  const out: Record<string, string> = {};
  const get = (k: string) => (url.searchParams.get(k) ?? "").trim();
  for (const k of ["applicant", "staff"]) if (get(k)) out[k] = get(k).slice(0, 100);
  for (const k of ["from", "to"]) {
    const v = get(k);
    if (DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)) out[k] = v;
  }
  if (out.from && out.to && out.from > out.to) delete out.to;
  const page = get("page");
  if (/^\d{1,6}$/.test(page) && Number(page) > 1) out.page = page;
  return out;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.SUPER_ADMIN] });
  const params = searchParams(new URL(request.url));
  const { lines, meta } = await accessLines(request, context, "/admin/access-log", params);
  return { lines, meta, params };
}

/** /access-log: the Super Admin searches the whole access log by applicant, staff member and period. */
export default function AccessLog() {
  const { t } = useTranslation("common");
  const { lines, meta, params } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("accessLog.adminTitle")}</h1>
      <p>{t("accessLog.adminLead")}</p>
      <Form method="get" className={a.filters} role="search">
        <div className={a.filterField}>
          <label htmlFor="applicant" className={ui.label}>
            {t("accessLog.searchApplicant")}
          </label>
          <input id="applicant" name="applicant" type="search" className={ui.input} defaultValue={params.applicant ?? ""} maxLength={100} />
        </div>
        <div className={a.filterField}>
          <label htmlFor="staff" className={ui.label}>
            {t("accessLog.searchStaff")}
          </label>
          <input id="staff" name="staff" type="search" className={ui.input} defaultValue={params.staff ?? ""} maxLength={100} />
        </div>
        <div className={a.filterField}>
          <label htmlFor="from" className={ui.label}>
            {t("accessLog.from")}
          </label>
          <input id="from" name="from" type="date" className={ui.input} defaultValue={params.from ?? ""} />
        </div>
        <div className={a.filterField}>
          <label htmlFor="to" className={ui.label}>
            {t("accessLog.to")}
          </label>
          <input id="to" name="to" type="date" className={ui.input} defaultValue={params.to ?? ""} />
        </div>
        <button type="submit" className={ui.secondaryButton}>
          {t("accessLog.apply")}
        </button>
      </Form>
      <AccessLines lines={lines} showApplicant empty={t("accessLog.adminEmpty")} />
      <Pager meta={meta} params={params} noun={t("accessLog.noun")} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
