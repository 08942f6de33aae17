import { globalStyle, style } from "@vanilla-extract/css";
import { INTERFACE } from "#domain/constants";
import { vars } from "~/styles/theme.css";

// How every list table behaves on a phone: below the md breakpoint (768 px) each row is a card
// of label–value lines — the column's heading beside each value (`data-label`), so status and action
// stay on screen without a sideways scroll. From 768 px up it is an ordinary table.
const phone = `screen and (max-width: ${INTERFACE.BREAKPOINTS_PX.md - 0.02}px)`;

export const stacked = style({});
globalStyle(`${stacked} td`, { overflowWrap: "break-word", "@media": { [phone]: { overflowWrap: "anywhere" } } });
// The headings move into each cell (data-label), so the heading row goes.
globalStyle(`${stacked} thead`, { "@media": { [phone]: { display: "none" } } });
// The cells are not in this rule: they are grids (below), and vanilla-extract may emit this rule after that one.
globalStyle(`${stacked}, ${stacked} tbody, ${stacked} tr`, { "@media": { [phone]: { display: "block", width: "100%", minWidth: 0 } } });
globalStyle(`${stacked} caption`, { "@media": { [phone]: { display: "block", textAlign: "left" } } });
globalStyle(`${stacked} tr`, {
  "@media": {
    [phone]: {
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius,
      padding: vars.space.sm,
      marginBottom: vars.space.md,
      background: vars.color.bg,
    },
  },
});
globalStyle(`${stacked} td`, {
  "@media": {
    [phone]: {
      display: "grid",
      width: "100%",
      minWidth: 0,
      gridTemplateColumns: "minmax(7rem, 40%) 1fr",
      gap: vars.space.sm,
      border: 0,
      padding: `${vars.space.xs} 0`,
    },
  },
});
globalStyle(`${stacked} td::before`, {
  "@media": { [phone]: { content: "attr(data-label)", fontWeight: 600, color: vars.color.muted, whiteSpace: "normal", overflowWrap: "normal" } },
});
globalStyle(`${stacked} td[data-label=""]::before`, { "@media": { [phone]: { content: "none" } } });
globalStyle(`${stacked} td[data-label=""]`, { "@media": { [phone]: { gridTemplateColumns: "1fr" } } });

/** A column of long unbroken values (e-mail addresses, licence numbers): they may break anywhere, so the table fits. */
export const breakable = style({ selectors: { [`${stacked} &`]: { overflowWrap: "anywhere" } } });
