import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// A date field: the text input with its calendar button beside it, and the calendar under them.
export const row = style({ display: "flex", gap: vars.space.sm, alignItems: "stretch", maxWidth: "20rem" });
export const input = style({ flex: "1 1 auto", minWidth: 0 });
export const toggle = style({
  flex: "0 0 auto",
  font: "inherit",
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.brand}`,
  borderRadius: vars.radius,
  background: vars.color.bg,
  color: vars.color.brand,
  cursor: "pointer",
});
export const calendar = style({
  marginTop: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.bg,
  maxWidth: "20rem",
  boxShadow: "0 4px 12px rgba(0,0,0,0.12)",
});
export const header = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm, marginBottom: vars.space.xs });
export const title = style({ fontWeight: 600, margin: 0, fontSize: "1rem" });
export const nav = style({ font: "inherit", minWidth: "2.5rem", minHeight: "2.5rem", border: `1px solid ${vars.color.border}`, borderRadius: vars.radius, background: vars.color.bgSoft, cursor: "pointer" });
export const grid = style({ width: "100%", borderCollapse: "collapse", tableLayout: "fixed" });
export const weekday = style({ textAlign: "center", fontSize: "0.8rem", color: vars.color.muted, padding: "0.25rem 0", borderBottom: 0 });
export const cell = style({ padding: 1, borderBottom: 0, textAlign: "center" });
export const day = style({
  width: "100%",
  minHeight: "2.25rem",
  font: "inherit",
  border: 0,
  borderRadius: vars.radius,
  background: "transparent",
  cursor: "pointer",
  selectors: { "&:hover": { background: vars.color.brandSoft }, '&[aria-pressed="true"]': { background: vars.color.brand, color: "#fff" } },
});
