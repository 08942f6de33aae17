import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getRequestListener } from "@hono/node-server";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import * as Sentry from "@sentry/remix";
import compression from "compression";
import express from "express";
import type { pino } from "pino";
import { startApi, type StartedApi } from "../api/index";
import type { InProcessFetch } from "../contracts/in-process";
import { createApiClient, type ApiFetch } from "../app/utils/api.server";
import { resolveAuth } from "../app/utils/auth.server";
import { EnvError, type Env } from "../app/utils/env.server";
import { GUIDEBOOK_PATH } from "../app/utils/guidebook";
import { apiOptionsFrom } from "./api-options";
import { ASSET_FILE_OPTIONS, assetHeaders, listFiles, precompressed } from "./assets";
import { publishAssets, storedAssets } from "./asset-store";
import { lastResort, passRejections } from "./errors";
import { serveGuidebook } from "./guidebook";
import { createLifecycle } from "./lifecycle";
import { accessLog, createLogger, currentRequestId } from "./logging";
import { buildInfo } from "./build-info";
import { measureRequests, metricsEndpoint, reportBuildInfo, reportFrameworkPatches, routeLabel } from "./metrics";
import { pageRoutes, refusePostsWithoutAction, type PageRoutes } from "./page-routes";
import { pageQueue } from "./page-queue";
import { createRequestHandler } from "./remix-handler";
import { closeUnreadBodies, formBodies, uploadRoutes } from "./request-body";
import { installRenderTreeCache } from "./render-tree-cache";
import { installRouteMatchCache } from "./route-match-cache";
import { installLeanDocumentPipeline } from "./document-pipeline";
import { pagePolicy, securityHeaders } from "./security";
import { patchOn } from "#domain/framework-patches";

// One Node process (DESIGN §1): the Remix portal, the API at /api/v1, static files, health checks.
// The middleware, in the order a request meets it.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUILD_DIR = path.resolve(root, process.env.BUILD_DIR ?? "build");

export async function createServer(env: Env, opts: { dev?: boolean; logger?: pino.Logger } = {}) {
  const dev = opts.dev ?? false;
  const logger = opts.logger ?? createLogger(env.LOG_LEVEL);
  const production = env.NODE_ENV === "production";
  // server.ts starts Sentry when SENTRY_DSN is set; the API's and Express's 500s are reported too (entry.server reports the pages').
  // The event carries the request's id, as its log lines do.
  const reportError = env.SENTRY_DSN
    ? (error: unknown) => void Sentry.captureException(error, { tags: { request_id: currentRequestId() ?? "none" } })
    : undefined;
  // Framework patches for speed (domain/framework-patches.ts; FRAMEWORK_PATCHES_OFF switches one off).
  if (patchOn("route-match-cache")) installRouteMatchCache();
  if (patchOn("render-tree-cache")) installRenderTreeCache();
  installLeanDocumentPipeline({ lazyHandoff: patchOn("lazy-handoff-stream"), staticHandlerMatch: patchOn("static-handler-match") });
  reportFrameworkPatches(logger);

  let api: StartedApi | undefined;
  let apiFetch: ApiFetch;
  let apiBase: string;
  let inProcess: InProcessFetch | undefined;
  if (env.API_URL) {
    apiFetch = (request) => fetch(request);
    apiBase = env.API_URL;
  } else {
    api = await startApi({ ...apiOptionsFrom(env), reportError, logger: logger.child({ component: "api" }) });
    apiFetch = api.fetch;
    inProcess = api.inProcess;
    apiBase = "http://api.internal";
  }

  // SIGTERM drains (server.ts); the API and its database close last, after any worker registered later.
  const lifecycle = createLifecycle(logger);
  if (api) lifecycle.onClose("api and database", () => api!.close());
  let pageRoute: ((pathname: string) => string) | undefined;

  const app = express();
  app.disable("x-powered-by");
  // A hop count: Express reads the string "1" as an address, and would trust no real proxy.
  app.set("trust proxy", env.TRUST_PROXY);

  // Every request: its id and its access line (server/logging.ts), and its time for /metrics, by its route's pattern.
  app.use(accessLog({ logger, trustProxy: env.TRUST_PROXY, apiKey: env.API_KEY, routeOf: (req) => routeLabel(req, pageRoute) }));
  app.use(measureRequests(() => pageRoute));
  // A request answered before its body arrived is not read to the end (server/request-body.ts).
  app.use(closeUnreadBodies());
  // While draining, a new request is answered 503 (server/lifecycle.ts).
  app.use(lifecycle.middleware);

  // Hashed assets first, with the headers a script or stylesheet needs and nothing more: this build's,
  // then those of every other release still in the shared store (server/asset-store.ts).
  if (!dev) {
    const assets = path.join(BUILD_DIR, "client/assets");
    const store = path.resolve(env.ASSETS_DIR ?? path.join(env.DATA_DIR, "assets"));
    const publish = () =>
      publishAssets(assets, store, env.ASSETS_KEEP_DAYS).then(
        (result) => logger.info({ store, ...result }, "client assets published to the shared store"),
        (err: unknown) =>
          logger.warn({ err, store }, "client assets could not be published to the shared store: pages of other releases may miss their scripts"),
      );
    if (existsSync(assets)) {
      await publish();
      // A running release marks its files again, so a long-running one keeps them in the store.
      const again = setInterval(() => void publish(), 6 * 3_600_000);
      again.unref();
      lifecycle.onClose("asset store", () => clearInterval(again));
    }
    app.use("/assets", assetHeaders(production), precompressed(assets), express.static(assets, ASSET_FILE_OPTIONS), passRejections(storedAssets(store)));
  }

  app.use(securityHeaders(production));

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  reportBuildInfo(buildInfo());
  app.get("/metrics", metricsEndpoint(env.METRICS_TOKEN));
  app.get(
    "/readyz",
    passRejections(async (_req, res) => {
      res.set("Cache-Control", "no-store");
      try {
        if (!api) {
          if (!(await fetch(new URL("/api/v1/openapi.json", env.API_URL))).ok) throw new Error("API not ready");
          res.json({ status: "ready" });
          return;
        }
        // Ready either way; the body says when mail is held or redirected (a copy of the database) and
        // when storage is read-only (another PUBLIC_URL's): api/services/readiness.ts.
        res.json(await api.readiness());
      } catch {
        res.status(503).json({ status: "unavailable" });
      }
    }),
  );

  // End-to-end tests only (TEST_JOB_TRIGGER, refused outside NODE_ENV=test): the scheduled jobs run now,
  // at the time given (a retention period runs out in months), and the answer waits for their mail.
  if (api && env.TEST_JOB_TRIGGER === "true" && env.NODE_ENV === "test") {
    const started = api;
    app.post(
      "/__test/run-jobs",
      passRejections(async (req, res) => {
        const at = new Date(String(req.query.at ?? ""));
        if (Number.isNaN(at.getTime())) {
          res.status(400).json({ error: "at must be an ISO time" });
          return;
        }
        await started.jobs.runAll(at);
        await started.mailer.idle();
        res.json({ ran: at.toISOString() });
      }),
    );
  }

  if (api) {
    const listener = getRequestListener((request, bindings) => api!.fetch(request, bindings));
    app.use("/api/v1", (req, res) => {
      req.url = req.originalUrl; // the API routes carry the /api/v1 prefix themselves
      void listener(req, res);
    });
  }

  app.use(compression());

  // The guidebook PDF: the Admin's upload (/master-cms) or the bundled file, before the static files.
  const bundledGuidebook = path.join(dev ? path.join(root, "public") : path.join(BUILD_DIR, "client"), GUIDEBOOK_PATH);
  app.get(GUIDEBOOK_PATH, passRejections(serveGuidebook({ fetch: apiFetch, apiBase, apiKey: env.API_KEY, bundledFile: bundledGuidebook })));

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let isUpload: (pathname: string) => boolean | Promise<boolean>;
  let routes: () => PageRoutes | Promise<PageRoutes>;
  if (dev) {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    app.use(vite.middlewares);
    build = async () => (await vite.ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
    const devBuild = build;
    isUpload = async (pathname) => uploadRoutes(await devBuild())(pathname);
    routes = async () => pageRoutes(await devBuild());
  } else {
    const serverBuild = path.join(BUILD_DIR, "server/index.js");
    if (!existsSync(serverBuild)) throw new EnvError("No build found: run `npm run build` first (npm start does it for you)");
    build = (await import(serverBuild)) as ServerBuild;
    isUpload = uploadRoutes(build);
    const built = pageRoutes(build);
    pageRoute = built.pattern;
    routes = () => built;
    // Hashed assets are served above. Other public files are revalidated (ETag). Only the paths the
    // build holds go to the file server: a page request costs no file-system lookup.
    const clientDir = path.join(BUILD_DIR, "client");
    const publicFiles = new Set(listFiles(clientDir).filter((f) => !f.startsWith("/assets/")));
    const serveStatic = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (publicFiles.has(req.path) ? serveStatic(req, res, next) : next()));
  }

  app.use(pagePolicy({ dev, sentryDsn: env.SENTRY_DSN, publicUrl: env.PUBLIC_URL }));

  // A post to a page without an action is refused before its body is read.
  app.use(passRejections(refusePostsWithoutAction(routes)));
  // A form body is read here within its limit, whatever the headers say, and its field names checked;
  // an upload streams on.
  app.use(passRejections(formBodies(isUpload)));
  app.use(pageQueue(env.MAX_CONCURRENT_PAGES));

  app.all(
    "*",
    passRejections(
      createRequestHandler({
        build,
        mode: dev ? "development" : "production",
        getLoadContext(req, res): AppLoadContext {
          const clientIp = req.ip ?? req.socket.remoteAddress ?? "unknown";
          const requestId = req.id as string;
          const client = createApiClient({ fetch: apiFetch, baseUrl: apiBase, apiKey: env.API_KEY, clientIp, inProcess, requestId });
          const appendSetCookie = (cookie: string) => res.append("Set-Cookie", cookie);
          let auth: ReturnType<AppLoadContext["auth"]> | undefined;
          return {
            cspNonce: res.locals.cspNonce as string,
            requestId,
            release: buildInfo().commit,
            log: logger,
            api: client,
            clientIp,
            appendSetCookie,
            omitHeader: (name: string) => res.removeHeader(name),
            auth: (opts) => (auth ??= resolveAuth(req.headers.cookie ?? null, client, appendSetCookie, opts)),
          };
        },
      }),
    ),
  );

  app.use(lastResort(logger, reportError));

  return { app, api, logger, lifecycle };
}
