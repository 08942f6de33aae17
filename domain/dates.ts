// Spec §9 "Locale": dates in the month/day/year order (mm/dd/yy). Plain code, no zod: the server's
// schemas (domain/validation.ts `rules.date`) and the live validator read dates with these helpers, so
// they agree; a form's three date boxes are read by ./date-parts.ts.

/** What a date field accepts as typed: the spec's mm/dd/yy (one or two digits for month and day), or ISO yyyy-mm-dd. */
export const DATE_INPUT_PATTERN = "(\\d{1,2})/(\\d{1,2})/(\\d{2})|(\\d{4})-(\\d{2})-(\\d{2})";
const DATE_INPUT = new RegExp(`^(?:${DATE_INPUT_PATTERN})$`);

/**
 * The century of a two-digit year (documented pivot): a year up to this year's two digits is this
 * century's, a larger one the last century's. In 2026, "26" → 2026 and "27" → 1927: a date field
 * asks for a date that has passed (a birth date), never one 75 years ahead.
 */
export function fullYear(yy: number, today: Date = new Date()): number {
  const thisYear = today.getUTCFullYear();
  const century = Math.floor(thisYear / 100) * 100;
  return yy <= thisYear % 100 ? century + yy : century - 100 + yy;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** True when the year, month and day name a day of the calendar (no 02/30, no 13/01). */
export function realDay(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** A typed date (mm/dd/yy or yyyy-mm-dd, spaces around ignored) as ISO yyyy-mm-dd, or null when it is no day. */
export function parseDateInput(value: string, today: Date = new Date()): string | null {
  const m = DATE_INPUT.exec(value.trim());
  if (!m) return null;
  const [year, month, day] = m[1] ? [fullYear(Number(m[3]), today), Number(m[1]), Number(m[2])] : [Number(m[4]), Number(m[5]), Number(m[6])];
  return realDay(year, month, day) ? `${year}-${pad(month)}-${pad(day)}` : null;
}

/** True when the text has the shape of a date (mm/dd/yy or ISO), whether or not the day exists. */
export function looksLikeDate(value: string): boolean {
  return DATE_INPUT.test(value.trim());
}

/** An ISO date (yyyy-mm-dd, or an instant whose first ten characters are one) as the spec's mm/dd/yy; anything else unchanged. */
export function formatDateInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1].slice(2)}` : iso;
}

/** Today as ISO yyyy-mm-dd (UTC, as the server's checks count it). */
export function todayIso(today: Date = new Date()): string {
  return today.toISOString().slice(0, 10);
}
