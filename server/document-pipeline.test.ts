import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import routeConfig from "~/routes";
import { chainOf, chainStaticHandlers, DOCUMENT_PIPELINE_MODULES, installLeanDocumentPipeline, lazyEncode } from "./document-pipeline";
import { memoizeMatchRoutes } from "./route-match-cache";
import { miniRemix } from "./test/mini-remix";
import { routePaths } from "./test/route-paths";

const require = createRequire(import.meta.url);
type Fn = ((...a: unknown[]) => unknown) & { original?: Fn };
type AnyRoute = { id: string; path?: unknown; children?: AnyRoute[] } & Record<string, unknown>;
const router = require(DOCUMENT_PIPELINE_MODULES.createStaticHandler) as { createStaticHandler: Fn; matchRoutes: Fn };
const singleFetch = require(DOCUMENT_PIPELINE_MODULES.encodeViaTurboStream) as { encodeViaTurboStream: Fn };
const originalCreate = (router.createStaticHandler.original ?? router.createStaticHandler) as never;
const originalMatch = (router.matchRoutes.original ?? router.matchRoutes) as never;
const originalEncode = (singleFetch.encodeViaTurboStream.original ?? singleFetch.encodeViaTurboStream) as never;

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/** `fn` with a count of its calls. */
function counted(fn: unknown): { fn: Fn; calls: () => number } {
  let n = 0;
  return {
    fn: (...a: unknown[]) => {
      n++;
      return (fn as Fn)(...a);
    },
    calls: () => n,
  };
}

describe("lazyEncode (lazy-handoff-stream)", () => {
  it("encodes only when the stream is read, to the same bytes", async () => {
    const encode = counted(originalEncode);
    const lazy = lazyEncode(encode.fn as never);
    const data = { loaderData: { root: { me: { name: "Dewi" }, when: new Date(0) } }, actionData: null, errors: null };
    const unread = lazy(data, new AbortController().signal, 5_000, "production");
    expect(unread).toBeInstanceOf(ReadableStream);
    // Every microtask and the next turn of the event loop have run: a stream that pulled ahead would have encoded by now.
    await new Promise((r) => setImmediate(r));
    expect(encode.calls()).toBe(0);
    const read = await text(lazy(data, new AbortController().signal, 5_000, "production"));
    expect(encode.calls()).toBe(1);
    expect(read).toBe(await text((originalEncode as Fn)(data, new AbortController().signal, 5_000, "production") as ReadableStream<Uint8Array>));
    // A reader that gives up cancels the encoding it started.
    const cancelled = lazy(data, new AbortController().signal, 5_000, "production").getReader();
    await cancelled.read();
    await cancelled.cancel();
  });
});

// Plain routes as the server runtime hands them to createStaticHandler: ids, paths, loaders, boundaries.
function tree() {
  const loader =
    (id: string) =>
    ({ request, params }: { request: Request; params: Record<string, string> }) => {
      const url = new URL(request.url);
      if (url.searchParams.has("fail") && id === "routes/item") throw new Error("broken");
      if (url.searchParams.has("away") && id === "routes/item") return Response.redirect("http://portal.test/login", 302);
      return { id, params, search: url.search };
    };
  return [
    {
      id: "root",
      path: "",
      loader: loader("root"),
      hasErrorBoundary: true,
      children: [
        {
          id: "routes/layout",
          loader: loader("routes/layout"),
          children: [
            { id: "routes/home", index: true, loader: loader("routes/home") },
            { id: "routes/item", path: "item/:id", loader: loader("routes/item"), hasErrorBoundary: true },
            { id: "routes/item-new", path: "item/new", loader: loader("routes/item-new") },
            { id: "routes/list", path: "list", loader: loader("routes/list"), children: [{ id: "routes/list-index", index: true }] },
          ],
        },
        { id: "routes/splat", path: "*", loader: loader("routes/splat") },
      ],
    },
  ];
}

function comparable(result: unknown) {
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location") };
  const r = result as {
    matches: Array<{ route: { id: string }; params: unknown; pathname: string }>;
    loaderData: unknown;
    errors: unknown;
    statusCode: number;
  };
  return {
    matches: r.matches.map((m) => [m.route.id, m.params, m.pathname]),
    loaderData: r.loaderData,
    errors: r.errors && Object.fromEntries(Object.entries(r.errors).map(([k, e]) => [k, String(e)])),
    statusCode: r.statusCode,
  };
}

describe("chainStaticHandlers (static-handler-match)", () => {
  it("copies the matched chain with only the next route as each one's child", () => {
    const [root] = chainOf(tree(), ["root", "routes/layout", "routes/item"])!;
    expect(root.id).toBe("root");
    expect(root.children).toHaveLength(1);
    expect(root.children![0].children!.map((r) => r.id)).toEqual(["routes/item"]);
    expect(root.children![0].children![0].children).toBeUndefined();
    expect(chainOf(tree(), ["root", "routes/nothing"])).toBeNull();
  });

  it("answers every query as the whole tree does: matches, params, data, errors, redirects, 404s", async () => {
    const matching = { matchRoutes: memoizeMatchRoutes(originalMatch) as never };
    const create = counted(originalCreate);
    const chained = chainStaticHandlers(create.fn as never, matching)(tree() as never, { basename: "/" });
    const whole = (originalCreate as Fn)(tree(), { basename: "/" }) as { query: (r: Request) => Promise<unknown> };
    const paths = ["/", "/item/7", "/item/new", "/item/7?fail=1", "/item/7?away=1", "/list", "/list?q=a%20b", "/nothing/here", "/item/%C3%A9"];
    for (const path of paths) {
      const request = () => new Request(`http://portal.test${path}`);
      expect(comparable(await chained.query(request())), path).toEqual(comparable(await whole.query(request())));
    }
    // One handler per chain, made once: the whole tree's and one per matched chain.
    const after = create.calls();
    await chained.query(new Request("http://portal.test/item/8"));
    expect(create.calls()).toBe(after);
  });

  it("matches every path of the portal's real route tree as the whole tree does", async () => {
    type ConfigEntry = { id?: string; file: string; path?: string; index?: boolean; children?: ConfigEntry[] };
    // Each route answers its own id, so the loader data says which routes ran.
    const convert = (entries: ConfigEntry[]): AnyRoute[] =>
      entries.map((e) => {
        const id = e.id ?? e.file.replace(/\.tsx?$/, "");
        return { id, path: e.path, index: e.index, loader: () => id, hasErrorBoundary: true, children: e.children ? convert(e.children) : undefined };
      });
    const routes = () => [{ id: "root", path: "", loader: () => "root", hasErrorBoundary: true, children: convert(routeConfig as unknown as ConfigEntry[]) }];
    const paths = routePaths(routes());
    expect(paths.length).toBeGreaterThan(70);
    const chained = chainStaticHandlers(originalCreate, { matchRoutes: memoizeMatchRoutes(originalMatch) as never })(routes() as never, { basename: "/" });
    const whole = (originalCreate as Fn)(routes(), { basename: "/" }) as { query: (r: Request) => Promise<unknown> };
    for (const path of paths) {
      const request = () => new Request(`http://portal.test${path}`);
      expect(comparable(await chained.query(request())), path).toEqual(comparable(await whole.query(request())));
    }
  });

  it("queries the whole tree when the route-match cache is off", async () => {
    const create = counted(originalCreate);
    const chained = chainStaticHandlers(create.fn as never, { matchRoutes: originalMatch })(tree() as never, { basename: "/" });
    expect(comparable(await chained.query(new Request("http://portal.test/item/7")))).toMatchObject({ statusCode: 200 });
    expect(create.calls()).toBe(1);
  });
});

describe("the patches in a page request (what breaks if Remix stops calling the internals)", () => {
  it("are what Remix's document request calls through, and the page is the same", async () => {
    const before = await miniRemix()("/item/7");
    const installedCreate = router.createStaticHandler;
    const installedEncode = singleFetch.encodeViaTurboStream;
    const installedMatch = router.matchRoutes;
    const create = counted(originalCreate);
    const encode = counted(originalEncode);
    router.createStaticHandler = create.fn;
    singleFetch.encodeViaTurboStream = encode.fn;
    try {
      installLeanDocumentPipeline({ lazyHandoff: true, staticHandlerMatch: true });
      expect(router.createStaticHandler.original).toBeDefined();
      expect(singleFetch.encodeViaTurboStream.original).toBeDefined();
      if (!router.matchRoutes.original) router.matchRoutes = memoizeMatchRoutes(originalMatch) as never;
      const get = miniRemix();
      expect(await get("/item/7")).toBe(before);
      // The server runtime makes its static handler through the module (at its first request), and the query the page's chain's.
      expect(create.calls()).toBe(2);
      // <Scripts> reads the handoff: encoded once, when read.
      expect(encode.calls()).toBe(1);
    } finally {
      router.createStaticHandler = installedCreate;
      singleFetch.encodeViaTurboStream = installedEncode;
      router.matchRoutes = installedMatch;
    }
  });
});
