import { style } from "@vanilla-extract/css";
import { mq, vars } from "~/styles/theme.css";

// The page per document (application.$id.documents.$docId.tsx): the file as large as the window allows,
// never wider than it (360 px phones included), and the way to the neighbouring documents.

export const title = style({ overflowWrap: "anywhere", marginTop: vars.space.xs });
export const facts = style({ overflowWrap: "anywhere" });
export const stage = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.bgSoft,
  marginBottom: vars.space.md,
  minWidth: 0,
});
// A PDF needs height to be read: most of the window, at least a page's top half on a phone.
export const frame = style({ display: "block", width: "100%", height: "75vh", minHeight: 360, border: 0 });
export const image = style({ display: "block", maxWidth: "100%", height: "auto", margin: "0 auto" });
export const notShown = style({ margin: 0, padding: vars.space.lg });
export const nav = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
  justifyContent: "space-between",
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space.md,
  margin: `${vars.space.lg} 0`,
  "@media": { [mq.md]: { flexWrap: "nowrap" } },
});
export const next = style({ marginLeft: "auto", textAlign: "right" });
export const neighbour = style({ display: "block", fontSize: "0.875rem", color: vars.color.muted, overflowWrap: "anywhere" });
