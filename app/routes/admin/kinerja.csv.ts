import type { LoaderFunctionArgs } from "@remix-run/node";
import { PERFORMANCE_CHARTS, type PerformanceChart } from "#domain/performance";
import { i18next } from "~/utils/i18n.server";
import { chartCsv, csvFileName, loadPerformance } from "./__kinerja.server";

// /kinerja/<chart>.csv: the numbers of one chart of /kinerja, for the same filters, as a spreadsheet reads them.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { data } = await loadPerformance(request, context);
  const chart = new URL(request.url).pathname
    .split("/")
    .pop()!
    .replace(/\.csv$/, "") as PerformanceChart;
  if (!PERFORMANCE_CHARTS.includes(chart)) throw new Response("", { status: 404 });
  const t = await i18next.getFixedT(request, "admin");
  return new Response(chartCsv(chart, data, t), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${csvFileName(chart, data)}"`,
      "cache-control": "private, no-store",
    },
  });
}
