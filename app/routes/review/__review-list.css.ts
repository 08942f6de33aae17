import { globalStyle, style } from "@vanilla-extract/css";
import * as badge from "~/components/StatusBadge.css";
import { mq, vars } from "~/styles/theme.css";

// The review lists only (the detail page loads none of it). At a laptop's 1280×800 the rows come first:
// the search, its button and the folded filters share one line, and the table is set compactly.
export const filterCard = style({ padding: `${vars.space.sm} ${vars.space.md}`, marginBottom: vars.space.sm });
export const smallButton = style({ padding: `${vars.space.xs} ${vars.space.md}`, fontSize: "0.9rem" });
export const searchRow = style({ display: "flex", flexWrap: "wrap", gap: `${vars.space.sm} ${vars.space.md}`, alignItems: "center" });
export const searchField = style({ display: "flex", alignItems: "center", gap: vars.space.sm, flex: "1 1 18rem", minWidth: 0 });
globalStyle(`${searchField} input`, { flex: "1 1 auto", minWidth: 0 });
// A <details> beside the button while folded; unfolded (a filter is set, or it was opened) it takes the whole width.
export const moreFilters = style({ flex: "0 1 auto", selectors: { "&[open]": { flexBasis: "100%" } } });
export const moreSummary = style({ cursor: "pointer", fontWeight: 600, color: vars.color.brand, width: "fit-content" });
// From 768 px (where the table is a table, not cards): tighter cells, the label and what it means on the same lines.
export const compact = style({ "@media": { [mq.md]: { fontSize: "0.875rem", lineHeight: 1.3, tableLayout: "fixed" } } });
// Number and date, name and e-mail, pathway, status, deadline: the status gets the room its words need.
const WIDTHS = ["17%", "22%", "9%", "38%", "14%"];
globalStyle(`${compact} th`, { "@media": { [mq.md]: { whiteSpace: "nowrap" } } });
WIDTHS.forEach((width, i) => globalStyle(`${compact} th:nth-child(${i + 1})`, { "@media": { [mq.md]: { width } } }));
/** A long e-mail address stays on one line on a table row (the whole address in its title and the CSV). */
export const oneLine = style({ "@media": { [mq.md]: { whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" } } });
globalStyle(`${compact} th, ${compact} td`, { "@media": { [mq.md]: { padding: `${vars.space.xs} ${vars.space.sm}` } } });
globalStyle(`${compact} td ${badge.separator}, ${compact} td ${badge.meaning}`, {
  "@media": { [mq.md]: { display: "inline", marginTop: 0, fontSize: "0.8rem" } },
});
export const small = style({ "@media": { [mq.md]: { fontSize: "0.8rem", whiteSpace: "nowrap" } } });
