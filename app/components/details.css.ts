import { globalStyle, style } from "@vanilla-extract/css";
import { mq, vars } from "~/styles/theme.css";

// Every label–value list (<dl>) of the portal: label above value on a phone, side by side from 576 px (mq.sm,
// spec §9 breakpoints); a long value (an e-mail, an address) wraps anywhere, so 360 px never scrolls sideways.
export const facts = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: `0 ${vars.space.md}`,
  margin: `0 0 ${vars.space.md}`,
  "@media": { [mq.sm]: { gridTemplateColumns: "minmax(8rem, max-content) minmax(0, 1fr)", rowGap: vars.space.xs } },
});
globalStyle(`${facts} dt`, { fontWeight: 600 });
globalStyle(`${facts} dd`, { margin: `0 0 ${vars.space.sm}`, overflowWrap: "anywhere", "@media": { [mq.sm]: { marginBottom: 0 } } });
// An application number stays on one line ("ADP-2026-000018", never "ADP-2026-" / "000018").
export const number = style({ whiteSpace: "nowrap" });
// A text typed in a textarea (a note, a reason) keeps its line breaks.
export const typed = style({ whiteSpace: "pre-line" });
