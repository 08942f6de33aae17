import { createRequire } from "node:module";
import type { ServerBuild } from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import { sendErrorScreen } from "./errors";

// What the server needs to know of the page routes before Remix runs: a path's route pattern (for
// /metrics) and whether a post has an action to go to. Read from the build's route tree with React
// Router's matcher, the one Remix uses (it remembers its answers: server/route-match-cache.ts).

type RouteLike = { id: string; path?: string; index?: boolean; children?: RouteLike[] };
type Match = { route: RouteLike };
// Read at each call, not destructured at import: server/route-match-cache.ts installs its remembering
// matchRoutes on the module after this file is loaded (a destructured copy was the unremembered one,
// ~5 % of a list page's CPU under load, bench/profile.mjs).
const router = createRequire(import.meta.url)("@remix-run/router") as {
  matchRoutes: (routes: RouteLike[], location: string) => Match[] | null;
};

export interface PageRoutes {
  /** The pattern of the page route a path matches (`/application/:id`); "unmatched" for the 404 page. */
  pattern: (pathname: string) => string;
  /** Whether a post to this URL reaches a route with an action (single fetch's `.data` paths included). */
  hasAction: (pathname: string, search: string) => boolean;
}

export function pageRoutes(build: Pick<ServerBuild, "routes">): PageRoutes {
  const byParent = new Map<string | undefined, RouteLike[]>();
  for (const r of Object.values(build.routes)) {
    const list = byParent.get(r.parentId) ?? [];
    list.push({ id: r.id, path: r.path, index: r.index });
    byParent.set(r.parentId, list);
  }
  const attach = (list: RouteLike[]): RouteLike[] =>
    list.map((r) => {
      const children = byParent.get(r.id);
      return children ? { ...r, children: attach(children) } : r;
    });
  const tree = attach(byParent.get(undefined) ?? []);
  const match = (pathname: string): Match[] | null => {
    try {
      return router.matchRoutes(tree, pathname);
    } catch {
      return null; // a malformed path
    }
  };
  return {
    pattern(pathname) {
      const matches = match(pathname);
      if (!matches || matches.length === 0) return "unmatched";
      const parts = matches.map((m) => m.route.path).filter((p): p is string => !!p);
      return `/${parts.join("/")}`.replace(/\/{2,}/g, "/");
    },
    hasAction(pathname, search) {
      // Single fetch posts to "/path.data" ("/_root.data" for "/"), as Remix reads it.
      const path = pathname === "/_root.data" ? "/" : pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
      const matches = match(path);
      if (!matches || matches.length === 0) return true; // the 404 page answers it
      // As React Router picks the route a post goes to: an index route only with a bare "?index".
      const last = matches[matches.length - 1];
      const bareIndex = new URLSearchParams(search).getAll("index").some((v) => v === "");
      const target = last.route.index && !bareIndex ? matches[matches.length - 2] : last;
      return !!target && typeof build.routes[target.route.id]?.module.action === "function";
    },
  };
}

/**
 * A post (or any method but GET and HEAD) to a page with no action: 405 with the error screen and
 * `Allow`, before the body is read. Remix would answer it with its own message naming route files.
 */
export function refusePostsWithoutAction(routes: () => PageRoutes | Promise<PageRoutes>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    try {
      const search = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
      if ((await routes()).hasAction(req.path, search)) return next();
      res.set("Allow", "GET, HEAD");
      sendErrorScreen(res, 405);
    } catch (error) {
      next(error);
    }
  };
}
