import type { AppLoadContext } from "@remix-run/node";
import type { TFunction } from "i18next";
import type { Performance } from "#contracts/performance";
import { csvText } from "#domain/csv";
import type { JalurId } from "#domain/documents";
import type { PerformanceChart } from "#domain/performance";
import { ADMIN_ROLES } from "#domain/roles";
import { wibDate } from "#domain/time-zone";
import { stageWords } from "~/utils/workflow-words";
import { roleWords } from "~/utils/role-name";
import { getOrUnavailable } from "~/utils/api.server";
import { requireUser } from "~/utils/guards.server";
import { readFilters } from "./__kinerja-query";

// /kinerja and its CSVs (docs/decisions/034-performance-dashboard.md): the filters read from the address,
// the numbers from GET /admin/performance, each chart's numbers as the CSV beside it.

/** The guard of /kinerja and its CSVs (roles 1 and 2), then the numbers of the address's filters. */
export async function loadPerformance(request: Request, context: AppLoadContext) {
  await requireUser(request, context, { roles: ADMIN_ROLES });
  const { filters, dropped } = readFilters(new URL(request.url));
  const { data } = await getOrUnavailable(context, "/admin/performance", { ...filters });
  return { data, filters, dropped };
}

const num = (n: number | null) => n;

/** One chart's numbers as CSV lines (headings in the request's language, stages and bodies by their words and ids). */
export function chartCsv(chart: PerformanceChart, data: Performance, t: TFunction): string {
  const jalur = (j: JalurId) => t(`workflow:jalur.${j}`);
  const p = (key: string) => t(`admin:performance.${key}`);
  switch (chart) {
    case "antrean":
      return csvText([
        [p("queue.stage"), "stage_id", p("jalur"), p("queue.waiting"), p("queue.overdue"), p("queue.sla")],
        ...data.queue.map((q) => [stageWords(t, q.stage_id), q.stage_id, jalur(q.jalur_id), q.waiting, q.overdue, q.sla_days]),
      ]);
    case "mingguan":
      return csvText([
        [p("weekly.week"), p("jalur"), p("weekly.received"), p("weekly.decided")],
        ...data.weeks.map((w) => [w.week, jalur(w.jalur_id), w.received, w.decided]),
      ]);
    case "lama-tahap": {
      const sla = new Map(data.sla.map((s) => [s.stage_id, s.days]));
      return csvText([
        [p("queue.stage"), "stage_id", p("stageDays.month"), p("stageDays.decided"), p("stageDays.median"), p("stageDays.p90"), p("queue.sla")],
        ...data.stage_months.map((m) => [
          stageWords(t, m.stage_id),
          m.stage_id,
          m.month,
          m.decided,
          num(m.median_days),
          num(m.p90_days),
          sla.get(m.stage_id) ?? null,
        ]),
      ]);
    }
    case "sla-badan":
      return csvText([
        [p("bodies.body"), "role_id", p("bodies.decided"), p("bodies.within"), p("bodies.percent")],
        ...data.bodies.map((b) => [roleWords(t, b.role_id) ?? String(b.role_id), b.role_id, b.decided, b.within_sla, num(b.within_sla_percent)]),
      ]);
  }
}

/** `kinerja-<chart>[-<jalur>]-<period>.csv`, the day it was made in WIB when the period is still running. */
export function csvFileName(chart: PerformanceChart, data: Performance): string {
  const day = wibDate(new Date(data.computed_at)).replace(/-/g, "");
  return `kinerja-${chart}${data.jalur_id ? `-${data.jalur_id.toLowerCase()}` : ""}-${data.period}-${day}.csv`;
}
