// The paths a test of route matching walks: every path of a route tree with its params filled in, and paths
// that match nothing, match only the splat, or differ from a route by case, slashes or encoding.

type Walked = { path?: unknown; children?: Walked[] };

/** Paths no route names as written: nothing, a trailing slash, extra segments, upper case, a query, `//`, encoded text. */
const ODD_PATHS = [
  "/",
  "/nope",
  "/application-list/",
  "/application-list/12/extra",
  "/APPLICATION-LIST",
  "/login?next=%2F",
  "/user-list/%E2%9C%93",
  "//login",
  "/a/b/c/d",
];

/** Every path of `routes` (a param `:name` as `name-7`, a splat as `deep/path`), after the odd ones above. */
export function routePaths(routes: Walked[]): string[] {
  const out = new Set<string>(ODD_PATHS);
  const walk = (list: Walked[], prefix: string) => {
    for (const r of list) {
      const p = r.path
        ? `${prefix}/${String(r.path)
            .replace(/:(\w+)/g, (_m, name: string) => `${name}-7`)
            .replace("*", "deep/path")}`
        : prefix;
      out.add(p.replace(/\/+/g, "/") || "/");
      if (r.children) walk(r.children, p);
    }
  };
  walk(routes, "");
  return [...out];
}
