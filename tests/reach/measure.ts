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
  for (const [, raw] of html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)) {
    const href = raw.replaceAll("&amp;", "&");
    if (pattern.test(href)) return href;
  }
  return null;
}

export function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}
