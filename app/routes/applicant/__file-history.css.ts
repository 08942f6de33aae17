import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// The file history: each version a card of short lines, so a phone reads it without a wide table.
export const versions = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.md });
export const version = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  padding: vars.space.md,
  display: "grid",
  gap: vars.space.xs,
  minWidth: 0,
});
export const versionTitle = style({ fontSize: "1rem", margin: 0 });
export const fileName = style({ margin: 0, overflowWrap: "anywhere" });
export const line = style({ margin: 0 });
