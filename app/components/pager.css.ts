import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// The page links under a list: the admin's lists and the reviewer's list and document viewer share them.

export const pager = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center", listStyle: "none", padding: 0 });
export const pageLink = style({
  display: "inline-block",
  minWidth: "2.5rem",
  textAlign: "center",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  textDecoration: "none",
  selectors: { '&[aria-current="page"]': { background: vars.color.brand, color: "#fff", borderColor: vars.color.brand } },
});
