import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { reason } from "~/features/documents/documents.css";

// The applicant's journey: the workspace steps, the reviewer's note, the status line.
// A task-list step: its number, its name, and under the name its state (no separator left to dangle at 360 px).
export const step = style({ display: "grid", gridTemplateColumns: "auto minmax(0, 1fr)", columnGap: vars.space.sm, alignItems: "baseline" });
export const stepState = style({ gridColumn: 2 });
export const stepDone = style({ color: vars.color.success, fontWeight: 700 });
// The reviewer's general note of a reupload request: read before the documents it is about.
export const generalNote = style([reason, { padding: vars.space.md, marginBottom: vars.space.lg }]);
export const noteText = style({ margin: 0, whiteSpace: "pre-line", overflowWrap: "anywhere" });
// The status line of /application-status in three parts (label, stage, what comes next): side by side
// where they fit, one under another on a phone.
export const statusParts = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 12rem), 1fr))",
  gap: vars.space.md,
  margin: `0 0 ${vars.space.lg}`,
});
globalStyle(`${statusParts} dt`, { fontWeight: 600, fontSize: "0.9rem", color: vars.color.muted });
globalStyle(`${statusParts} dd`, { margin: 0, overflowWrap: "anywhere", fontWeight: 600 });
