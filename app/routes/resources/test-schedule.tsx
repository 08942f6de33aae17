import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataTable } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { formatDate, formatDateTime } from "~/utils/format";
import { requireUser } from "~/utils/guards.server";
import { titled } from "~/utils/page-title";

export const handle = titled("testSchedule");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const r = await context.api.call("GET", "/test-schedules");
  if (!r.ok) throw new Response(r.error.message, { status: 503 });
  return { entries: r.body.data };
}

/** /test-schedule ('JADWAL UJI KOMPETENSI'): the competency-test schedule, edited on /master-cms. */
export default function TestSchedule() {
  const { t } = useTranslation();
  const { entries } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("schedule.title")}</h1>
      <p>{t("schedule.lead")}</p>
      {entries.length === 0 ? (
        <p className={ui.card}>{t("schedule.empty")}</p>
      ) : (
        <div className={ui.card}>
          <DataTable
            caption={t("schedule.title")}
            captionClassName="visually-hidden"
            scrollClassName=""
            rows={entries}
            columns={[
              {
                header: t("schedule.event"),
                cell: (e) => (
                  <>
                    {e.title}
                    {e.notes ? <p className={ui.hint}>{e.notes}</p> : null}
                  </>
                ),
              },
              { header: t("schedule.date"), cell: (e) => `${formatDateTime(e.starts_at)}${e.ends_at ? ` – ${formatDateTime(e.ends_at)}` : ""}` },
              { header: t("schedule.location"), cell: (e) => e.location },
              { header: t("schedule.deadline"), cell: (e) => formatDate(e.registration_deadline) },
            ]}
          />
        </div>
      )}
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
