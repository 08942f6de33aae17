import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// How a deadline stands beside it (SlaState): late, or the days left.
export const overdue = style({ color: vars.color.danger, fontWeight: 700 });
export const onTime = style({ color: vars.color.muted });
