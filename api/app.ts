import { OpenAPIHono } from "@hono/zod-openapi";
import type { Hono } from "hono";
import type { MergeSchemaPath } from "hono/types";
import type { UnionToIntersection } from "hono/utils/types";
import type { Database } from "./db/client";
import { routePath } from "hono/route";
import { createDeps } from "./config";
import { markRoutePattern } from "./lib/metrics";
import { handOverJson } from "./http/in-process";
import { forgetRememberedReads } from "./lib/remembered";
import { documentApi } from "./http/openapi";
import { createRouter } from "./http/router";
import type { ApiConfig } from "./config";
import type { AppEnv } from "./http/env";
import { validationHook } from "./lib/validation";
import { requireApiKey } from "./middleware/api-key";
import { limitJsonBody } from "./middleware/body-limit";
import { handleErrors, notFound } from "./middleware/errors";
import { rejectNul } from "./middleware/no-nul";
import type { Mailer } from "./services/mail";
import type { FileStorage } from "./services/storage/storage";
import type { DataStore } from "@tus/server";
import { accessLogRouter } from "./routes/access-log";
import { dataExportRouter } from "./routes/data-export";
import { retentionRouter } from "./routes/retention";
import { performanceRouter } from "./routes/performance";
import { deletionRequestsRouter } from "./routes/deletion-requests";
import { accountsRouter } from "./routes/accounts";
import { additionalRouter } from "./routes/additional";
import { adminRouter } from "./routes/admin";
import { applicationsRouter } from "./routes/applications";
import { authRouter } from "./routes/auth";
import { cmsRouter } from "./routes/cms";
import { configRouter } from "./routes/config";
import { countriesRouter } from "./routes/countries";
import { documentRequirementsRouter } from "./routes/document-requirements";
import { facilityRouter } from "./routes/facility";
import { filesRouter } from "./routes/files";
import { meRouter } from "./routes/me";
import { profileRouter } from "./routes/profile";
import { publicRouter } from "./routes/public";
import { lettersRouter } from "./routes/letters";
import { referenceRouter } from "./routes/reference";
import { registrationsRouter } from "./routes/registrations";
import { reviewRouter } from "./routes/review";
import { testSchedulesRouter } from "./routes/test-schedules";
import { uploadsRouter } from "./routes/uploads";

export type { ApiConfig, MailConfig } from "./config";
export type { AppEnv } from "./http/env";
export type { RateLimitConfig } from "./lib/rate-limits";
export { DEFAULT_PUBLIC_URL } from "./config";

export const API_BASE = "/api/v1";
const OPENAPI_PATH = `${API_BASE}/openapi.json`;

/** The resources under /api/v1, each the router of api/routes/<resource>/index.ts, in route-matching order. */
const RESOURCES = [
  authRouter,
  meRouter,
  accountsRouter,
  facilityRouter,
  configRouter,
  countriesRouter,
  documentRequirementsRouter,
  testSchedulesRouter,
  publicRouter,
  lettersRouter,
  referenceRouter,
  profileRouter,
  applicationsRouter,
  additionalRouter,
  filesRouter,
  reviewRouter,
  adminRouter,
  accessLogRouter,
  dataExportRouter,
  retentionRouter,
  performanceRouter,
  deletionRequestsRouter,
  cmsRouter,
  registrationsRouter,
  uploadsRouter,
] as const;

/**
 * Every route of the API as a type, from the routers' own definitions (their `createRoute` contracts):
 * keyed by its path under /api/v1 in Hono's form ("/applications/:id") and its method ("$get"), each
 * with its input (param, query, json) and its answers by status. The portal's client is typed from it
 * (app/utils/api-types.ts; docs/decisions/030-typed-seam.md). Types only: nothing here runs.
 */
export type ApiSchema = Flat<
  UnionToIntersection<(typeof RESOURCES)[number] extends infer R ? (R extends OpenAPIHono<AppEnv, infer S, "/"> ? S : never) : never>
>;
/**
 * The intersection of ~150 routes' schemas as one object type, computed once: every later `keyof` and lookup
 * reads one object instead of walking the intersection's members (the type check's time).
 */
type Flat<S> = { [R in keyof S]: S[R] };

/** The whole API as Hono's RPC client reads it (`hc<AppType>` of hono/client): the routes under /api/v1. */
export type AppType = Hono<AppEnv, MergeSchemaPath<ApiSchema, typeof API_BASE>, "/">;

/**
 * Builds the API. `mailer` lets several apps share one outbox (startApi, tests); without it the app
 * makes its own from `config.mail`.
 */
export function createApiApp(deps: { db: Database; config: ApiConfig; mailer?: Mailer; storage?: FileStorage; tusStore?: DataStore }): OpenAPIHono<AppEnv> {
  const ctx = createDeps(deps);
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  // In request order: the deps, an in-process call's hand-over, the api key, the JSON size limit, no NUL,
  // forgetting remembered reads after a write; then the resource's router.
  app.use("*", async (c, next) => {
    c.set("deps", ctx);
    try {
      await next();
    } finally {
      // Over HTTP: the matched route's pattern for /metrics (the last route matched; a middleware's when none answered).
      if (c.env?.incoming) markRoutePattern(c.env.incoming, routePath(c, -1) || "unmatched");
    }
  });
  app.use("*", handOverJson);
  app.use(`${API_BASE}/*`, requireApiKey(ctx.config.apiKey, [OPENAPI_PATH]));
  // A request that may change something (a decision, a submission, a reupload, a setting, …): every
  // remembered read (tab counts, settings, document requirements; api/lib/remembered.ts) is forgotten
  // once it is answered.
  app.use(`${API_BASE}/*`, async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    try {
      await next();
    } finally {
      forgetRememberedReads();
    }
  });
  app.use(`${API_BASE}/*`, limitJsonBody);
  // PostgreSQL text cannot hold NUL: refuse it as bad input instead of failing at the INSERT.
  app.use(`${API_BASE}/*`, rejectNul);

  const v1 = createRouter();
  for (const router of RESOURCES) v1.route("/", router);
  app.route(API_BASE, v1);

  documentApi(app, OPENAPI_PATH);
  app.notFound(notFound);
  app.onError(handleErrors(ctx.config.logger, deps.config.reportError));

  return app;
}
