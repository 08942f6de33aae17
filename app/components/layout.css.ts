import { keyframes, style } from "@vanilla-extract/css";
import { INTERFACE } from "#domain/constants";
import { mq, vars } from "~/styles/theme.css";

/** Below the lg breakpoint (992 px): where the sidebar is a full-screen overlay opened by the ☰ toggle. */
const belowLg = `screen and (max-width: ${INTERFACE.BREAKPOINTS_PX.lg - 0.02}px)`;

export const skipLink = style({
  position: "absolute",
  left: "-999px",
  top: 0,
  background: vars.color.focus,
  color: "#000",
  padding: vars.space.sm,
  zIndex: 100,
  selectors: { "&:focus": { left: vars.space.sm } },
});

export const navbar = style({ background: vars.color.brand, color: "#fff" });
export const navbarInner = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  maxWidth: INTERFACE.BREAKPOINTS_PX.xl,
  margin: "0 auto",
});
export const logo = style({
  color: "#fff",
  fontWeight: 700,
  textDecoration: "none",
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  selectors: { "&:hover": { color: "#fff" } },
});
export const logoMark = style({
  display: "inline-grid",
  placeItems: "center",
  width: 36,
  height: 36,
  borderRadius: "50%",
  background: "#fff",
  color: vars.color.brand,
  fontWeight: 800,
  fontSize: "0.8rem",
});
export const navLinks = style({
  display: "none",
  listStyle: "none",
  margin: 0,
  padding: 0,
  gap: vars.space.md,
  alignItems: "center",
  "@media": { [mq.lg]: { display: "flex" } },
});
export const navLink = style({
  color: "#fff",
  fontWeight: 600,
  fontSize: "0.875rem",
  textDecoration: "none",
  background: "none",
  border: 0,
  cursor: "pointer",
  font: "inherit",
  padding: vars.space.xs,
  selectors: { "&:hover": { color: "#fff", textDecoration: "underline" } },
});
export const inlineForm = style({ display: "inline", margin: 0 });
// White on the brand colour in every state: the global a:hover colour would make the text vanish.
export const hamburger = style({
  color: "#fff",
  fontWeight: 700,
  textDecoration: "none",
  whiteSpace: "nowrap",
  flexShrink: 0,
  border: "2px solid #fff",
  borderRadius: vars.radius,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  selectors: { "&:hover, &:focus, &:active": { color: "#fff", background: "rgba(255,255,255,0.12)" } },
  "@media": { [mq.lg]: { display: "none" } },
});
// The full-screen mobile menu opens through :target, so it works without JavaScript.
// Below 992 px only: from there the navbar shows its links and the menu's close link is hidden.
export const mobileMenu = style({
  display: "none",
  position: "fixed",
  inset: 0,
  background: vars.color.brand,
  zIndex: 50,
  padding: vars.space.lg,
  overflowY: "auto",
  "@media": { [belowLg]: { selectors: { "&:target": { display: "block" } } } },
});
export const mobileMenuList = style({ listStyle: "none", padding: 0, margin: `${vars.space.lg} 0 0`, display: "grid", gap: vars.space.md });

export const main = style({
  flex: 1,
  width: "100%",
  maxWidth: INTERFACE.BREAKPOINTS_PX.xl,
  margin: "0 auto",
  padding: vars.space.md,
  "@media": { [mq.md]: { padding: vars.space.lg } },
});
export const footer = style({
  background: vars.color.bgSoft,
  borderTop: `1px solid ${vars.color.border}`,
  padding: vars.space.md,
  fontSize: "0.875rem",
  color: vars.color.muted,
  textAlign: "center",
});

export const plainHeader = style({ display: "flex", justifyContent: "center", padding: vars.space.lg });
export const plainLogo = style([logo, { color: vars.color.brand, selectors: { "&:hover": { color: vars.color.brandDark } } }]);
export const plainMain = style({ flex: 1, width: "100%", maxWidth: 640, margin: "0 auto", padding: vars.space.md });

export const shell = style({ display: "flex", flex: 1, minHeight: "100vh" });
// Always shown from 992 px; below it the ☰ toggle opens it as a full-screen overlay through :target
// (no JavaScript), with its close link on top. The overlay rule stops at 992 px, so a #menu-samping
// address on a desktop never covers the page.
export const sidebar = style({
  display: "none",
  width: 280,
  flexShrink: 0,
  background: vars.color.brandDark,
  color: "#fff",
  padding: `${vars.space.md} 0`,
  "@media": {
    [mq.lg]: { display: "block" },
    [belowLg]: { selectors: { "&:target": { display: "block", position: "fixed", inset: 0, zIndex: 40, width: "100%", overflowY: "auto" } } },
  },
});
export const sidebarTitle = style({ fontSize: "1.125rem", fontWeight: 700, padding: `0 ${vars.space.md} ${vars.space.md}`, margin: 0 });
export const sidebarList = style({ listStyle: "none", margin: 0, padding: 0 });
export const sidebarLink = style({
  display: "block",
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: "#fff",
  textDecoration: "none",
  selectors: { "&:hover": { background: "rgba(255,255,255,0.12)", color: "#fff" } },
});
export const sidebarActive = style({ background: "rgba(255,255,255,0.2)", fontWeight: 700, borderLeft: `4px solid ${vars.color.focus}` });
export const sidebarDisabled = style({
  display: "block",
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: "rgba(255,255,255,0.75)",
  cursor: "not-allowed",
});
export const subRoute = style({ height: `${INTERFACE.SUBMENU_HEIGHT_REM}rem`, display: "flex", alignItems: "center", paddingLeft: vars.space.xl });
export const sidebarClose = style({
  color: "#fff",
  display: "block",
  padding: vars.space.md,
  fontWeight: 700,
  selectors: { "&:hover, &:focus, &:active": { color: "#fff", background: "rgba(255,255,255,0.12)" } },
  "@media": { [mq.lg]: { display: "none" } },
});
/** The navbar's links inside the sidebar: its phone menu (the top bar carries them from 992 px). */
export const sidebarLinks = style({
  listStyle: "none",
  margin: `${vars.space.md} 0 0`,
  padding: `${vars.space.md} 0 0`,
  borderTop: "1px solid rgba(255,255,255,0.25)",
  "@media": { [mq.lg]: { display: "none" } },
});

export const content = style({ flex: 1, display: "flex", flexDirection: "column", minWidth: 0 });
export const topbar = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.bg,
});
export const menuToggle = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  textDecoration: "none",
  color: vars.color.text,
  fontWeight: 600,
  whiteSpace: "nowrap",
  flexShrink: 0,
});
/** The ☰ toggle: only where the sidebar is an overlay; from 992 px the sidebar is always there. */
export const sidebarToggle = style([menuToggle, { "@media": { [mq.lg]: { display: "none" } } }]);
/** The navbar's links in the top bar (spec §2), from 992 px; below it they sit in the sidebar overlay. */
export const topbarNav = style({ display: "none", minWidth: 0, "@media": { [mq.lg]: { display: "block" } } });
export const topbarLinks = style({
  display: "flex",
  listStyle: "none",
  margin: 0,
  padding: 0,
  gap: `0 ${vars.space.sm}`,
  flexWrap: "wrap",
  alignItems: "center",
});
export const topbarLink = style({
  color: vars.color.brand,
  fontWeight: 600,
  fontSize: "0.875rem",
  textDecoration: "none",
  padding: vars.space.xs,
  whiteSpace: "nowrap",
  selectors: { "&:hover": { textDecoration: "underline" } },
});
export const userMenu = style({ position: "relative" });
export const userSummary = style({
  cursor: "pointer",
  listStyle: "none",
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-end",
  textAlign: "right",
  padding: vars.space.xs,
  overflowWrap: "anywhere",
});
export const userRole = style({ fontSize: "0.8rem", color: vars.color.muted });
/** The role's own name after the user-info label (spec §6: role 1's is followed by the committee's name). */
export const userRoleName = style({ selectors: { "&::before": { content: '" · "' } } });
export const userDropdown = style({
  position: "absolute",
  right: 0,
  top: "100%",
  background: vars.color.bg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  minWidth: 160,
  listStyle: "none",
  margin: 0,
  padding: vars.space.xs,
  zIndex: 30,
  boxShadow: "0 4px 12px rgba(0,0,0,0.12)",
});
export const dropdownItem = style({
  display: "block",
  width: "100%",
  textAlign: "left",
  padding: vars.space.sm,
  background: "none",
  border: 0,
  font: "inherit",
  color: vars.color.text,
  cursor: "pointer",
  textDecoration: "none",
});

// Top centre (spec §9), in the page's flow above the header: it pushes the page down instead of
// covering the navigation or the page heading.
export const toastRegion = style({ position: "relative", zIndex: 60, width: "min(560px, calc(100% - 2rem))", margin: `${vars.space.sm} auto` });
export const toast = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "flex-start",
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius,
  borderLeft: "6px solid",
  boxShadow: "0 4px 12px rgba(0,0,0,0.15)",
});
export const toastSeverity = {
  info: style({ background: vars.color.infoSoft, borderColor: vars.color.info }),
  warn: style({ background: vars.color.warnSoft, borderColor: vars.color.warn }),
  error: style({ background: vars.color.dangerSoft, borderColor: vars.color.danger }),
  success: style({ background: vars.color.successSoft, borderColor: vars.color.success }),
};
export const toastClose = style({ color: vars.color.text, fontWeight: 700, textDecoration: "none" });
export const topbarRight = style({ display: "flex", alignItems: "center", justifyContent: "flex-end", gap: vars.space.md, marginLeft: "auto", minWidth: 0 });
/** Role 3's pages: the top bar's user info (name, role, PROFILE, the user menu) in a bar under the navbar. */
export const userBar = style({ borderBottom: `1px solid ${vars.color.border}`, background: vars.color.bg });
export const userBarInner = style({
  display: "flex",
  justifyContent: "flex-end",
  maxWidth: INTERFACE.BREAKPOINTS_PX.xl,
  margin: "0 auto",
  padding: `${vars.space.xs} ${vars.space.md}`,
});

// With JavaScript, a slim bar along the top of the window while a page or a post is on its way: it creeps
// towards the right and never arrives (the answer ends it), after a short wait so quick answers don't flash.
const creep = keyframes({ from: { transform: "scaleX(0)" }, to: { transform: "scaleX(0.9)" } });
export const pendingBar = style({
  position: "fixed",
  top: 0,
  left: 0,
  width: "100%",
  height: 3,
  zIndex: 200,
  pointerEvents: "none",
  background: vars.color.focus,
  boxShadow: `0 1px 0 ${vars.color.brandDark}`,
  transformOrigin: "left",
  transform: "scaleX(0)",
  animation: `${creep} 8s cubic-bezier(0.1, 0.6, 0.3, 1) 150ms forwards`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none", transform: "scaleX(0.9)" } },
});
