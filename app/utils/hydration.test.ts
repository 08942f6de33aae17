import { describe, expect, it } from "vitest";
import { SESSION } from "#domain/constants";
import { hydrates, islandScript } from "./hydration";

describe("pages without hydration", () => {
  it("hydrates unless a matched route's handle says hydrate: false", () => {
    expect(hydrates([{ handle: undefined }, { handle: { title: "login" } }])).toBe(true);
    expect(hydrates([{ handle: undefined }, { handle: { title: "applicationList", hydrate: false } }])).toBe(false);
  });

  it("gives a logged-in page's island the layout's keep-alive and the menus' Escape; an anonymous one Escape only", () => {
    const loggedIn = islandScript(true);
    expect(loggedIn).toContain('fetch("/session/refresh",{method:"POST"');
    expect(loggedIn).toContain(`setInterval(r,${SESSION.REFRESH_INTERVAL_MS})`);
    expect(loggedIn).toContain(`location.assign("${SESSION.AFTER_LOGOUT}")`);
    expect(loggedIn).toContain('"menu-samping"');
    const anonymous = islandScript(false);
    expect(anonymous).not.toContain("/session/refresh");
    expect(anonymous).toContain('"Escape"');
    // Both are scripts a browser can run.
    expect(() => new Function(loggedIn)).not.toThrow();
    expect(() => new Function(anonymous)).not.toThrow();
  });
});
