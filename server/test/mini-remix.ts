import { createRequire } from "node:module";
import type { ServerBuild } from "@remix-run/node";

// A Remix server build made by hand — a root, a layout, an index and a page with a parameter, rendered
// by <RemixServer> — served through the same CommonJS modules the portal's server loads
// (@remix-run/node → server-runtime → @remix-run/router; @remix-run/react), so a test of a framework
// patch sees what a real page request does with the internal the patch leans on.

const require = createRequire(import.meta.url);
const { createRequestHandler } = require("@remix-run/node") as typeof import("@remix-run/node");
const { RemixServer, Outlet, useLoaderData, Scripts } = require("@remix-run/react") as typeof import("@remix-run/react");
const { createElement: h } = require("react") as typeof import("react");
const { renderToString } = require("react-dom/server") as typeof import("react-dom/server");

function route(id: string, parentId: string | undefined, extra: { path?: string; index?: boolean }, module: Record<string, unknown>) {
  return {
    id,
    parentId,
    ...extra,
    module: { default: () => null, ...module },
    // the assets manifest's view of the same route
    entry: {
      id,
      parentId,
      ...extra,
      module: `/${id}.js`,
      hasLoader: "loader" in module,
      hasAction: false,
      hasClientLoader: false,
      hasClientAction: false,
      hasErrorBoundary: false,
    },
  };
}

const ROUTES = [
  route(
    "root",
    undefined,
    { path: "" },
    {
      default: () => h("html", null, h("body", null, h(Outlet), h(Scripts))),
    },
  ),
  route("routes/layout", "root", {}, { default: () => h("main", null, h(Outlet)) }),
  route(
    "routes/home",
    "routes/layout",
    { index: true },
    {
      loader: () => ({ page: "home" }),
      default: () => h("p", null, `page ${(useLoaderData() as { page: string }).page}`),
    },
  ),
  route(
    "routes/item",
    "routes/layout",
    { path: "item/:id" },
    {
      loader: ({ params }: { params: { id: string } }) => ({ page: `item ${params.id}` }),
      default: () => h("p", null, `page ${(useLoaderData() as { page: string }).page}`),
    },
  ),
];

export function miniBuild(): ServerBuild {
  return {
    mode: "production",
    entry: {
      module: {
        default: (request: Request, status: number, headers: Headers, context: unknown) => {
          const html = renderToString(h(RemixServer, { context: context as never, url: request.url }));
          headers.set("Content-Type", "text/html");
          return new Response(`<!DOCTYPE html>${html}`, { status, headers });
        },
      },
    },
    routes: Object.fromEntries(ROUTES.map((r) => [r.id, { id: r.id, parentId: r.parentId, path: r.path, index: r.index, module: r.module }])) as never,
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: Object.fromEntries(ROUTES.map((r) => [r.id, r.entry])),
      url: "/manifest.js",
      version: "1",
    } as never,
    publicPath: "/",
    assetsBuildDirectory: "/nonexistent",
    future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true, v3_singleFetch: true } as never,
    isSpaMode: false,
  };
}

/** A request handler over the hand-made build, and a GET that answers its page's HTML. */
export function miniRemix() {
  const handle = createRequestHandler(miniBuild(), "production");
  return async (path: string): Promise<string> => {
    const response = await handle(new Request(`http://portal.test${path}`));
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text.slice(0, 500)}`);
    return text;
  };
}
