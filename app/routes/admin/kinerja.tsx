import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { JALUR_IDS } from "#domain/documents";
import { periodOf, periodsBefore } from "#domain/performance";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { formatDate } from "~/utils/format";
import { titled } from "~/utils/page-title";
import { BodiesChart, QueueChart, StageDaysChart, WeeklyChart } from "./__KinerjaCharts";
import { loadPerformance } from "./__kinerja.server";
import * as k from "./__kinerja.css";

export const handle = titled("performance");

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadPerformance(request, context);
}

/** The filters as a GET form: it works without JavaScript and every view has its own address. */
function Filters({ jalur, period }: { jalur?: string; period: string }) {
  const { t, i18n } = useTranslation(["admin", "workflow"]);
  const location = useLocation();
  const month = new Intl.DateTimeFormat(i18n.language?.startsWith("en") ? "en-GB" : "id-ID", { month: "long", year: "numeric", timeZone: "UTC" });
  return (
    <Form key={location.search} method="get" action="/kinerja" aria-labelledby="k-filters" className={ui.card}>
      <h2 id="k-filters" className="visually-hidden">
        {t("performance.filtersTitle")}
      </h2>
      <div className={k.filters}>
        <div className={k.filterField}>
          <label htmlFor="k-jalur" className={ui.label}>
            {t("performance.jalur")}
          </label>
          <select id="k-jalur" name="jalur" defaultValue={jalur ?? ""} className={ui.input}>
            <option value="">{t("performance.allJalur")}</option>
            {JALUR_IDS.map((j) => (
              <option key={j} value={j}>
                {t(`workflow:jalur.${j}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={k.filterField}>
          <label htmlFor="k-period" className={ui.label}>
            {t("performance.period")}
          </label>
          <select id="k-period" name="period" defaultValue={period} className={ui.input}>
            {periodsBefore(new Date()).map((p) => (
              <option key={p} value={p}>
                {month.format(new Date(`${p}-01T00:00:00Z`))}
              </option>
            ))}
          </select>
        </div>
        <div className={k.actions}>
          <button type="submit" className={ui.button}>
            {t("performance.apply")}
          </button>
          <Link to="/kinerja">{t("performance.reset")}</Link>
        </div>
      </div>
    </Form>
  );
}

/** /kinerja: the queue at a glance for the Super Admin and the Admin (docs/decisions/034-performance-dashboard.md). */
export default function Performance() {
  const { t } = useTranslation("admin");
  const { data, filters, dropped } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("performance.title")}</h1>
      <p>{t("performance.lead")}</p>
      <Filters jalur={filters.jalur} period={filters.period ?? periodOf(new Date(data.computed_at))} />
      {dropped.length > 0 ? (
        <p className={ui.errorSummary} role="status">
          {t("performance.dropped", { names: dropped.map((n) => t(`performance.params.${n}`)).join(", ") })}
        </p>
      ) : null}
      <p className={ui.hint}>
        {t("performance.window", {
          weeksFrom: formatDate(data.weeks_from),
          weeksUntil: formatDate(new Date(Date.parse(data.weeks_until) - 1).toISOString()),
          monthsFrom: formatDate(data.months_from),
          until: formatDate(new Date(Date.parse(data.until) - 1).toISOString()),
        })}
      </p>
      <QueueChart data={data} filters={filters} />
      <WeeklyChart data={data} filters={filters} />
      <StageDaysChart data={data} filters={filters} />
      <BodiesChart data={data} filters={filters} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
