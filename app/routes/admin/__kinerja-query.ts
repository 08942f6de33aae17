import { JALUR_IDS, type JalurId } from "#domain/documents";
import { isOfferedPeriod, periodOf } from "#domain/performance";

// The filters of /kinerja as its address carries them (a GET form: every view has its own URL), shared by
// the page, its CSV links and the loaders.

export interface PerformanceFilters {
  jalur?: JalurId;
  period?: string;
}

/** The filters of the address; a value the page does not offer is dropped (and named), never sent on. */
export function readFilters(url: URL, now = new Date()): { filters: PerformanceFilters; dropped: Array<keyof PerformanceFilters> } {
  const filters: PerformanceFilters = {};
  const dropped: Array<keyof PerformanceFilters> = [];
  const jalur = url.searchParams.get("jalur") ?? "";
  const period = url.searchParams.get("period") ?? "";
  if ((JALUR_IDS as readonly string[]).includes(jalur)) filters.jalur = jalur as JalurId;
  else if (jalur) dropped.push("jalur");
  if (isOfferedPeriod(period, now)) {
    if (period !== periodOf(now)) filters.period = period;
  } else if (period) dropped.push("period");
  return { filters, dropped };
}

/** The address of /kinerja or one of its CSVs with these filters. */
export function performanceHref(base: string, filters: PerformanceFilters): string {
  const q = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as Array<[string, string]>).toString();
  return q ? `${base}?${q}` : base;
}
