import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { installRenderTreeCache, memoizeConvertRoutes, memoizeCreateServerRoutes, RENDER_TREE_MODULES } from "./render-tree-cache";
import { miniRemix } from "./test/mini-remix";

const require = createRequire(import.meta.url);
const remixRoutes = require(RENDER_TREE_MODULES.createServerRoutes) as {
  createServerRoutes: ((...a: unknown[]) => unknown) & { original?: (...a: unknown[]) => unknown };
};
const router = require(RENDER_TREE_MODULES.convertRoutesToDataRoutes) as {
  UNSAFE_convertRoutesToDataRoutes: ((...a: unknown[]) => unknown) & { original?: (...a: unknown[]) => unknown };
};
const originalCreate = (remixRoutes.createServerRoutes.original ?? remixRoutes.createServerRoutes) as never;
const originalConvert = (router.UNSAFE_convertRoutesToDataRoutes.original ?? router.UNSAFE_convertRoutesToDataRoutes) as never;
const mapRouteProperties = (require("react-router") as { UNSAFE_mapRouteProperties: unknown }).UNSAFE_mapRouteProperties;

/** A build's manifest and route modules, shaped as Remix's: a root, a layout with an index and a param page. */
function build() {
  const Page = () => null;
  const manifest = {
    root: { id: "root", path: "", hasLoader: true, module: "" },
    "routes/layout": { id: "routes/layout", parentId: "root", hasLoader: false, module: "" },
    "routes/home": { id: "routes/home", parentId: "routes/layout", index: true, hasLoader: true, module: "" },
    "routes/detail": { id: "routes/detail", parentId: "routes/layout", path: "item/:id", hasLoader: true, module: "" },
  };
  const routeModules = {
    root: { default: Page },
    "routes/layout": { default: Page },
    "routes/home": { default: Page },
    "routes/detail": { default: Page, handle: { x: 1 } },
  };
  return { manifest, routeModules, future: { v3_singleFetch: true } };
}

describe("memoizeCreateServerRoutes", () => {
  it("builds the tree once per build and answers as Remix does", () => {
    let calls = 0;
    const counting = ((...a: unknown[]) => {
      calls += a.length <= 4 ? 1 : 0;
      return (originalCreate as (...a: unknown[]) => unknown)(...a);
    }) as never;
    const memo = memoizeCreateServerRoutes(counting);
    const b = build();
    const first = memo(b.manifest, b.routeModules, b.future, false);
    const second = memo(b.manifest, b.routeModules, b.future, false);
    expect(second).toBe(first);
    expect(calls).toBe(1);
    expect(JSON.stringify(first)).toBe(JSON.stringify((originalCreate as (...a: unknown[]) => unknown)(b.manifest, b.routeModules, b.future, false)));
    expect(Object.isFrozen(first) && Object.isFrozen(first[0]) && Object.isFrozen(first[0].children![0])).toBe(true);
    // Another build (a new manifest after a rebuild in development) gets its own tree.
    const other = build();
    expect(memo(other.manifest, other.routeModules, other.future, false)).not.toBe(first);
    // The server runtime's new object per render holding the same modules is the same build…
    calls = 0;
    expect(memo(b.manifest, { ...b.routeModules }, b.future, false)).toBe(first);
    expect(calls).toBe(0);
    // …but another module (a route changed in development) or SPA mode is made anew.
    const changed = memo(b.manifest, { ...b.routeModules, "routes/home": { default: () => null } }, b.future, false);
    expect(changed).not.toBe(first);
    expect(memo(b.manifest, b.routeModules, b.future, true)).not.toBe(changed);
  });

  it("passes a subtree call (parent id given) through untouched", () => {
    const b = build();
    const memo = memoizeCreateServerRoutes(originalCreate);
    const sub = memo(b.manifest, b.routeModules, b.future, false, "routes/layout");
    expect(sub.map((r) => r.id)).toEqual(["routes/home", "routes/detail"]);
    expect(Object.isFrozen(sub)).toBe(false);
  });
});

describe("memoizeConvertRoutes", () => {
  it("converts a remembered tree once and fills each caller's manifest", () => {
    const b = build();
    const tree = memoizeCreateServerRoutes(originalCreate)(b.manifest, b.routeModules, b.future, false);
    let calls = 0;
    const memo = memoizeConvertRoutes(((...a: unknown[]) => {
      calls += 1;
      return (originalConvert as (...a: unknown[]) => unknown)(...a);
    }) as never);
    const m1: Record<string, unknown> = {};
    const m2: Record<string, unknown> = {};
    const d1 = memo(tree, mapRouteProperties, undefined, m1 as never);
    const d2 = memo(tree, mapRouteProperties, undefined, m2 as never);
    expect(d2).toBe(d1);
    expect(calls).toBe(1);
    expect(Object.keys(m2).sort()).toEqual(["root", "routes/detail", "routes/home", "routes/layout"]);
    expect(m2["routes/detail"]).toBe(m1["routes/detail"]);
    const fresh: Record<string, unknown> = {};
    expect(JSON.stringify(d1)).toBe(JSON.stringify((originalConvert as (...a: unknown[]) => unknown)(tree, mapRouteProperties, undefined, fresh)));
    expect(() => {
      (d1[0] as { path?: string }).path = "changed";
    }).toThrow(TypeError);
  });

  it("converts any other tree as before: not frozen, a part of a tree, or a filled manifest", () => {
    let calls = 0;
    const memo = memoizeConvertRoutes(((...a: unknown[]) => {
      calls += 1;
      return (originalConvert as (...a: unknown[]) => unknown)(...a);
    }) as never);
    const plain = [{ id: "a", path: "a" }];
    expect(memo(plain, mapRouteProperties)).not.toBe(memo(plain, mapRouteProperties));
    const frozen = Object.freeze([Object.freeze({ id: "b", path: "b" })]) as never;
    memo(frozen, mapRouteProperties, ["0"]);
    memo(frozen, mapRouteProperties, undefined, { x: {} } as never);
    expect(calls).toBe(4);
  });
});

describe("the patch in a page request (what breaks if Remix stops calling the internals)", () => {
  it("builds and converts the route tree once: the next page requests render from the remembered tree", async () => {
    const counts = { create: 0, convert: 0 };
    const installed = { create: remixRoutes.createServerRoutes, convert: router.UNSAFE_convertRoutesToDataRoutes };
    // The real functions, counted, under the cache as the server installs it.
    remixRoutes.createServerRoutes = (...a: unknown[]) => (counts.create++, (originalCreate as (...a: unknown[]) => unknown)(...a));
    router.UNSAFE_convertRoutesToDataRoutes = (...a: unknown[]) => (counts.convert++, (originalConvert as (...a: unknown[]) => unknown)(...a));
    try {
      installRenderTreeCache();
      expect(remixRoutes.createServerRoutes.original).toBeDefined();
      expect(router.UNSAFE_convertRoutesToDataRoutes.original).toBeDefined();
      const get = miniRemix();
      expect(await get("/item/7")).toContain("page item 7");
      // <RemixServer> builds the tree through the module's createServerRoutes, and createStaticRouter
      // converts it through the router module's export.
      expect(counts.create).toBe(1);
      const converted = counts.convert;
      expect(converted).toBeGreaterThanOrEqual(1);
      expect(await get("/item/8")).toContain("page item 8");
      expect(await get("/")).toContain("page home");
      expect(counts).toEqual({ create: 1, convert: converted });
    } finally {
      remixRoutes.createServerRoutes = installed.create;
      router.UNSAFE_convertRoutesToDataRoutes = installed.convert;
    }
  });
});
