import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import pino from "pino";
import type { Database } from "./db/client";
import { ApiError, errorBody, MESSAGES } from "./lib/errors";
import type { ApiConfig, ApiDeps, AppEnv, ResolvedConfig } from "./lib/types";
import { validationHook } from "./lib/validation";
import { requireApiKey } from "./middleware/api-key";
import { createRateLimiter } from "./services/rate-limit";
import * as authHandlers from "./routes/auth/auth.handlers";
import * as authRoutes from "./routes/auth/auth.routes";
import * as configHandlers from "./routes/config/config.handlers";
import * as configRoutes from "./routes/config/config.routes";
import * as docHandlers from "./routes/document-requirements/document-requirements.handlers";
import * as docRoutes from "./routes/document-requirements/document-requirements.routes";
import * as meHandlers from "./routes/me/me.handlers";
import * as meRoutes from "./routes/me/me.routes";

export type { ApiConfig, AppEnv, RateLimitConfig } from "./lib/types";

export const API_BASE = "/api/v1";
const OPENAPI_PATH = `${API_BASE}/openapi.json`;
const JSON_BODY_LIMIT = 1024 * 1024;

function resolveConfig(config: ApiConfig): ResolvedConfig {
  if (!config.apiKey || !config.jwtSecret) throw new Error("API: apiKey and jwtSecret must be set");
  return {
    apiKey: config.apiKey,
    jwtSecret: config.jwtSecret,
    accessTokenTtlSec: config.accessTokenTtlSec ?? 3600,
    refreshTokenTtlSec: config.refreshTokenTtlSec ?? 7 * 24 * 3600,
    rateLimits: config.rateLimits ?? { loginPerIp: 100, loginPerAccount: 5, windowSec: 900 },
    logger: config.logger ?? pino({ level: process.env.LOG_LEVEL ?? "info" }),
  };
}

export function createApiApp(deps: { db: Database; config: ApiConfig }): OpenAPIHono<AppEnv> {
  const config = resolveConfig(deps.config);
  const ctx: ApiDeps = { db: deps.db, config, rateLimiter: createRateLimiter(deps.db, config.rateLimits.windowSec) };
  const { logger } = ctx.config;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.use("*", async (c, next) => {
    c.set("deps", ctx);
    await next();
  });
  app.use(`${API_BASE}/*`, requireApiKey(ctx.config.apiKey, [OPENAPI_PATH]));
  const jsonBodyLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw new ApiError(413, "PAYLOAD_TOO_LARGE");
    },
  });
  app.use(`${API_BASE}/*`, async (c, next) => {
    // Uploads stream with their own per-document limits; everything else is small JSON.
    if (c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data")) return next();
    return jsonBodyLimit(c, next);
  });

  const v1 = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(authRoutes.login, authHandlers.login)
    .openapi(authRoutes.refresh, authHandlers.refresh)
    .openapi(authRoutes.revoke, authHandlers.revoke)
    .openapi(meRoutes.getMe, meHandlers.getMe)
    .openapi(meRoutes.changePassword, meHandlers.changePassword)
    .openapi(configRoutes.getPublicConfig, configHandlers.getPublicConfig)
    .openapi(docRoutes.listDocumentRequirements, docHandlers.listDocumentRequirements);
  app.route(API_BASE, v1);

  app.openAPIRegistry.registerComponent("securitySchemes", "ApiKey", {
    type: "apiKey",
    in: "header",
    name: "x-adaptasiapikey",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "Bearer", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
  });
  app.doc(OPENAPI_PATH, {
    openapi: "3.0.3",
    info: {
      title: "Adaptasi Nakes LLN API",
      version: "1.0.0",
      description: "API Portal Adaptasi Tenaga Kesehatan Lulusan Luar Negeri. Setiap panggilan membawa header x-adaptasiapikey.",
    },
    security: [{ ApiKey: [] }],
  });

  app.notFound((c) => c.json(errorBody("NOT_FOUND", MESSAGES.NOT_FOUND), 404));
  app.onError((err, c) => {
    if (err instanceof ApiError) {
      return c.json(errorBody(err.code, err.message), err.status, err.headers);
    }
    if (err instanceof HTTPException) {
      // Hono's own 4xx: unparsable JSON (400) or a body that is not JSON (415).
      if (err.status === 400 || err.status === 415) return c.json(errorBody("MALFORMED_BODY", MESSAGES.MALFORMED_BODY), 400);
      if (err.status === 413) return c.json(errorBody("PAYLOAD_TOO_LARGE", MESSAGES.PAYLOAD_TOO_LARGE), 413);
      if (err.status < 500) return c.json(errorBody("VALIDATION_ERROR", err.message), err.status);
    }
    logger.error({ err, method: c.req.method, path: c.req.path }, "unhandled API error");
    return c.json(errorBody("INTERNAL_ERROR", MESSAGES.INTERNAL_ERROR), 500);
  });

  return app;
}
