import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const card = style({
  background: vars.color.bg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  padding: vars.space.lg,
  marginBottom: vars.space.lg,
});
export const narrow = style({ maxWidth: 480, margin: "0 auto" });
export const field = style({ display: "grid", gap: vars.space.xs, marginBottom: vars.space.md });
export const label = style({ fontWeight: 600 });
export const hint = style({ fontSize: "0.875rem", color: vars.color.muted, margin: 0 });
export const input = style({
  font: "inherit",
  padding: `${vars.space.sm} ${vars.space.sm}`,
  border: `2px solid ${vars.color.muted}`,
  borderRadius: vars.radius,
  width: "100%",
  background: vars.color.bg,
  color: vars.color.text,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
/** A multi-line input (reasons, notes): the input's look, taller, growing only downwards. */
export const textarea = style([input, { minHeight: "6rem", resize: "vertical" }]);
export const fieldError = style({ color: vars.color.danger, fontWeight: 600, fontSize: "0.9rem", margin: 0 });
/** The red box of an error the page reports: a form's error summary, a refused action, a failed load. */
export const errorSummary = style({
  border: `3px solid ${vars.color.danger}`,
  borderRadius: vars.radius,
  padding: vars.space.md,
  marginBottom: vars.space.lg,
  background: vars.color.dangerSoft,
});
export const button = style({
  font: "inherit",
  fontWeight: 700,
  background: vars.color.brand,
  color: "#fff",
  border: 0,
  borderRadius: vars.radius,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  cursor: "pointer",
  textDecoration: "none",
  display: "inline-block",
  selectors: { "&:hover": { background: vars.color.brandDark, color: "#fff" }, "&:disabled": { opacity: 0.7, cursor: "progress" } },
});
export const secondaryButton = style([
  button,
  {
    background: vars.color.bg,
    color: vars.color.brand,
    border: `2px solid ${vars.color.brand}`,
    selectors: { "&:hover": { background: vars.color.brandSoft, color: vars.color.brandDark } },
  },
]);
export const stack = style({ display: "grid", gap: vars.space.md });
export const row = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "center" });
export const muted = style({ color: vars.color.muted });
export const badge = style({
  display: "inline-block",
  whiteSpace: "nowrap",
  padding: `0 ${vars.space.sm}`,
  borderRadius: 999,
  fontWeight: 700,
  fontSize: "0.85rem",
});
export const badgeColour = {
  yellow: style({ background: vars.color.warnSoft, color: vars.color.warn }),
  red: style({ background: vars.color.dangerSoft, color: vars.color.danger }),
  green: style({ background: vars.color.successSoft, color: vars.color.success }),
  blue: style({ background: vars.color.infoSoft, color: vars.color.info }),
  none: style({ background: vars.color.bgSoft, color: vars.color.muted }),
};
export const checklist = style({ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: vars.space.sm });
export const hero = style({ background: vars.color.brandSoft, borderRadius: vars.radius, padding: vars.space.lg, marginBottom: vars.space.lg });
export const formBlock = style({ maxWidth: 480 });
export const flush = style({ margin: 0 });
