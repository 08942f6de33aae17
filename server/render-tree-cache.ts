import { createRequire } from "node:module";

/**
 * On every page render Remix's `<RemixServer>` builds the route tree again from the build's manifest
 * (`createServerRoutes`: 80-odd routes, each with its elements), and React Router's `createStaticRouter`
 * converts that tree to data routes again (`convertRoutesToDataRoutes`). Both answers depend only on the
 * build, so each is made once per build and shared by every render: together 6–7 % of a /login's CPU
 * under load (bench/profile.mjs), and the route matcher (server/route-match-cache.ts) then meets the same
 * tree object every time instead of walking a new one to learn its shape.
 *
 * Nothing on the server changes these objects after they are made: the static router only reads them
 * (it refuses `patchRoutes`), and the elements in them are React element descriptions. They are frozen,
 * so code that tried to change one would fail (in the tests first) rather than leak into the next page;
 * the freeze is also how the conversion knows a tree this cache made.
 */

type Route = { id?: unknown; children?: Route[] } & Record<string, unknown>;
type CreateServerRoutes = ((manifest: object, routeModules: object, future: object, isSpaMode: boolean, ...rest: unknown[]) => Route[]) & {
  original?: CreateServerRoutes;
};
type Convert = ((routes: Route[], mapRouteProperties: unknown, parentPath?: string[], manifest?: Record<string, Route>) => Route[]) & {
  original?: Convert;
};

/** The modules `<RemixServer>` and `createStaticRouter` read these two functions from at call time. */
const MODULES = { createServerRoutes: "@remix-run/react/dist/routes.js", convertRoutesToDataRoutes: "@remix-run/router" } as const;

function freezeTree(routes: Route[]): void {
  for (const route of routes) {
    if (route.children) freezeTree(route.children);
    Object.freeze(route);
  }
  Object.freeze(routes);
}

/**
 * The server runtime hands each render a new route-modules object (`createEntryRouteModules`), holding
 * the build's same modules: equal when every route id points at the same module.
 */
function sameModules(a: object, b: object): boolean {
  if (a === b) return true;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if ((a as Record<string, unknown>)[k] !== (b as Record<string, unknown>)[k]) return false;
  return true;
}

/** `createServerRoutes` remembered per (manifest, route modules, future flags, SPA mode): one build, one tree. */
export function memoizeCreateServerRoutes(original: CreateServerRoutes): CreateServerRoutes {
  const byManifest = new WeakMap<object, { routeModules: object; future: object; isSpaMode: boolean; routes: Route[] }>();
  const memoized: CreateServerRoutes = (manifest, routeModules, future, isSpaMode, ...rest) => {
    // Only the top call (no parent id, no grouping passed in) is the whole tree.
    if (rest.some((r) => r !== undefined && r !== "") || !manifest || !routeModules) return original(manifest, routeModules, future, isSpaMode, ...rest);
    const known = byManifest.get(manifest);
    if (known && sameModules(known.routeModules, routeModules) && known.future === future && known.isSpaMode === isSpaMode) return known.routes;
    const routes = original(manifest, routeModules, future, isSpaMode);
    freezeTree(routes);
    byManifest.set(manifest, { routeModules, future, isSpaMode, routes });
    return routes;
  };
  memoized.original = original;
  return memoized;
}

/**
 * `convertRoutesToDataRoutes` remembered per (route tree, mapRouteProperties) for a whole tree converted
 * into an empty manifest, which is how `createStaticRouter` calls it: the caller's manifest is filled
 * with the remembered entries, and the same data routes are returned.
 */
export function memoizeConvertRoutes(original: Convert): Convert {
  const byRoutes = new WeakMap<Route[], { mapRouteProperties: unknown; dataRoutes: Route[]; manifest: Record<string, Route> }>();
  const memoized: Convert = (routes, mapRouteProperties, parentPath, manifest) => {
    const whole = Array.isArray(routes) && Object.isFrozen(routes) && (parentPath === undefined || parentPath.length === 0);
    if (!whole || (manifest !== undefined && Object.keys(manifest).length > 0)) return original(routes, mapRouteProperties, parentPath, manifest);
    const known = byRoutes.get(routes);
    if (known && known.mapRouteProperties === mapRouteProperties) {
      if (manifest) Object.assign(manifest, known.manifest);
      return known.dataRoutes;
    }
    const made: Record<string, Route> = {};
    const dataRoutes = original(routes, mapRouteProperties, parentPath, made);
    freezeTree(dataRoutes);
    byRoutes.set(routes, { mapRouteProperties, dataRoutes, manifest: made });
    if (manifest) Object.assign(manifest, made);
    return dataRoutes;
  };
  memoized.original = original;
  return memoized;
}

/**
 * Puts both on the modules `<RemixServer>` and `createStaticRouter` call through: they read
 * `routes.createServerRoutes` and `router.UNSAFE_convertRoutesToDataRoutes` at call time. Only a tree
 * this cache made (a frozen one) is converted from memory, so the browser's and the static handler's
 * own conversions, and any other caller's, run as before.
 */
export { MODULES as RENDER_TREE_MODULES };

export function installRenderTreeCache(): void {
  const require = createRequire(import.meta.url);
  const routes = require(MODULES.createServerRoutes) as { createServerRoutes: CreateServerRoutes };
  if (!routes.createServerRoutes.original) routes.createServerRoutes = memoizeCreateServerRoutes(routes.createServerRoutes);
  const router = require(MODULES.convertRoutesToDataRoutes) as { UNSAFE_convertRoutesToDataRoutes: Convert };
  if (!router.UNSAFE_convertRoutesToDataRoutes.original)
    router.UNSAFE_convertRoutesToDataRoutes = memoizeConvertRoutes(router.UNSAFE_convertRoutesToDataRoutes);
}
