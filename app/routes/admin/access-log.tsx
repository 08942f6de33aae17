import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { datePartNames, readDateParts, type DateParts } from "#domain/date-parts";
import { ROLE } from "#domain/roles";
import type { FormTexts } from "#domain/validation";
import * as a from "~/components/admin.css";
import { DateBoxes } from "~/components/DateField";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { AccessLines } from "~/features/access-log/AccessLines";
import { accessLines } from "~/features/access-log/access-log.server";
import { Pager } from "~/components/Pager";
import { requireUser } from "~/utils/guards.server";
import { formTextsFor } from "~/utils/i18n.server";
import { titled } from "~/utils/page-title";
import { UserListTabs } from "~/routes/admin/__UserListTabs";

export const handle = titled("adminAccessLog");

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PERIOD = ["from", "to"] as const;
type PeriodEnd = (typeof PERIOD)[number];

/**
 * The search from the URL, each value dropped when the API would refuse it (never a 400 page). The period's
 * ends come as three boxes each (`from.month`, `from.day`, `from.year`: the form) or as ISO days (the pager's
 * links); a wrong date is not searched by, and says what is wrong on its boxes, shown again as typed.
 */
function searchParams(url: URL, texts: FormTexts) {
  const out: Record<string, string> = {};
  const errors: Partial<Record<PeriodEnd, string[]>> = {};
  const typed: Partial<Record<PeriodEnd, DateParts>> = {};
  const get = (k: string) => (url.searchParams.get(k) ?? "").trim();
  for (const k of ["applicant", "staff"]) if (get(k)) out[k] = get(k).slice(0, 100);
  for (const k of PERIOD) {
    const names = datePartNames(k);
    const boxes = { month: get(names.month), day: get(names.day), year: get(names.year) };
    if (boxes.month || boxes.day || boxes.year) {
      const read = readDateParts(boxes);
      if ("iso" in read) out[k] = read.iso;
      else {
        errors[k] = read.problems.map(({ problem }) => texts.message(problem.rule, "params" in problem ? problem.params : undefined));
        typed[k] = read.parts;
      }
      continue;
    }
    const v = get(k);
    if (DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)) out[k] = v;
  }
  if (out.from && out.to && out.from > out.to) delete out.to;
  const page = get("page");
  if (/^\d{1,6}$/.test(page) && Number(page) > 1) out.page = page;
  return { params: out, errors, typed };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.SUPER_ADMIN] });
  const { params, errors, typed } = searchParams(new URL(request.url), await formTextsFor(request));
  const { lines, meta } = await accessLines(request, context, "/admin/access-log", params);
  return { lines, meta, params, dateErrors: errors, typed };
}

/** /access-log: the Super Admin searches the whole access log by applicant, staff member and period. */
export default function AccessLog() {
  const { t } = useTranslation("common");
  const { lines, meta, params, dateErrors, typed } = useLoaderData<typeof loader>();
  return (
    <>
      <UserListTabs />
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
        {/* The period's ends are three boxes each, like every date of the portal (not the browser's date picker). */}
        {PERIOD.map((k) => (
          <div key={k} className={a.filterField}>
            <DateBoxes id={k} name={k} label={t(`accessLog.${k}`)} initial={typed[k] ?? params[k] ?? ""} errors={dateErrors[k]} />
          </div>
        ))}
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
