import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// A document's upload fields: the picker, the reviewer's reason, the progress bar, what is missing.
export const document = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space.md,
  marginBottom: vars.space.md,
  display: "grid",
  gap: vars.space.sm,
  minWidth: 0,
});
// "Pilih berkas": a large button-like label for the native file input beside it, which stays the real
// control (keyboard, no JavaScript) and shows the chosen names; its own small button is hidden.
export const picker = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `2px dashed ${vars.color.brand}`,
  borderRadius: vars.radius,
  background: vars.color.brandSoft,
  minWidth: 0,
  selectors: { "&:has(input:focus-visible)": { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 } },
});
export const pickButton = style({
  display: "inline-block",
  fontWeight: 700,
  fontSize: "1.05rem",
  background: vars.color.brand,
  color: "#fff",
  borderRadius: vars.radius,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  cursor: "pointer",
  selectors: { "&:hover": { background: vars.color.brandDark } },
});
export const fileInput = style({ font: "inherit", maxWidth: "100%", minWidth: 0, flex: "1 1 10rem", cursor: "pointer" });
globalStyle(`${fileInput}::file-selector-button`, { display: "none" });
globalStyle(`${fileInput}::-webkit-file-upload-button`, { display: "none" });
// The reviewer's reason for asking again: the first thing read about the document.
export const reason = style({
  borderLeft: `6px solid ${vars.color.warn}`,
  background: vars.color.warnSoft,
  color: vars.color.text,
  borderRadius: vars.radius,
  padding: `${vars.space.sm} ${vars.space.md}`,
  margin: 0,
});
export const progress = style({
  width: "100%",
  maxWidth: 480,
  height: "1rem",
  accentColor: vars.color.brand,
  appearance: "none",
  border: 0,
  borderRadius: 999,
  background: vars.color.brandSoft,
  overflow: "hidden",
});
globalStyle(`${progress}::-webkit-progress-bar`, { background: vars.color.brandSoft });
globalStyle(`${progress}::-webkit-progress-value`, { background: vars.color.brand });
globalStyle(`${progress}::-moz-progress-bar`, { background: vars.color.brand });
// One document's own form (its field and its button), and the page's buttons after them: a fieldset
// only so they can be disabled together while a document uploads.
export const documentForm = style({ display: "grid", gap: vars.space.sm, marginBottom: vars.space.lg, minWidth: 0 });
export const actions = style({ border: 0, padding: 0, margin: 0, minWidth: 0 });
// What is still missing, above the documents.
export const missing = style({
  borderLeft: `6px solid ${vars.color.brand}`,
  background: vars.color.brandSoft,
  borderRadius: vars.radius,
  padding: `${vars.space.sm} ${vars.space.md}`,
  marginBottom: vars.space.lg,
  overflowWrap: "anywhere",
});
export const missingTitle = style({ fontSize: "1rem", margin: `0 0 ${vars.space.xs}` });
// "Tetap di halaman ini": while a document uploads, above the documents.
export const leaveNote = style({ fontWeight: 600, borderLeft: `4px solid ${vars.color.focus}`, paddingLeft: vars.space.sm });
