import { style } from "@vanilla-extract/css";

// The label and what it means: the badge itself never wraps; the explanation beside it may.

export const badge = style({ whiteSpace: "nowrap" });
/** Inside a table cell the explanation takes its own line under the badge, so the column stays narrow. */
export const separator = style({ selectors: { "td &": { display: "none" } } });
export const meaning = style({
  fontWeight: 400,
  fontSize: "0.9rem",
  selectors: { "td &": { display: "block", marginTop: "0.15rem" } },
});
