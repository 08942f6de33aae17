import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { facilityTypeKey } from "#domain/facility";
import { ROLE } from "#domain/roles";
import { listSearch, Pager } from "~/components/Pager";
import * as a from "~/components/admin.css";
import { FACILITY_TABS, VerificationBadge, type FacilityTab } from "~/routes/admin/__admin-facilities";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as r from "~/components/tabs.css";
import * as ui from "~/components/ui.css";
import { adminLoad, listParams } from "~/utils/admin.server";
import { formatDate } from "~/utils/format";
import { requireUser } from "~/utils/guards.server";
import { titled } from "~/utils/page-title";
import { breakable } from "~/components/data-table.css";
import { DataTable } from "~/components/DataTable";

export const handle = titled("facilityAdminList");

const DEFAULT_TAB: FacilityTab = "pending";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.ADMIN] });
  const params = listParams(new URL(request.url), { state: FACILITY_TABS.filter((s) => s !== DEFAULT_TAB) });
  const tab = (params.state ?? DEFAULT_TAB) as FacilityTab;
  const list = await adminLoad(context, "/admin/facilities", {
    page: params.page,
    q: params.q,
    state: tab === "all" ? undefined : tab,
  });
  return { rows: list.data, meta: list.meta, params, tab };
}

/** /admin-fasyankes-list: the facility admins, the ones awaiting verification first (the Admin's queue). */
export default function FacilityAdminList() {
  const { t } = useTranslation(["admin", "facility"]);
  const { rows, meta, params, tab } = useLoaderData<typeof loader>();
  return (
    <>
      <div className={a.toolbar}>
        <h1 className={ui.flush}>{t("fasyankes.title")}</h1>
        <Link to="/admin-fasyankes-list/new" className={ui.button}>
          {t("fasyankes.add")}
        </Link>
      </div>
      <p>{t("fasyankes.lead")}</p>
      <nav aria-label={t("fasyankes.tabsLabel")}>
        <ul className={r.tabs}>
          {FACILITY_TABS.map((s) => (
            <li key={s}>
              <Link
                to={listSearch(params, { state: s === DEFAULT_TAB ? undefined : s, page: undefined })}
                className={r.tab}
                aria-current={tab === s ? "page" : undefined}
              >
                {t(`fasyankes.tabs.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className={a.filters} role="search">
        {params.state ? <input type="hidden" name="state" value={params.state} /> : null}
        <div className={a.filterField}>
          <label htmlFor="q" className={ui.label}>
            {t("fasyankes.search")}
          </label>
          <input id="q" name="q" type="search" className={ui.input} defaultValue={params.q ?? ""} maxLength={100} />
        </div>
        <div />
        <div />
        <button type="submit" className={ui.secondaryButton}>
          {t("filters.apply")}
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className={ui.card}>{t("fasyankes.empty")}</p>
      ) : (
        <DataTable
          caption={t("fasyankes.caption")}
          captionClassName={ui.muted}
          rows={rows}
          columns={[
            { header: t("fasyankes.name"), cell: (row) => <Link to={`/admin-fasyankes-list/${row.id}`}>{row.full_name}</Link> },
            { header: t("fasyankes.email"), className: breakable, cell: (row) => row.email },
            { header: t("fasyankes.facility"), cell: (row) => row.facility_name ?? "—" },
            { header: t("fasyankes.type"), cell: (row) => (row.facility_type ? t(facilityTypeKey(row.facility_type)) : "—") },
            { header: t("fasyankes.licence"), className: breakable, cell: (row) => row.licence_number ?? "—" },
            { header: t("fasyankes.state"), cell: (row) => <VerificationBadge state={row.verification_state} /> },
            { header: t("fasyankes.submitted"), cell: (row) => formatDate(row.submitted_at) },
          ]}
        />
      )}
      <Pager meta={meta} params={params} noun={t("fasyankes.noun")} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
