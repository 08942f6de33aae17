import { style } from "@vanilla-extract/css";
import { mq, vars } from "~/styles/theme.css";

// /welcome: one card per kind of applicant, each with its "Masuk" and its "Buat akun".
export const ctas = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { [mq.sm]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});
export const cta = style({
  display: "grid",
  gap: vars.space.sm,
  justifyItems: "start",
  alignContent: "start",
  background: vars.color.bg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  padding: vars.space.md,
});
export const ctaTitle = style({ fontSize: "1.05rem", margin: 0 });
