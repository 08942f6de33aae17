import { createRequire } from "node:module";

/**
 * Two costs of Remix's document request that no page's HTML depends on (docs/decisions/036-lean-document-pipeline.md):
 *
 * - **The handoff encoded only when read** (`lazy-handoff-stream`). The server runtime encodes every page's
 *   loader data with turbo-stream (`encodeViaTurboStream`) as it builds the render's context, and arms a
 *   5 s timer, which fires on every page (only the browser leaving clears it) and makes an Error. Only
 *   `<Scripts>` reads the stream (`StreamTransfer` renders nothing without it), and a page without
 *   hydration (app/utils/hydration.ts) has none. Here the stream is made on its first read: a page that
 *   renders `<Scripts>` gets the same bytes, a page without scripts skips the encoding and the timer.
 *
 * - **The static handler's match from memory** (`static-handler-match`). The static handler's `query`
 *   matches the path against the whole route tree with React Router's internal `matchRoutes` (flattening,
 *   ranking and compiling 80-odd routes to regular expressions per request), which the route-match cache
 *   (server/route-match-cache.ts) cannot reach. Here the path is matched through the module's remembered
 *   `matchRoutes` first, and the query runs on a static handler made once for that chain of routes (the
 *   matched routes, each with only the next as its child): the same loaders, actions, error boundaries
 *   and ids, so the internal match finds the same routes in a tree of a handful. A path matching nothing,
 *   and anything but `query` (resource routes' `queryRoute`, the full `dataRoutes`), go to the whole tree.
 */

type AnyRoute = { id?: unknown; children?: AnyRoute[] } & Record<string, unknown>;
type Match = { route: AnyRoute; params: Record<string, string | undefined> };
type MatchRoutes = ((routes: AnyRoute[], location: { pathname: string }, basename?: string) => Match[] | null) & { original?: unknown };
type QueryResult = { matches?: Match[] } | Response;
type StaticHandler = {
  dataRoutes: AnyRoute[];
  query: (request: Request, opts?: unknown) => Promise<QueryResult>;
  queryRoute: (request: Request, opts?: unknown) => Promise<unknown>;
};
type CreateStaticHandler = ((routes: AnyRoute[], opts?: { basename?: string } & Record<string, unknown>) => StaticHandler) & {
  original?: CreateStaticHandler;
};
type LoaderArgs = {
  request: Request;
  loader: (args: { request: Request; context: unknown; params: unknown }) => unknown;
  loadContext: unknown;
  params: unknown;
  routeId: string;
  singleFetch: boolean;
};
type CallRouteLoader = ((args: LoaderArgs) => Promise<unknown>) & { original?: CallRouteLoader };
type Encode = ((...args: unknown[]) => ReadableStream<Uint8Array>) & { original?: Encode };

/** The modules the server runtime reads these two functions from at call time. */
export const DOCUMENT_PIPELINE_MODULES = {
  encodeViaTurboStream: "@remix-run/server-runtime/dist/single-fetch.js",
  createStaticHandler: "@remix-run/router",
} as const;

/** `encode`, made when its stream is first read (a stream nobody reads costs nothing). */
export function lazyEncode(original: Encode): Encode {
  const lazy: Encode = (...args) => {
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    return new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          reader ??= original(...args).getReader();
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        },
        cancel(reason) {
          return reader?.cancel(reason);
        },
      },
      // No read ahead: pull runs only when someone reads.
      { highWaterMark: 0 },
    );
  };
  lazy.original = original;
  return lazy;
}

/** The chain of `ids` in `routes`, each route copied with only the next as its child; null if one is missing. */
export function chainOf(routes: AnyRoute[], ids: string[]): AnyRoute[] | null {
  let level = routes;
  const found: AnyRoute[] = [];
  for (const id of ids) {
    const route = level.find((r) => r.id === id);
    if (!route) return null;
    found.push(route);
    level = route.children ?? [];
  }
  let child: AnyRoute | undefined;
  for (let i = found.length - 1; i >= 0; i--) {
    const { children: _children, ...rest } = found[i];
    const copy: AnyRoute = child ? { ...rest, children: [child] } : rest;
    child = copy;
  }
  return child ? [child] : null;
}

/** At most this many chains remembered per handler (a build has one per page route). */
export const CHAINS_PER_HANDLER = 500;

/**
 * `createStaticHandler` whose `query` runs on the matched chain of routes. `matchRoutes` is the module's
 * (remembered) one, read at call time; without the route-match cache installed, the query goes to the
 * whole tree (matching first would cost a second full match).
 */
export function chainStaticHandlers(original: CreateStaticHandler, router: { matchRoutes: MatchRoutes }): CreateStaticHandler {
  const made: CreateStaticHandler = (routes, opts) => {
    const whole = original(routes, opts);
    const chains = new Map<string, StaticHandler | null>();
    const query = (request: Request, queryOpts?: unknown): Promise<QueryResult> => {
      const matchRoutes = router.matchRoutes;
      if (!matchRoutes.original) return whole.query(request, queryOpts);
      const url = new URL(request.url);
      const matches = matchRoutes(whole.dataRoutes, { pathname: url.pathname }, opts?.basename ?? "/");
      const ids = matches?.map((m) => m.route.id);
      if (!ids || !ids.every((id): id is string => typeof id === "string")) return whole.query(request, queryOpts);
      const key = ids.join("\u0000");
      let chain = chains.get(key);
      if (chain === undefined) {
        const tree = chainOf(routes, ids);
        chain = tree ? original(tree, opts) : null;
        if (chains.size >= CHAINS_PER_HANDLER) chains.delete(chains.keys().next().value!);
        chains.set(key, chain);
      }
      return (chain ?? whole).query(request, queryOpts);
    };
    return { ...whole, query };
  };
  made.original = original;
  return made;
}

/** Both, on the modules the server runtime calls through. Before the Remix request handler is made. */
export function installLeanDocumentPipeline(which: { lazyHandoff: boolean; staticHandlerMatch: boolean }): void {
  const require = createRequire(import.meta.url);
  if (which.lazyHandoff) {
    const singleFetch = require(DOCUMENT_PIPELINE_MODULES.encodeViaTurboStream) as { encodeViaTurboStream: Encode };
    if (!singleFetch.encodeViaTurboStream.original) singleFetch.encodeViaTurboStream = lazyEncode(singleFetch.encodeViaTurboStream);
  }
  if (which.staticHandlerMatch) {
    const router = require(DOCUMENT_PIPELINE_MODULES.createStaticHandler) as { createStaticHandler: CreateStaticHandler; matchRoutes: MatchRoutes };
    if (!router.createStaticHandler.original) router.createStaticHandler = chainStaticHandlers(router.createStaticHandler, router);
  }
}
