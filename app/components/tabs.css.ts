import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// A row of tabs as links, the current one marked by aria-current (the review lists, the admin's user lists).
export const tabs = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  borderBottom: `2px solid ${vars.color.border}`,
  marginBottom: vars.space.md,
  padding: 0,
  listStyle: "none",
});
export const tab = style({
  display: "inline-block",
  padding: `${vars.space.sm} ${vars.space.md}`,
  textDecoration: "none",
  fontWeight: 600,
  borderBottom: "3px solid transparent",
  marginBottom: -2,
  selectors: { '&[aria-current="page"]': { borderBottomColor: vars.color.brand, color: vars.color.text } },
});
