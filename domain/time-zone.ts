// The portal's one time zone: Western Indonesia Time (WIB, Asia/Jakarta, UTC+7, no daylight saving).
// Dates people read, the day a CSV is named after, the hour the daily digest goes and the times an
// admin types without a zone all use it; nothing else spells it.

/** The IANA name, for Intl.DateTimeFormat and toLocaleString. */
export const TIME_ZONE = "Asia/Jakarta";
/** The offset as ISO 8601 writes it, for a local time typed without a zone. */
export const UTC_OFFSET = "+07:00";
const OFFSET_MS = 7 * 60 * 60 * 1000;

/** The calendar day of an instant in WIB, YYYY-MM-DD. */
export function wibDate(instant: Date): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The hour (0–23) of an instant in WIB. */
export function wibHour(instant: Date): number {
  return new Date(instant.getTime() + OFFSET_MS).getUTCHours();
}

/** An ISO instant as a datetime-local value in WIB ("2027-03-15T08:00"); "" for none. */
export function wibLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return "";
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 16);
}
