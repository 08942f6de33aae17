import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// /registration-path: each pathway's documents fold under its choice.
export const documents = style({ marginTop: vars.space.xs, color: vars.color.text, fontSize: "0.95rem" });
globalStyle(`${documents} > summary`, { cursor: "pointer", color: vars.color.brand, fontWeight: 600 });
globalStyle(`${documents} ol`, { margin: `${vars.space.xs} 0 ${vars.space.sm}`, paddingLeft: vars.space.lg });
