import { createRequire } from "node:module";

/**
 * Remix matches the request's path against the route tree three to four times per page (the request
 * handler, the static handler, React Router's <Routes> and the fog-of-war manifest), and React Router's
 * `matchRoutes` flattens, ranks and compiles the whole tree to regular expressions on every call: with
 * our 70-odd routes that was 20 % of a /login render (bench/pages.mjs profile).
 *
 * The answer depends only on the tree's shape and the path, so it is remembered per (shape, path):
 * which route ids matched, with their params and pathnames. The matches handed out are rebuilt from the
 * route objects of the tree passed in (each render builds its own tree objects), as fresh objects, so no
 * caller can change what the next one gets. A tree whose routes lack unique ids is matched as before.
 */

type AnyRoute = { id?: unknown; path?: string; index?: boolean; caseSensitive?: boolean; children?: AnyRoute[] };
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: AnyRoute };
type MatchRoutes = (routes: AnyRoute[], location: string | { pathname?: string }, basename?: string) => Match[] | null;
type Remembered = { ids: string[]; params: Record<string, string | undefined>; pathnames: Array<[string, string]> } | null;

interface Shape {
  key: string;
  byId: Map<string, AnyRoute>;
}

/** Paths remembered per tree shape; the oldest is forgotten first, so odd paths cannot grow memory. */
export const PATHS_PER_SHAPE = 1_000;

const shapes = new WeakMap<object, Shape | null>();

function shapeOf(routes: AnyRoute[]): Shape | null {
  const known = shapes.get(routes);
  if (known !== undefined) return known;
  const parts: string[] = [];
  const byId = new Map<string, AnyRoute>();
  let ok = true;
  const walk = (list: AnyRoute[], depth: number) => {
    for (const r of list) {
      if (typeof r.id !== "string" || byId.has(r.id)) {
        ok = false;
        return;
      }
      byId.set(r.id, r);
      parts.push(`${depth}\u0001${r.id}\u0001${r.path ?? "\u0002"}\u0001${r.index ? 1 : 0}${r.caseSensitive ? 1 : 0}`);
      if (r.children?.length) walk(r.children, depth + 1);
      if (!ok) return;
    }
  };
  walk(routes, 0);
  const shape = ok ? { key: parts.join("\n"), byId } : null;
  shapes.set(routes, shape);
  return shape;
}

function pathKey(location: string | { pathname?: string }, basename: string | undefined): string {
  const raw = typeof location === "string" ? location : (location?.pathname ?? "");
  const end = raw.search(/[?#]/);
  return `${basename ?? "/"}\u0000${end === -1 ? raw : raw.slice(0, end)}`;
}

function rebuild(remembered: NonNullable<Remembered>, shape: Shape): Match[] | null {
  const params = { ...remembered.params }; // one object shared by every match, as React Router does
  const out: Match[] = [];
  for (let i = 0; i < remembered.ids.length; i++) {
    const route = shape.byId.get(remembered.ids[i]);
    if (!route) return null;
    const [pathname, pathnameBase] = remembered.pathnames[i];
    out.push({ params, pathname, pathnameBase, route });
  }
  return out;
}

/** A `matchRoutes` that answers a (shape, path) it has seen without matching again. */
export function memoizeMatchRoutes(original: MatchRoutes): MatchRoutes & { original: MatchRoutes } {
  const byShape = new Map<string, Map<string, Remembered>>();
  const memoized = ((routes, location, basename) => {
    const shape = Array.isArray(routes) ? shapeOf(routes) : null;
    if (!shape) return original(routes, location, basename);
    const key = pathKey(location, basename);
    let paths = byShape.get(shape.key);
    if (!paths) byShape.set(shape.key, (paths = new Map()));
    if (paths.has(key)) {
      const remembered = paths.get(key)!;
      if (remembered === null) return null;
      const rebuilt = rebuild(remembered, shape);
      if (rebuilt) return rebuilt;
    }
    const matches = original(routes, location, basename);
    const ids = matches?.map((m) => m.route.id);
    if (matches && !ids!.every((id): id is string => typeof id === "string")) return matches;
    if (paths.size >= PATHS_PER_SHAPE) paths.delete(paths.keys().next().value!);
    paths.set(
      key,
      matches && {
        ids: ids as string[],
        params: { ...(matches.at(-1)?.params ?? {}) },
        pathnames: matches.map((m) => [m.pathname, m.pathnameBase]),
      },
    );
    return matches && rebuild(paths.get(key)!, shape);
  }) as MatchRoutes & { original: MatchRoutes };
  memoized.original = original;
  return memoized;
}

/**
 * Puts the memoized `matchRoutes` on the one `@remix-run/router` module the server runtime, Remix's
 * React components and React Router call through (they read `router.matchRoutes` at call time).
 */
export function installRouteMatchCache(): void {
  const router = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: MatchRoutes & { original?: MatchRoutes } };
  if (router.matchRoutes.original) return;
  router.matchRoutes = memoizeMatchRoutes(router.matchRoutes);
}
