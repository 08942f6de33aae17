import type { CDPSession, Page } from "@playwright/test";

// Bytes on the wire per page: Chromium's own count of each response as transferred
// (compressed body + headers), grouped the way the budgets are written.

export interface Weight {
  /** HTML documents */
  html: number;
  css: number;
  js: number;
  images: number;
  /** fonts, fetches (route manifest, data), favicon and the rest */
  other: number;
  total: number;
  requests: number;
}

export const BUDGETS = {
  /** JavaScript off: HTML + CSS + images (and anything else fetched) per page */
  nojsTotal: 30 * 1024,
  /** JavaScript on: everything per page */
  jsTotal: 150 * 1024,
  /** JavaScript on: scripts per page */
  jsScripts: 120 * 1024,
} as const;

const GROUP: Record<string, keyof Omit<Weight, "total" | "requests">> = {
  Document: "html",
  Stylesheet: "css",
  Script: "js",
  Image: "images",
};

/** Starts counting on a page; `stop()` returns what was transferred since. The browser cache is off: every page is a first visit. */
export async function startMeter(page: Page): Promise<{ stop: () => Promise<Weight>; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const types = new Map<string, string>();
  const weight: Weight = { html: 0, css: 0, js: 0, images: 0, other: 0, total: 0, requests: 0 };
  const pending = new Set<string>();
  let counting = true;
  cdp.on("Network.requestWillBeSent", (e) => pending.add(e.requestId));
  cdp.on("Network.loadingFailed", (e) => pending.delete(e.requestId));
  cdp.on("Network.responseReceived", (e) => types.set(e.requestId, e.type));
  cdp.on("Network.loadingFinished", (e) => {
    pending.delete(e.requestId);
    if (!counting) return;
    const group = GROUP[types.get(e.requestId) ?? ""] ?? "other";
    weight[group] += e.encodedDataLength;
    weight.total += e.encodedDataLength;
    weight.requests += 1;
  });
  return {
    cdp,
    stop: async () => {
      // A streamed document can report its last bytes after the load event: wait for stragglers.
      for (let i = 0; i < 40 && pending.size > 0; i++) await new Promise((r) => setTimeout(r, 50));
      counting = false;
      void cdp.detach().catch(() => {});
      return weight;
    },
  };
}

/** The first link of an HTML text whose href (path + query) matches; read from the markup, so it works with JavaScript off. */
export function firstLinkMatching(html: string, pattern: RegExp): string | null {
  return linksMatching(html, pattern)[0] ?? null;
}

/** Every distinct link of the page that matches, in page order. */
export function linksMatching(html: string, pattern: RegExp): string[] {
  const found: string[] = [];
  for (const [, raw] of html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)) {
    const href = raw.replaceAll("&amp;", "&");
    if (pattern.test(href) && !found.includes(href)) found.push(href);
  }
  return found;
}

export function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

/** The two widths every page must fit (spec §9 breakpoints: a phone below 576 px, a desktop above 1200 px). */
export const FIT_WIDTHS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

/**
 * What sticks out sideways at the page's current width: the document itself wider than the window,
 * and any visible box inside <main> whose content is wider than the box without scrolling (a card, a
 * list, a table cell…). A box that scrolls sideways on purpose must say so with `data-scroll-cue`.
 * Returns one line per offender; empty when everything fits.
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth) out.push(`document ${doc.scrollWidth}px > ${window.innerWidth}px`);
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      return `${el.tagName.toLowerCase()}${id} "${text}"`;
    };
    for (const el of Array.from(document.querySelectorAll("main *"))) {
      const box = el as HTMLElement;
      if (!box.offsetParent && getComputedStyle(box).position !== "fixed") continue;
      const style = getComputedStyle(box);
      if (style.display === "inline" || style.display === "contents") continue;
      if (box.closest(".visually-hidden")) continue;
      // Inside a box that scrolls on purpose (and says so), its content may be wider.
      if (box.parentElement?.closest("[data-scroll-cue]")) continue;
      const rect = box.getBoundingClientRect();
      if (rect.width === 0) continue;
      if (rect.right > window.innerWidth + 1) {
        out.push(`${describe(box)} ends at ${Math.round(rect.right)}px > ${window.innerWidth}px`);
        continue;
      }
      const scrolls = style.overflowX === "auto" || style.overflowX === "scroll";
      if (scrolls && box.scrollWidth > box.clientWidth + 1 && !box.hasAttribute("data-scroll-cue")) {
        out.push(`${describe(box)} hides ${box.scrollWidth - box.clientWidth}px behind a sideways scroll`);
      }
    }
    // One line per outermost offender is enough to find it.
    return out.slice(0, 8);
  });
}

/**
 * The browser's title begins with the page's heading (or the heading with the title's page part): the
 * tab a user returns to says what the page says. Returns a line when they disagree, else null.
 */
export async function titleAgainstHeading(page: Page): Promise<string | null> {
  const title = await page.title();
  const h1 = (
    (await page
      .locator("h1")
      .first()
      .textContent({ timeout: 1_000 })
      .catch(() => null)) ?? ""
  )
    .replace(/\s+/g, " ")
    .trim();
  const head = title.split(" — ")[0].trim();
  const a = head.toLocaleLowerCase("id");
  const b = h1.toLocaleLowerCase("id");
  if (!h1) return `no <h1> (title "${title}")`;
  return b.startsWith(a) || a.startsWith(b) ? null : `title "${title}" but heading "${h1}"`;
}
