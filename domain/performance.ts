// The queue at a glance (/kinerja, docs/decisions/034-performance-dashboard.md): the windows its charts
// cover, in WIB, shared by the API (which counts in them) and the page (which offers the periods).

/** Weeks of the "received and decided" chart, months of the "days in stage" chart and the SLA shares. */
export const PERFORMANCE_WEEKS = 26;
export const PERFORMANCE_MONTHS = 12;
/** How many months back the period filter offers (the current month first). */
export const PERFORMANCE_PERIODS = 24;

/** A period: the last month the charts show, YYYY-MM. */
export const PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The month (YYYY-MM, WIB) an instant falls in. */
export function periodOf(instant: Date): string {
  return new Date(instant.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 7);
}

/** The instant a month starts in WIB; `shift` months later (or earlier, negative). */
export function monthStart(period: string, shift = 0): Date {
  const m = PERIOD_PATTERN.exec(period);
  if (!m) throw new Error(`not a period: ${period}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1 + shift, 1) - WIB_OFFSET_MS);
}

/** The periods the filter offers at `now`: this month first, then each month before it. */
export function periodsBefore(now: Date, count = PERFORMANCE_PERIODS): string[] {
  const current = periodOf(now);
  return Array.from({ length: count }, (_, i) => periodOf(monthStart(current, -i)));
}

/** Whether `period` is one the filter offers at `now`. */
export function isOfferedPeriod(period: string, now: Date): boolean {
  return PERIOD_PATTERN.test(period) && periodsBefore(now).includes(period);
}

export interface PerformanceWindows {
  /** where the months end: the end of the period's month, or now while it runs */
  until: Date;
  /** where the weeks end: the end of the week the period's last day falls in, or now while it runs (weeks are whole) */
  weeksUntil: Date;
  /** the Monday (WIB) that starts the first of PERFORMANCE_WEEKS weeks, the last being the week `until` falls in */
  weeksFrom: Date;
  /** the start of the first of PERFORMANCE_MONTHS months, the last being the period's */
  monthsFrom: Date;
  /** the weeks' Mondays (YYYY-MM-DD, WIB), oldest first */
  weeks: string[];
  /** the months (YYYY-MM), oldest first */
  months: string[];
}

/** The windows of a period at `now`. */
export function performanceWindows(period: string, now: Date): PerformanceWindows {
  const end = monthStart(period, 1);
  const until = end.getTime() < now.getTime() ? end : now;
  // The WIB day of the last instant counted, then back to its Monday (getUTCDay: 0 is Sunday).
  const lastDay = new Date(until.getTime() - 1 + WIB_OFFSET_MS);
  const lastMonday = Date.UTC(lastDay.getUTCFullYear(), lastDay.getUTCMonth(), lastDay.getUTCDate()) - ((lastDay.getUTCDay() + 6) % 7) * DAY_MS;
  const weeks = Array.from({ length: PERFORMANCE_WEEKS }, (_, i) => new Date(lastMonday - (PERFORMANCE_WEEKS - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10));
  const months = Array.from({ length: PERFORMANCE_MONTHS }, (_, i) => periodOf(monthStart(period, i - (PERFORMANCE_MONTHS - 1))));
  const weekEnd = lastMonday + 7 * DAY_MS - WIB_OFFSET_MS;
  return {
    until,
    weeksUntil: weekEnd < now.getTime() ? new Date(weekEnd) : now,
    weeksFrom: new Date(lastMonday - (PERFORMANCE_WEEKS - 1) * 7 * DAY_MS - WIB_OFFSET_MS),
    monthsFrom: monthStart(period, -(PERFORMANCE_MONTHS - 1)),
    weeks,
    months,
  };
}

/** The charts of /kinerja, each with its CSV at /kinerja/<chart>.csv. */
export const PERFORMANCE_CHARTS = ["antrean", "mingguan", "lama-tahap", "sla-badan"] as const;
export type PerformanceChart = (typeof PERFORMANCE_CHARTS)[number];

/** The instant a week (its Monday, YYYY-MM-DD, WIB) starts. */
export function weekStart(monday: string): Date {
  return new Date(Date.parse(`${monday}T00:00:00Z`) - WIB_OFFSET_MS);
}

/** The instant after the week of `monday`. */
export function weekEnd(monday: string): Date {
  return new Date(weekStart(monday).getTime() + 7 * DAY_MS);
}
