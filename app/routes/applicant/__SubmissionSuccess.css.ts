import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// The confirmation panel at the end of a submission or a reupload.
export const panel = style({ borderTop: `6px solid ${vars.color.success}`, textAlign: "left" });
export const tick = style({
  display: "grid",
  placeItems: "center",
  width: "3rem",
  height: "3rem",
  borderRadius: "50%",
  background: vars.color.successSoft,
  color: vars.color.success,
  fontSize: "1.75rem",
  fontWeight: 700,
  margin: `0 0 ${vars.space.md}`,
});
export const number = style({
  display: "grid",
  gap: vars.space.xs,
  background: vars.color.bgSoft,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  padding: vars.space.md,
  fontSize: "1.25rem",
});
export const nextTitle = style({ fontSize: "1.1rem", marginTop: vars.space.lg });
export const next = style({ paddingLeft: vars.space.lg, display: "grid", gap: vars.space.xs });
