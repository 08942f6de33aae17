import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// Choices (radios, checkboxes) and the honeypot, beside ui.css's text fields.
export const fieldset = style({ border: 0, padding: 0, margin: `0 0 ${vars.space.md}`, minWidth: 0 });
export const legend = style({ fontWeight: 600, padding: 0, marginBottom: vars.space.xs });
export const choice = style({ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: vars.space.sm, alignItems: "start", marginTop: vars.space.sm });
export const choiceInput = style({ width: "1.25rem", height: "1.25rem", margin: "0.15rem 0 0", accentColor: vars.color.brand });
export const choiceLabel = style({ fontWeight: 400 });
export const choiceHint = style({ gridColumn: 2, fontSize: "0.875rem", color: vars.color.muted, margin: 0 });
export const invalidGroup = style({ borderLeft: `4px solid ${vars.color.danger}`, paddingLeft: vars.space.md });
// Off-screen rather than display:none, which some bots skip; aria-hidden keeps it from screen readers.
export const honeypot = style({ position: "absolute", left: "-10000px", top: "auto", width: 1, height: 1, overflow: "hidden" });
// A submit button that reads as a link (e.g. "Ubah", which saves what was typed before leaving).
export const linkButton = style({
  font: "inherit",
  color: vars.color.brand,
  textDecoration: "underline",
  background: "none",
  border: 0,
  padding: 0,
  cursor: "pointer",
  selectors: { "&:hover": { color: vars.color.brandDark } },
});
