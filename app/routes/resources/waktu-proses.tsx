import type { StageTimes } from "#contracts/public";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useWorkflowWords } from "~/utils/workflow-words";
import { DataTable } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import * as c from "~/routes/resources/__waktu-proses.css";
import { formatDateTime } from "~/utils/format";
import { titled } from "~/utils/page-title";

export const handle = titled("processingTimes");

// Open to everyone, logged in or not: no guard (the landing layout itself does not redirect).
export async function loader({ context }: LoaderFunctionArgs) {
  const r = await context.api.call("GET", "/public/processing-times");
  if (!r.ok) return { times: null };
  // Each stage by its id: the page words it.
  return { times: r.body.data };
}

const DAYS = new Intl.NumberFormat("id-ID", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const DASH = "—";

/** The bar's length: a step of 2% of the longest wait on the page. */
const widthOf = (days: number, longest: number) => Math.min(100, Math.max(0, Math.round((days / longest) * 50) * 2));

/** /waktu-proses: how long each stage of each pathway takes, from the last 12 months' decisions (aggregates only). */
export default function ProcessingTimesPage() {
  const { t } = useTranslation();
  const words = useWorkflowWords();
  const { times } = useLoaderData<typeof loader>();
  const days = (n: number | null) => (n === null ? DASH : DAYS.format(n));
  const decided = (s: StageTimes) => (s.decided === null ? t("processingTimes.few", { min: times?.min_decided }) : String(s.decided));
  const percent = (n: number | null) => (n === null ? DASH : `${n}%`);
  const longest = Math.max(1, ...(times?.pathways.flatMap((p) => p.stages.map((s) => s.p90_days ?? 0)) ?? []));
  return (
    <>
      <section className={ui.hero} aria-labelledby="times-title">
        <h1 id="times-title">{t("processingTimes.title")}</h1>
        <p>{t("processingTimes.lead")}</p>
        <p>{t("processingTimes.explain")}</p>
        {/* Said before the tables, where "kurang dari 10" would otherwise puzzle a reader. */}
        {times ? <p>{t("processingTimes.privacy", { min: times.min_decided })}</p> : null}
      </section>
      {!times ? (
        <p className={ui.card}>{t("processingTimes.unavailable")}</p>
      ) : (
        <>
          {times.pathways.map((p) => (
            <section key={p.jalur} className={ui.card} aria-labelledby={`jalur-${p.jalur}`}>
              <h2 id={`jalur-${p.jalur}`}>{t(`requirements.jalur.${p.jalur}`)}</h2>
              {/* The chart repeats the table below for the eye; screen readers read the table. */}
              <div aria-hidden="true">
                <ul className={c.legend}>
                  <li className={c.legendItem}>
                    <span className={`${c.swatch} ${c.medianFill}`} />
                    {t("processingTimes.median")}
                  </li>
                  <li className={c.legendItem}>
                    <span className={`${c.swatch} ${c.p90Fill}`} />
                    {t("processingTimes.p90")}
                  </li>
                </ul>
                <ul className={c.chart}>
                  {p.stages.map((s) => (
                    <li key={s.stage_id} className={c.chartStage}>
                      <span className={c.chartName}>{words.stage(s.stage_id)}</span>
                      {s.median_days === null || s.p90_days === null ? (
                        <span className={c.barValue}>{DASH}</span>
                      ) : (
                        <>
                          <span className={c.bar}>
                            <span className={c.lane}>
                              <span className={`${c.medianFill} ${c.widths[widthOf(s.median_days, longest)]}`} />
                            </span>
                            <span className={c.barValue}>{t("processingTimes.days", { value: days(s.median_days) })}</span>
                          </span>
                          <span className={c.bar}>
                            <span className={c.lane}>
                              <span className={`${c.p90Fill} ${c.widths[widthOf(s.p90_days, longest)]}`} />
                            </span>
                            <span className={c.barValue}>{t("processingTimes.days", { value: days(s.p90_days) })}</span>
                          </span>
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
              <DataTable
                caption={t("processingTimes.caption", { jalur: t(`requirements.jalur.${p.jalur}`) })}
                scrollClassName=""
                rows={p.stages.map((s) => ({ ...s, id: s.stage_id }))}
                columns={[
                  { header: t("processingTimes.stage"), cell: (s) => words.stage(s.stage_id) },
                  { header: t("processingTimes.median"), cell: (s) => days(s.median_days) },
                  { header: t("processingTimes.p90"), cell: (s) => days(s.p90_days) },
                  { header: t("processingTimes.decided"), cell: decided },
                  { header: t("processingTimes.withinSla"), cell: (s) => percent(s.within_sla_percent) },
                  { header: t("processingTimes.sla"), cell: (s) => String(s.sla_days) },
                ]}
              />
            </section>
          ))}
          <section className={ui.card} aria-labelledby="times-how">
            <h2 id="times-how">{t("processingTimes.howTitle")}</h2>
            <p>{t("processingTimes.how")}</p>
            <p className={ui.hint}>{t("processingTimes.updated", { date: formatDateTime(times.computed_at) })}</p>
          </section>
        </>
      )}
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
