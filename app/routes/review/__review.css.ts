import { globalStyle, style } from "@vanilla-extract/css";
import { mq, vars } from "~/styles/theme.css";

// The review pages: list tabs, filters, the table, paging, the detail's documents and timeline.

export { tab, tabs } from "~/components/tabs.css";
export const filters = style({
  display: "grid",
  gap: vars.space.sm,
  gridTemplateColumns: "1fr",
  alignItems: "end",
  paddingTop: vars.space.sm,
  "@media": { [mq.md]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" } },
});
export const filterField = style({ display: "grid", gap: vars.space.xs });
export const filterCheck = style({ display: "flex", gap: vars.space.sm, alignItems: "center", minHeight: "2.5rem" });
export const filterActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "center" });
export const notice = style({
  border: `2px solid ${vars.color.warn}`,
  background: vars.color.warnSoft,
  borderRadius: vars.radius,
  padding: vars.space.md,
  margin: `${vars.space.md} 0`,
});
export const tableScroll = style({ overflowX: "auto", marginBottom: vars.space.md });
export const table = style({ fontSize: "0.95rem" });
globalStyle(`${table} th`, { background: vars.color.bgSoft });
export const nowrap = style({ whiteSpace: "nowrap" });
export const subline = style({ display: "block" });
export { onTime, overdue } from "~/components/sla.css";
export { pageLink, pager } from "~/components/pager.css";
export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  gap: vars.space.md,
  alignItems: "center",
  marginBottom: vars.space.sm,
});
export const versions = style({ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: vars.space.md });
export const version = style({ borderLeft: `4px solid ${vars.color.border}`, paddingLeft: vars.space.md });
export const currentVersion = style({ borderLeftColor: vars.color.brand });
export const preview = style({
  display: "block",
  maxWidth: "100%",
  maxHeight: 480,
  height: "auto",
  border: `1px solid ${vars.color.border}`,
  marginTop: vars.space.sm,
});
export const documentBlock = style({ padding: `${vars.space.md} 0`, borderBottom: `1px solid ${vars.color.border}`, overflowWrap: "anywhere" });
export const reuploadRow = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.sm, marginTop: vars.space.sm });
export const decisionForm = style({ maxWidth: 640 });
// The detail's summary that stays at the top of the window: who, number, status, and the way to the decision.
export const sticky = style({
  position: "sticky",
  top: 0,
  zIndex: 20,
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: `${vars.space.xs} ${vars.space.md}`,
  background: vars.color.bg,
  borderBottom: `3px solid ${vars.color.brand}`,
  boxShadow: "0 2px 6px rgba(0, 0, 0, 0.08)",
  padding: `${vars.space.sm} ${vars.space.md}`,
  margin: `0 0 ${vars.space.lg}`,
});
export const stickyWho = style({
  margin: 0,
  display: "flex",
  flexWrap: "wrap",
  gap: `0 ${vars.space.sm}`,
  alignItems: "baseline",
  minWidth: 0,
  overflowWrap: "anywhere",
});
export const stickyLink = style({ fontWeight: 700, whiteSpace: "nowrap" });
// A document's reason opens once the document is ticked; unticked it stays in the page (hidden), so the
// form posts the same fields with or without JavaScript.
export const reasonField = style({ marginTop: vars.space.sm, marginLeft: "1.75rem" });
globalStyle(`${reuploadRow}:has(input[type="checkbox"]:not(:checked)) ${reasonField}`, { display: "none" });
// A jump to the decision form or the history lands below the sticky summary, not under it.
globalStyle("#keputusan, #audit-title", { scrollMarginTop: "8rem" });
// The detail's documents, history and decision form, with the document viewer beside them from 992 px on:
// the frame stays in view (sticky, below the summary bar) while the reviewer reads the list and fills the form.
// Narrower, the frame and its links are not shown: each document opens on its own page instead.
export const workspace = style({
  "@media": { [mq.lg]: { display: "grid", gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)", gap: vars.space.lg, alignItems: "start" } },
});
export const side = style({ display: "none", "@media": { [mq.lg]: { display: "block", position: "sticky", top: "5.5rem" } } });
// The hint lies behind the empty frame, which is transparent; a loaded PDF or image paints over it.
export const sideStage = style({ position: "relative", border: `1px solid ${vars.color.border}`, background: vars.color.bgSoft });
export const sideHint = style({
  position: "absolute",
  inset: 0,
  margin: 0,
  padding: vars.space.lg,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  textAlign: "center",
  color: vars.color.muted,
});
export const sideFrame = style({
  position: "relative",
  display: "block",
  width: "100%",
  height: "calc(100vh - 12rem)",
  minHeight: 320,
  border: 0,
  background: "transparent",
});
export const wideOnly = style({ display: "none", "@media": { [mq.lg]: { display: "inline" } } });
