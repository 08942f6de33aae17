import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ROLE } from "#domain/roles";
import { DataTable } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { Pager } from "~/components/Pager";
import { accessToken, orUnavailable } from "~/utils/api.server";
import { formatDate } from "~/utils/format";
import { requireUser } from "~/utils/guards.server";
import { titled } from "~/utils/page-title";
import { UserListTabs } from "~/routes/admin/__UserListTabs";

export const handle = titled("retention");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.SUPER_ADMIN] });
  // A page number the API would refuse is read as the first page (never a 400 page).
  const raw = new URL(request.url).searchParams.get("page") ?? "";
  const params: Record<string, string> = /^\d{1,6}$/.test(raw) && Number(raw) > 1 ? { page: raw } : {};
  const token = await accessToken(context);
  const result = orUnavailable(await context.api.call("GET", "/admin/retention", { token, query: params }));
  return { ...result, params };
}

/** /retention: the Super Admin sees the retention settings and what the retention job will delete, and when. */
export default function Retention() {
  const { t } = useTranslation("admin");
  const { settings, data, meta, params } = useLoaderData<typeof loader>();
  const period = (months: number) => (months > 0 ? t("retention.months", { count: months }) : t("retention.never"));
  return (
    <>
      <UserListTabs />
      <h1>{t("retention.title")}</h1>
      <p>{t("retention.lead", { days: settings.notice_days })}</p>
      <section className={ui.card} aria-labelledby="retention-settings">
        <h2 id="retention-settings">{t("retention.settings")}</h2>
        <dl>
          <dt>{t("retention.draft")}</dt>
          <dd>{period(settings.draft_months)}</dd>
          <dt>{t("retention.account")}</dt>
          <dd>{period(settings.account_months)}</dd>
          <dt>{t("retention.closed")}</dt>
          <dd>{period(settings.closed_file_months)}</dd>
        </dl>
      </section>
      <h2>{t("retention.planned")}</h2>
      {data.length === 0 ? (
        <p className={ui.card}>{t("retention.empty")}</p>
      ) : (
        <DataTable
          caption={t("retention.planned")}
          captionClassName="visually-hidden"
          rows={data.map((r, i) => ({ ...r, id: `${r.kind}-${i}-${r.label}` }))}
          columns={[
            { header: t("retention.col.deleteAt"), cell: (r) => formatDate(r.delete_at) },
            { header: t("retention.col.kind"), cell: (r) => t(`retention.kind.${r.kind}`) },
            { header: t("retention.col.what"), cell: (r) => r.label },
            { header: t("retention.col.since"), cell: (r) => formatDate(r.since) },
            {
              header: t("retention.col.notice"),
              cell: (r) => (r.kind === "CLOSED_FILE" ? t("retention.noNotice") : r.notice_at ? formatDate(r.notice_at) : t("retention.notYet")),
            },
          ]}
        />
      )}
      <Pager meta={meta} params={params} noun={t("retention.noun")} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
