import type { TestSchedule as ScheduleEntry } from "#contracts/test-schedules";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { formatDate, formatDateTime } from "~/utils/format";
import { requireUser } from "~/utils/guards.server";
import { titled } from "~/utils/page-title";

export const handle = titled("testSchedule");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const r = await context.api.call<{ data: ScheduleEntry[] }>("GET", "/test-schedules");
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
          <table>
            <thead>
              <tr>
                <th scope="col">{t("schedule.event")}</th>
                <th scope="col">{t("schedule.date")}</th>
                <th scope="col">{t("schedule.location")}</th>
                <th scope="col">{t("schedule.deadline")}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>
                    {e.title}
                    {e.notes ? <p className={ui.hint}>{e.notes}</p> : null}
                  </td>
                  <td>
                    {formatDateTime(e.starts_at)}
                    {e.ends_at ? ` – ${formatDateTime(e.ends_at)}` : ""}
                  </td>
                  <td>{e.location}</td>
                  <td>{formatDate(e.registration_deadline)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
