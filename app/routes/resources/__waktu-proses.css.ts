import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// /waktu-proses: a bar chart drawn with HTML and CSS only (no script, no inline style: the CSP forbids
// it), so each bar's length is one of these classes, in steps of 2% of the longest wait on the page.

export const chart = style({ listStyle: "none", padding: 0, margin: `0 0 ${vars.space.md}`, display: "grid", gap: vars.space.sm, maxWidth: "44rem" });
export const chartStage = style({ display: "grid", gap: 2 });
export const chartName = style({ fontWeight: 600, fontSize: "0.95rem" });
export const bar = style({ display: "flex", alignItems: "center", gap: vars.space.sm, fontSize: "0.85rem", minWidth: 0 });
const fill = style({ display: "block", height: "0.9rem", borderRadius: 2, minWidth: 2 });
export const medianFill = style([fill, { background: vars.color.brand }]);
export const p90Fill = style([fill, { background: vars.color.brandSoft, border: `1px solid ${vars.color.brand}` }]);
export const lane = style({ flex: "1 1 auto", minWidth: 0 });
export const barValue = style({ flex: "none", minWidth: "5.5rem", whiteSpace: "nowrap", color: vars.color.muted });
export const legend = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.xs} ${vars.space.md}`,
  fontSize: "0.85rem",
  margin: `0 0 ${vars.space.sm}`,
  padding: 0,
  listStyle: "none",
});
export const legendItem = style({ display: "flex", alignItems: "center", gap: vars.space.xs });
export const swatch = style({ width: "0.9rem", height: "0.9rem", display: "inline-block", borderRadius: 2 });

/** widths[n]: n% of the track, n = 0, 2, 4, … 100. */
export const widths = styleVariants(
  Object.fromEntries(Array.from({ length: 51 }, (_, i) => [i * 2, { width: `${i * 2}%` }])) as Record<number, { width: string }>,
);
