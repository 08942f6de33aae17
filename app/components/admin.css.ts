import { globalStyle, style } from "@vanilla-extract/css";
import { mq, vars } from "~/styles/theme.css";

// The admin pages: list toolbars and filters, tables, paging, the audit trail.

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  gap: vars.space.md,
  alignItems: "center",
  marginBottom: vars.space.md,
});
// The admin lists' filters: a wide search box, two choices and the button on one row from md. The review
// lists' filters (routes/review/__review.css.ts) look alike but lay out three equal boxes and a second row
// of checks and actions: two layouts, each kept beside its pages.
export const filters = style({
  display: "grid",
  gap: vars.space.sm,
  gridTemplateColumns: "1fr",
  alignItems: "end",
  marginBottom: vars.space.md,
  "@media": { [mq.md]: { gridTemplateColumns: "2fr 1fr 1fr auto" } },
});
export const filterField = style({ display: "grid", gap: vars.space.xs });
export const tableScroll = style({ overflowX: "auto", marginBottom: vars.space.md });
export const table = style({ fontSize: "0.95rem" });
globalStyle(`${table} th, ${table} td`, {
  textAlign: "left",
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "top",
});
globalStyle(`${table} th`, { background: vars.color.bgSoft });
export { pageLink, pager } from "~/components/pager.css";
export const audit = style({ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: vars.space.md });
export const auditEntry = style({ borderLeft: `4px solid ${vars.color.brand}`, paddingLeft: vars.space.md });
export const dangerButton = style({
  font: "inherit",
  fontWeight: 700,
  background: vars.color.danger,
  color: "#fff",
  border: 0,
  borderRadius: vars.radius,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  cursor: "pointer",
  selectors: { "&:hover": { background: "#8c1d17" } },
});
export const slaGroup = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius, padding: vars.space.md, marginBottom: vars.space.lg });
export const slaLegend = style({ fontWeight: 700, fontSize: "1.1rem", padding: `0 ${vars.space.sm}` });
export const slaRow = style({ maxWidth: 360 });
/** A second settings form below the first (/sla-setting's committee name), set apart from it. */
export const settingSection = style({ marginTop: vars.space.xl });
