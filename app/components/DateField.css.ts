import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// A date field: three boxes on one row (month, day, year), each with its label above it. A grid that
// shrinks its columns keeps the year beside the day at 360 px, where a wrapping row put it on a line alone.
export const row = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 5.5rem) minmax(0, 5.5rem) minmax(0, 7rem)",
  gap: vars.space.sm,
  alignItems: "end",
});
const part = { display: "grid", gap: vars.space.xs, minWidth: 0 } as const;
/** the month's and the day's box: two digits */
export const box = style(part);
/** the year's box: four digits */
export const yearBox = style(part);
/** one box's message, each on its own line */
export const errorLine = style({ display: "block" });
