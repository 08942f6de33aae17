import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getRequestListener } from "@hono/node-server";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import * as Sentry from "@sentry/remix";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { pino } from "pino";
import { startApi, type StartedApi } from "./api/index";
import { createApiClient, type ApiFetch } from "./app/utils/api.server";
import { resolveAuth } from "./app/utils/auth.server";
import { EnvError, loadEnv, setEnv, type Env } from "./app/utils/env.server";
import { GUIDEBOOK_PATH } from "./app/utils/guidebook";
import { serveGuidebook } from "./app/utils/guidebook.server";
import { pageQueue } from "./app/utils/page-queue.server";
import { installRouteMatchCache } from "./app/utils/route-match-cache.server";
import { cspFor, isCrossOrigin } from "./app/utils/security.server";
import { guardFormParsing } from "./app/utils/unreadable-form.server";
import { createRequestHandler } from "./server/remix-handler";
import { closeUnreadBodies, formBodies, uploadRoutes } from "./server/request-body";

// One Node process (DESIGN §1): the Remix portal, the API at /api/v1, static files, health checks.

const root = path.dirname(fileURLToPath(import.meta.url));
const BUILD_DIR = path.resolve(root, process.env.BUILD_DIR ?? "build");

/**
 * Serves the brotli or gzip file the build wrote beside each hashed asset (vite.config.ts), so no
 * asset is compressed per request; anything else falls through to express.static.
 */
function precompressed(dir: string) {
  const variants = new Set(existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".br") || f.endsWith(".gz")) : []);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (name.includes("/") || name.includes("..")) return next();
    const accepts = req.get("accept-encoding") ?? "";
    const encoding = /\bbr\b/.test(accepts) && variants.has(`${name}.br`) ? "br" : /\bgzip\b/.test(accepts) && variants.has(`${name}.gz`) ? "gzip" : null;
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    res.type(path.extname(name));
    if (name.endsWith(".js")) res.setHeader("Content-Type", SCRIPT_TYPE);
    res.set("Content-Encoding", encoding);
    res.sendFile(`${name}.${encoding === "br" ? "br" : "gz"}`, { root: dir, ...ASSET_FILE_OPTIONS }, (err) => err && next());
  };
}

/**
 * A hashed asset never changes, so it needs no validator (ETag, Last-Modified) and no range support;
 * and a script or stylesheet needs none of a document's headers (framing, referrer, permissions,
 * opener). A page loads 20-odd of them: over HTTP/1.1 every header byte repeats on each (issue 7).
 */
const ASSET_FILE_OPTIONS = {
  immutable: true,
  maxAge: "1y",
  etag: false,
  lastModified: false,
  acceptRanges: false,
  index: false,
  setHeaders: (res: Response, file: string) => file.endsWith(".js") && res.setHeader("Content-Type", SCRIPT_TYPE),
} as const;

/** RFC 9239's type for scripts; module scripts are always read as UTF-8, so no charset is needed. */
const SCRIPT_TYPE = "text/javascript";

/** Every file under `dir`, as URL paths ("/favicon.svg"). */
function listFiles(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(path.join(dir, e.name), `${prefix}/${e.name}`) : [`${prefix}/${e.name}`],
  );
}

function assetHeaders(production: boolean) {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.set("X-Content-Type-Options", "nosniff");
    if (production) res.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

export async function createServer(env: Env, opts: { dev?: boolean; logger?: pino.Logger } = {}) {
  const dev = opts.dev ?? false;
  const logger = opts.logger ?? pino({ level: env.LOG_LEVEL });
  const production = env.NODE_ENV === "production";
  installRouteMatchCache();

  let api: StartedApi | undefined;
  let apiFetch: ApiFetch;
  let apiBase: string;
  if (env.API_URL) {
    apiFetch = (request) => fetch(request);
    apiBase = env.API_URL;
  } else {
    api = await startApi({
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
      apiKey: env.API_KEY,
      jwtSecret: env.JWT_SECRET,
      seedDemo: !production && (!env.DATABASE_URL || process.env.SEED_DEMO === "true"),
      rateLimits: {
        loginPerIp: env.RATE_LIMIT_LOGIN_PER_IP,
        loginPerAccount: env.RATE_LIMIT_LOGIN_PER_ACCOUNT,
        windowSec: 900,
        signUpPerIp: env.RATE_LIMIT_SIGNUP_PER_IP,
        mailPerEmail: env.RATE_LIMIT_MAIL_PER_EMAIL,
        mailPerIp: env.RATE_LIMIT_MAIL_PER_IP,
        accountWindowSec: 3600,
      },
      trustProxy: env.TRUST_PROXY,
      smtpUrl: env.SMTP_URL,
      publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
      logger: logger.child({ component: "api" }),
    });
    apiFetch = api.fetch;
    apiBase = "http://api.internal";
  }

  const app = express();
  app.disable("x-powered-by");
  // A hop count: Express reads the string "1" as an address, and would trust no real proxy.
  app.set("trust proxy", env.TRUST_PROXY);

  // A request answered before its body arrived is not read to the end (server/request-body.ts).
  app.use(closeUnreadBodies());
  // Every 5xx is logged; its cause is logged where it happened (entry.server, the API, below).
  app.use((req, res, next) => {
    res.once("finish", () => {
      if (res.statusCode >= 500) logger.warn({ method: req.method, path: req.path, status: res.statusCode }, "answered with a server error");
    });
    next();
  });

  // Hashed assets first, with the headers a script or stylesheet needs and nothing more.
  if (!dev) {
    const assets = path.join(BUILD_DIR, "client/assets");
    app.use("/assets", assetHeaders(production), precompressed(assets), express.static(assets, ASSET_FILE_OPTIONS));
  }

  app.use((req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.set({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
      "Cross-Origin-Opener-Policy": "same-origin",
    });
    if (production) res.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  });

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      if (api) await api.ready();
      else if (!(await fetch(new URL("/api/v1/openapi.json", env.API_URL))).ok) throw new Error("API not ready");
      res.json({ status: "ready" });
    } catch {
      res.status(503).json({ status: "unavailable" });
    }
  });

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
  app.get(GUIDEBOOK_PATH, serveGuidebook({ fetch: apiFetch, apiBase, apiKey: env.API_KEY, bundledFile: bundledGuidebook }));

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let isUpload: (pathname: string) => boolean | Promise<boolean>;
  if (dev) {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    app.use(vite.middlewares);
    build = async () => guardFormParsing((await vite.ssrLoadModule("virtual:remix/server-build")) as ServerBuild);
    const devBuild = build;
    isUpload = async (pathname) => uploadRoutes(await devBuild())(pathname);
  } else {
    const serverBuild = path.join(BUILD_DIR, "server/index.js");
    if (!existsSync(serverBuild)) throw new EnvError("No build found: run `npm run build` first (npm start does it for you)");
    build = guardFormParsing((await import(serverBuild)) as ServerBuild);
    isUpload = uploadRoutes(build);
    // Hashed assets are served above. Other public files are revalidated (ETag). Only the paths the
    // build holds go to the file server: a page request costs no file-system lookup (issue 7).
    const clientDir = path.join(BUILD_DIR, "client");
    const publicFiles = new Set(listFiles(clientDir).filter((f) => !f.startsWith("/assets/")));
    const serveStatic = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (publicFiles.has(req.path) ? serveStatic(req, res, next) : next()));
  }

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (isCrossOrigin(req.method, (name) => req.get(name))) {
      res.status(403).type("text/plain; charset=utf-8").send("Permintaan lintas situs ditolak.");
      return;
    }
    res.set("Content-Security-Policy", cspFor(res.locals.cspNonce as string, { dev, sentryDsn: env.SENTRY_DSN }));
    next();
  });

  // A form body is read here within its limit, whatever the headers say; an upload streams on.
  app.use(formBodies(isUpload));
  app.use(pageQueue(env.MAX_CONCURRENT_PAGES));

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: dev ? "development" : "production",
      getLoadContext(req, res): AppLoadContext {
        const clientIp = req.ip ?? req.socket.remoteAddress ?? "unknown";
        const client = createApiClient({ fetch: apiFetch, baseUrl: apiBase, apiKey: env.API_KEY, clientIp });
        const appendSetCookie = (cookie: string) => res.append("Set-Cookie", cookie);
        let auth: ReturnType<AppLoadContext["auth"]> | undefined;
        return {
          cspNonce: res.locals.cspNonce as string,
          api: client,
          clientIp,
          appendSetCookie,
          omitHeader: (name: string) => res.removeHeader(name),
          auth: (opts) => (auth ??= resolveAuth(req.headers.cookie ?? null, client, appendSetCookie, opts)),
        };
      },
    }),
  );

  // Whatever reaches here unanswered: logged with its cause, answered without internals.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    // A request Express cannot read (a malformed percent-encoding) is the sender's mistake: its 4xx.
    const declared = Number((error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode);
    const status = declared >= 400 && declared < 500 ? declared : error instanceof URIError ? 400 : 500;
    if (status === 500) logger.error({ err: error, method: req.method, path: req.path }, "request failed");
    if (res.headersSent) return void res.destroy();
    res.status(status).type("text/plain; charset=utf-8").send("Terjadi kesalahan, silahkan kembali ke awal.");
  });

  return { app, api, logger };
}

/**
 * HTTP timeouts for slow phones: no cap on a request's total time (5 MB at 20 kB/s takes over four
 * minutes, and Node's default 300 s cap cut such uploads off), but a connection on which nothing
 * arrives for HTTP_IDLE_TIMEOUT_SEC is closed. Headers must still arrive within 60 s.
 */
export function applyTimeouts(http: import("node:http").Server, idleTimeoutSec: number) {
  http.requestTimeout = 0;
  http.headersTimeout = 60_000;
  http.setTimeout(idleTimeoutSec * 1000);
}

async function main() {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`adaptasi: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  setEnv(env);
  if (env.SENTRY_DSN) Sentry.init({ dsn: env.SENTRY_DSN, tracesSampleRate: 1.0 });
  const dev = process.argv.includes("--dev");
  let server: Awaited<ReturnType<typeof createServer>>;
  try {
    server = await createServer(env, { dev });
  } catch (error) {
    console.error(`adaptasi: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const { app, api, logger } = server;
  const http = app.listen(env.PORT, env.HOST, () => {
    const address = http.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    logger.info({ port, db: api?.dbKind ?? "remote" }, `Adaptasi Nakes LLN ready on http://localhost:${port}`);
  });
  applyTimeouts(http, env.HTTP_IDLE_TIMEOUT_SEC);
  const shutdown = () => {
    http.close(() => void (api?.close() ?? Promise.resolve()).finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
