import { createGlobalTheme, globalStyle } from "@vanilla-extract/css";
import { INTERFACE } from "#domain/constants";

export const vars = createGlobalTheme(":root", {
  color: {
    brand: "#00646b",
    brandDark: "#004a4f",
    brandSoft: "#e5f3f3",
    text: "#1c2426",
    muted: "#4f5b5e",
    border: "#c9d3d5",
    bg: "#ffffff",
    bgSoft: "#f4f7f7",
    danger: "#b3261e",
    dangerSoft: "#fdecea",
    success: "#1e6b34",
    successSoft: "#e6f4ea",
    warn: "#7a5200",
    warnSoft: "#fff4d6",
    info: "#0b4f8a",
    infoSoft: "#e7f0fa",
    focus: "#ffbf47",
  },
  space: { xs: "0.25rem", sm: "0.5rem", md: "1rem", lg: "1.5rem", xl: "2.5rem" },
  radius: "0.375rem",
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
});

export const mq = {
  sm: `screen and (min-width: ${INTERFACE.BREAKPOINTS_PX.sm}px)`,
  md: `screen and (min-width: ${INTERFACE.BREAKPOINTS_PX.md}px)`,
  lg: `screen and (min-width: ${INTERFACE.BREAKPOINTS_PX.lg}px)`,
  xl: `screen and (min-width: ${INTERFACE.BREAKPOINTS_PX.xl}px)`,
};

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
globalStyle("html", { fontFamily: vars.font, color: vars.color.text, background: vars.color.bg, lineHeight: 1.5, WebkitTextSizeAdjust: "100%" });
globalStyle("body", { margin: 0, minHeight: "100vh", display: "flex", flexDirection: "column" });
globalStyle("a", { color: vars.color.brand });
globalStyle("a:hover", { color: vars.color.brandDark });
globalStyle("h1, h2, h3", { lineHeight: 1.25, margin: `0 0 ${vars.space.md}` });
globalStyle("h1", { fontSize: "1.625rem" });
globalStyle("h2", { fontSize: "1.25rem" });
// Visible focus everywhere (keyboard users on every page).
globalStyle(":focus-visible", { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });
globalStyle("table", { borderCollapse: "collapse", width: "100%" });
globalStyle("th, td", { textAlign: "left", padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: "top" });
globalStyle(".visually-hidden", { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" });
