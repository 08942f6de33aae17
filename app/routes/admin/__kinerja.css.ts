import { style } from "@vanilla-extract/css";
import { mq, vars } from "~/styles/theme.css";

// /kinerja: each chart (server-rendered SVG, scaled to its column) beside the table of its numbers.

export const pair = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "minmax(0, 1fr)",
  alignItems: "start",
  "@media": { [mq.lg]: { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)" } },
});
export const figure = style({ margin: 0, minWidth: 0 });
export const chart = style({ display: "block", width: "100%", height: "auto", maxWidth: "36rem" });
export const axis = style({ stroke: vars.color.border, strokeWidth: 1 });
export const label = style({ fill: vars.color.text, fontSize: 14 });
export const small = style({ fill: vars.color.muted, fontSize: 12 });
export const barTotal = style({ fill: vars.color.brandSoft, stroke: vars.color.brand, strokeWidth: 1 });
export const barPart = style({ fill: vars.color.danger });
export const barShare = style({ fill: vars.color.brand });
export const lineMain = style({ fill: "none", stroke: vars.color.brand, strokeWidth: 2 });
export const lineSecond = style({ fill: "none", stroke: vars.color.info, strokeWidth: 2, strokeDasharray: "5 3" });
export const lineLimit = style({ fill: "none", stroke: vars.color.danger, strokeWidth: 1.5, strokeDasharray: "2 3" });
export const dotMain = style({ fill: vars.color.brand });
export const dotSecond = style({ fill: vars.color.info });
export const legend = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.xs} ${vars.space.md}`,
  fontSize: "0.85rem",
  margin: `${vars.space.xs} 0 0`,
  padding: 0,
  listStyle: "none",
});
export const legendItem = style({ display: "flex", alignItems: "center", gap: vars.space.xs });
const swatchBase = style({ width: "1.2rem", height: "0.6rem", display: "inline-block", borderRadius: 2 });
export const swatch = {
  main: style([swatchBase, { background: vars.color.brand }]),
  second: style([swatchBase, { background: `repeating-linear-gradient(90deg, ${vars.color.info} 0 5px, transparent 5px 8px)` }]),
  limit: style([swatchBase, { background: `repeating-linear-gradient(90deg, ${vars.color.danger} 0 2px, transparent 2px 5px)`, height: "0.2rem" }]),
  total: style([swatchBase, { background: vars.color.brandSoft, border: `1px solid ${vars.color.brand}` }]),
  part: style([swatchBase, { background: vars.color.danger }]),
};
export const filters = style({
  display: "grid",
  gap: vars.space.sm,
  gridTemplateColumns: "minmax(0, 1fr)",
  alignItems: "end",
  "@media": { [mq.md]: { gridTemplateColumns: "1fr 1fr auto" } },
});
export const filterField = style({ display: "grid", gap: vars.space.xs, minWidth: 0 });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "center" });
export const stageBlock = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.md, marginTop: vars.space.md });
export const csv = style({ display: "inline-block", marginTop: vars.space.sm });
export const tableWrap = style({ minWidth: 0 });
