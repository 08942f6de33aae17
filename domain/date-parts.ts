// A date as the portal's forms ask for it (spec §9: month, day, year): three boxes, the year of four digits
// (app/components/DateField.tsx). Read here the same way by the server (app/utils/date-fields.server.ts) and
// by the live checks of the pages that have such a field, into the one ISO date the schemas and the API take.
// Its own module, so that only those pages load it.
import { realDay } from "./dates";

const pad = (n: number) => String(n).padStart(2, "0");

/** A date as a form's three boxes send it, in the spec's order: bulan, tanggal, tahun (four digits). */
export interface DateParts {
  month: string;
  day: string;
  year: string;
}

/** The names of the three boxes of the date field `name` (`birth_date.month`…): conform reads them as one object. */
export const datePartNames = (name: string) => ({ month: `${name}.month`, day: `${name}.day`, year: `${name}.year` });

/**
 * A whole date typed or pasted into one box, as three boxes: "1990-08-17" (ISO), "08/17/1990" (the spec's
 * month first) or "17/08/1990" — day first, read so when the first number cannot be a month and the second
 * can. Separators "/", "-" or "."; null when the text is no such date.
 */
export function splitDateText(text: string): DateParts | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (iso) return { month: iso[2], day: iso[3], year: iso[1] };
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})$/.exec(t);
  if (!m) return null;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a > 12 && b >= 1 && b <= 12 ? { month: m[2], day: m[1], year: m[3] } : { month: m[1], day: m[2], year: m[3] };
}

/** What is wrong with three boxes, each a rule of the validation catalogue (domain/validation-messages.ts). */
export type DateProblem =
  | { rule: "required" }
  /** the month box empty, not a number, or not 1 to 12 */
  | { rule: "dateMonth" }
  /** the day box empty, not a number, or not 1 to 31 */
  | { rule: "dateDay" }
  /** a year of other than four digits ("90") */
  | { rule: "dateYear" }
  /** a month above 12 whose day could be the month: day and month typed the other way round */
  | { rule: "dateDayFirst"; params: { month: number } }
  /** a day the month does not have (02/30) */
  | { rule: "dateNoSuchDay"; params: { day: number; month: number; year: number } };

export type DateBox = keyof DateParts;

/** One box's mistake: said on that box (with JavaScript, as soon as it is left), all of them on a post. */
export interface BoxProblem {
  box: DateBox;
  problem: DateProblem;
}

/**
 * Three boxes as ISO yyyy-mm-dd, or what is wrong with them: each box's own mistake, in the boxes' order
 * (13 / 40 / 90 is three mistakes, not only the year's), then a day the month lacks once each box is right
 * (said on the year, the box that decides a 29 February). A whole date pasted into the month box with the
 * two others empty is split first (splitDateText). Two-digit years are refused: the year has four.
 */
export function readDateParts(input: Partial<DateParts>): { iso: string; parts: DateParts } | { problems: BoxProblem[]; parts: DateParts } {
  let parts = datePartsOf(input);
  for (const k of ["month", "day", "year"] as const) parts[k] = parts[k].trim();
  if (!parts.day && !parts.year && /\D/.test(parts.month)) parts = splitDateText(parts.month) ?? parts;
  const { month, day, year } = parts;
  if (!month && !day && !year) return { problems: [{ box: "year", problem: { rule: "required" } }], parts };
  const [m, d, y] = [Number(month), Number(day), Number(year)];
  const dayOk = /^\d{1,2}$/.test(day) && d >= 1 && d <= 31;
  const problems: BoxProblem[] = [];
  if (!/^\d{1,2}$/.test(month) || m < 1 || m > 12)
    problems.push({
      box: "month",
      problem: /^\d+$/.test(month) && m > 12 && dayOk && d <= 12 ? { rule: "dateDayFirst", params: { month: m } } : { rule: "dateMonth" },
    });
  if (!dayOk) problems.push({ box: "day", problem: { rule: "dateDay" } });
  if (!/^\d{4}$/.test(year)) problems.push({ box: "year", problem: { rule: "dateYear" } });
  if (problems.length) return { problems, parts };
  if (!realDay(y, m, d)) return { problems: [{ box: "year", problem: { rule: "dateNoSuchDay", params: { day: d, month: m, year: y } } }], parts };
  return { iso: `${y}-${pad(m)}-${pad(d)}`, parts };
}

/** A field's value as three boxes: an ISO date (a default), or the boxes as posted (an object). */
export function datePartsOf(value: unknown): DateParts {
  const v = (typeof value === "string" ? /^(\d{4})-(\d\d)-(\d\d)/.exec(value)?.slice(1) : null) ?? [];
  const o = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const s = (x: unknown) => (typeof x === "string" ? x : "");
  return { month: v[1] ?? s(o.month), day: v[2] ?? s(o.day), year: v[0] ?? s(o.year) };
}
