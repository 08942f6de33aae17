import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import routeConfig from "~/routes";
import { installRouteMatchCache, memoizeMatchRoutes, PATHS_PER_SHAPE } from "./route-match-cache";
import { miniRemix } from "./test/mini-remix";
import { routePaths } from "./test/route-paths";

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type ConfigEntry = { id?: string; file: string; path?: string; index?: boolean; children?: ConfigEntry[] };

const original = createRequire(import.meta.url)("@remix-run/router").matchRoutes;

/** The portal's real route tree under a root route, as Remix builds it; a new set of objects per call. */
function tree(): Route[] {
  const convert = (entries: ConfigEntry[]): Route[] =>
    entries.map((e) => ({ id: e.id ?? e.file.replace(/\.tsx?$/, ""), path: e.path, index: e.index, children: e.children ? convert(e.children) : undefined }));
  return [{ id: "root", path: "", children: convert(routeConfig as unknown as ConfigEntry[]) }];
}

/** Every path of the tree with its params filled in, and paths that match nothing or only the splat. */
const paths = (): string[] => routePaths(tree());

describe("memoizeMatchRoutes", () => {
  it("answers every path of the portal as React Router does, first and second time", () => {
    const memo = memoizeMatchRoutes(original);
    const list = paths();
    expect(list.length).toBeGreaterThan(70);
    for (const round of [1, 2]) {
      for (const p of list) {
        const routes = tree();
        const got = memo(routes, p);
        expect(got, `${p} (round ${round})`).toEqual(original(routes, p));
        // The matches point at the routes of the tree passed in, not of the tree first seen.
        for (const m of got ?? []) expect(routes[0] === m.route || JSON.stringify(routes).includes(`"id":"${m.route.id}"`)).toBe(true);
        if (got?.length) expect(got[0].route).toBe(routes[0]);
      }
    }
  });

  it("keeps a location object's pathname and a basename apart", () => {
    const memo = memoizeMatchRoutes(original);
    const routes = tree();
    expect(memo(routes, { pathname: "/login" })).toEqual(original(routes, { pathname: "/login" }));
    expect(memo(routes, "/portal/login", "/portal")).toEqual(original(routes, "/portal/login", "/portal"));
    expect(memo(routes, "/login", "/portal")).toBeNull();
  });

  it("hands out fresh objects: a caller changing its matches does not change the next answer", () => {
    const memo = memoizeMatchRoutes(original);
    const routes = tree();
    const first = memo(routes, "/application-list/42")!;
    first[0].params.id = "changed";
    first.pop();
    const second = memo(routes, "/application-list/42")!;
    expect(second).toEqual(original(routes, "/application-list/42"));
    expect(second.at(-1)!.params.id).toBe("42");
  });

  it("tells trees of another shape apart, and matches trees without ids as before", () => {
    const memo = memoizeMatchRoutes(original);
    const a = [{ id: "a", path: "x/:id" }];
    const b = [{ id: "a", path: "y/:id" }];
    expect(memo(a, "/x/1")?.[0].params).toEqual({ id: "1" });
    expect(memo(b, "/x/1")).toBeNull();
    const noIds = [{ path: "x/:id" }];
    expect(memo(noIds as never, "/x/2")).toEqual(original(noIds, "/x/2"));
  });

  it("remembers at most PATHS_PER_SHAPE paths, so odd paths cannot grow memory", () => {
    let calls = 0;
    const counting = ((...args: Parameters<typeof original>) => {
      calls += 1;
      return original(...args);
    }) as typeof original;
    const memo = memoizeMatchRoutes(counting);
    const routes = [{ id: "p", path: "p/:n" }];
    for (let i = 0; i <= PATHS_PER_SHAPE; i++) memo(routes, `/p/${i}`);
    calls = 0;
    memo(routes, `/p/${PATHS_PER_SHAPE}`); // still remembered
    expect(calls).toBe(0);
    memo(routes, "/p/0"); // the oldest was forgotten
    expect(calls).toBe(1);
  });
});

describe("the patch in a page request (what breaks if Remix stops calling the internal)", () => {
  it("is what Remix matches every page request through: a path seen before is matched from memory", async () => {
    const router = createRequire(import.meta.url)("@remix-run/router") as {
      matchRoutes: ((...a: unknown[]) => unknown) & { original?: (...a: unknown[]) => unknown };
    };
    const installed = router.matchRoutes;
    let computed = 0;
    // The real matching, counted, under the cache as the server installs it.
    router.matchRoutes = (...args: unknown[]) => {
      computed++;
      return (original as (...a: unknown[]) => unknown)(...args);
    };
    try {
      installRouteMatchCache();
      expect(router.matchRoutes.original).toBeDefined();
      const get = miniRemix();
      expect(await get("/item/7")).toContain("page item 7");
      // Remix's request handler (matchServerRoutes) and its route discovery in <RemixServer> (the paths
      // above the page: "/", "/item") match through the module's matchRoutes.
      const first = computed;
      expect(first).toBeGreaterThanOrEqual(3);
      expect(await get("/item/7")).toContain("page item 7");
      expect(computed).toBe(first);
      // A new path is matched once; its ancestors are remembered.
      expect(await get("/item/8")).toContain("page item 8");
      expect(computed).toBe(first + 1);
    } finally {
      router.matchRoutes = installed;
    }
  });
});
