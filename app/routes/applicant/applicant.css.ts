import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// The applicant's journey: the workspace steps and the document upload fields.
export const step = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "baseline" });
export const stepDone = style({ color: vars.color.success, fontWeight: 700 });
export const document = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.md, marginBottom: vars.space.md });
export const fileInput = style({ font: "inherit", maxWidth: "100%" });
export const progress = style({ width: "100%", maxWidth: 480, height: "1rem" });
