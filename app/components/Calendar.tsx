import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LOCALE } from "#domain/constants";
import { calendarWeeks, todayIso, weekdayOrder } from "#domain/dates";
import * as d from "./DateField.css";

/** A month's grid of days, Sunday first (LOCALE.FIRST_DAY_OF_WEEK); JavaScript only. */
export function Calendar({ id, selected, onChoose, onClose }: { id: string; selected: string | null; onChoose: (iso: string) => void; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language?.startsWith("en") ? "en-US" : "id-ID";
  const start = selected ?? todayIso();
  const [month, setMonth] = useState({ year: Number(start.slice(0, 4)), month: Number(start.slice(5, 7)) });
  const ref = useRef<HTMLDivElement>(null);
  // Opened, the calendar takes the focus on the chosen day (or the first of the month): keys and screen readers start there.
  useEffect(() => {
    (ref.current?.querySelector<HTMLButtonElement>('button[aria-pressed="true"]') ?? ref.current?.querySelector<HTMLButtonElement>("tbody button"))?.focus();
  }, []);
  const weeks = calendarWeeks(month.year, month.month, LOCALE.FIRST_DAY_OF_WEEK);
  // 2023-01-01 was a Sunday: day n of that week names weekday n.
  const weekdayName = (n: number, style: "short" | "long") => new Intl.DateTimeFormat(locale, { weekday: style, timeZone: "UTC" }).format(new Date(Date.UTC(2023, 0, 1 + n)));
  const title = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(month.year, month.month - 1, 1)));
  const longDate = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: "full", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
  const step = (delta: number) =>
    setMonth(({ year, month: m }) => {
      const next = new Date(Date.UTC(year, m - 1 + delta, 1));
      return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1 };
    });
  return (
    <div ref={ref} id={id} role="dialog" aria-label={t("form.calendar")} className={d.calendar} onKeyDown={(e) => e.key === "Escape" && (e.preventDefault(), onClose())}>
      <div className={d.header}>
        <button type="button" className={d.nav} onClick={() => step(-12)} aria-label={t("form.previousYear")}>«</button>
        <button type="button" className={d.nav} onClick={() => step(-1)} aria-label={t("form.previousMonth")}>‹</button>
        <p className={d.title} aria-live="polite">{title}</p>
        <button type="button" className={d.nav} onClick={() => step(1)} aria-label={t("form.nextMonth")}>›</button>
        <button type="button" className={d.nav} onClick={() => step(12)} aria-label={t("form.nextYear")}>»</button>
      </div>
      <table className={d.grid}>
        <thead>
          <tr>
            {weekdayOrder(LOCALE.FIRST_DAY_OF_WEEK).map((n) => (
              <th key={n} scope="col" abbr={weekdayName(n, "long")} className={d.weekday}>{weekdayName(n, "short")}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, i) => (
            <tr key={i}>
              {week.map((cell, j) => (
                <td key={j} className={d.cell}>
                  {cell ? (
                    <button type="button" className={d.day} aria-label={longDate(cell.iso)} aria-pressed={cell.iso === selected} onClick={() => onChoose(cell.iso)}>
                      {cell.day}
                    </button>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
