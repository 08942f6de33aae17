import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// The history of an application: a vertical line with a dot per event, newest last.
export const list = style({ listStyle: "none", margin: 0, padding: 0, position: "relative" });
export const entry = style({
  position: "relative",
  paddingLeft: vars.space.xl,
  paddingBottom: vars.space.lg,
  selectors: {
    "&::before": { content: '""', position: "absolute", left: "0.6rem", top: "0.4rem", bottom: 0, width: 2, background: vars.color.border },
    "&:last-child::before": { display: "none" },
    "&::after": {
      content: '""',
      position: "absolute",
      left: "0.25rem",
      top: "0.3rem",
      width: "0.9rem",
      height: "0.9rem",
      borderRadius: "50%",
      background: vars.color.brand,
      border: `2px solid ${vars.color.bg}`,
      boxShadow: `0 0 0 2px ${vars.color.brand}`,
    },
  },
});
export const failed = style({ selectors: { "&::after": { background: vars.color.danger, boxShadow: `0 0 0 2px ${vars.color.danger}` } } });
export const reupload = style({ selectors: { "&::after": { background: vars.color.warn, boxShadow: `0 0 0 2px ${vars.color.warn}` } } });
export const when = style({ margin: 0, fontSize: "0.875rem", color: vars.color.muted });
export const title = style({ fontSize: "1.05rem", margin: `0 0 ${vars.space.xs}` });
export const internal = style({ background: vars.color.warnSoft, borderRadius: vars.radius, padding: `0 ${vars.space.xs}` });
globalStyle(`${entry} dl`, { marginBottom: 0 });
