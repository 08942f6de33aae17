import { SESSION } from "#domain/constants";

// A page that is served without hydration (docs/decisions/035-lists-without-hydration.md): its route's
// `handle` says `hydrate: false`, and a document request for it gets the server's HTML with no Remix
// scripts, no loader data and no texts for the browser: its links and GET forms are plain ones. What the
// logged-in layout's scripts do on every page is done instead by one small inline script, the island below.
// A client-side navigation of a page that did hydrate (a detail page's link back to its list) still renders
// it in the browser, as before.

export interface HydrationHandle {
  hydrate?: false;
}

/** Whether the matched routes let the document hydrate (none says `hydrate: false`). */
export function hydrates(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  return !matches.some((m) => (m.handle as HydrationHandle | undefined)?.hydrate === false);
}

/** The ids of the ☰ menus (the navbar's and the sidebar's), which Escape closes with JavaScript. */
const MENU_IDS = ["menu-seluler", "menu-samping"];

/**
 * The island of a page without hydration, as an inline script: Escape closes an open ☰ menu (useEscapeCloses),
 * and for a logged-in user the keep-alive of the logged-in layout (useSessionKeepAlive: POST /session/refresh
 * every SESSION.REFRESH_INTERVAL_MS and when the tab is shown again; an answer `ok: false` leaves for
 * SESSION.AFTER_LOGOUT). Plain JavaScript, no module: a few hundred bytes.
 */
export function islandScript(loggedIn: boolean): string {
  const escape = `var m=${JSON.stringify(MENU_IDS)};document.addEventListener("keydown",function(e){if(e.key==="Escape"&&m.indexOf(location.hash.slice(1))!==-1)location.hash=""});`;
  if (!loggedIn) return `(function(){${escape}})()`;
  const keepAlive =
    `var r=function(){fetch("/session/refresh",{method:"POST",credentials:"same-origin"}).then(function(a){return a.json()}).then(function(d){if(d&&!d.ok)location.assign(${JSON.stringify(SESSION.AFTER_LOGOUT)})},function(){})};` +
    `setInterval(r,${SESSION.REFRESH_INTERVAL_MS});document.addEventListener("visibilitychange",function(){if(document.visibilityState==="visible")r()});`;
  return `(function(){${escape}${keepAlive}})()`;
}
