import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// A date field: three boxes in a row (month, day, year), each with its label above it; narrow enough for 360 px.
export const row = style({ display: "flex", gap: vars.space.sm, alignItems: "flex-end", flexWrap: "wrap" });
const part = { display: "grid", gap: vars.space.xs, minWidth: 0 } as const;
/** the month's and the day's box: two digits */
export const box = style({ ...part, flex: "0 1 5.5rem" });
/** the year's box: four digits */
export const yearBox = style({ ...part, flex: "0 1 7rem" });
