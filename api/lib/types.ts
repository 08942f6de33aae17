import type { RouteConfig, RouteHandler } from "@hono/zod-openapi";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import type { UserRow } from "../db/schema";
import type { RateLimiter } from "../services/rate-limit";

export interface RateLimitConfig {
  /** login attempts per client IP per window */
  loginPerIp: number;
  /** failed login attempts per account (e-mail) per window */
  loginPerAccount: number;
  windowSec: number;
}

export interface ApiConfig {
  apiKey: string;
  jwtSecret: string;
  /** default 3600 (1 h) */
  accessTokenTtlSec?: number;
  /** default 7 days */
  refreshTokenTtlSec?: number;
  rateLimits?: RateLimitConfig;
  logger?: Logger;
}

export type ResolvedConfig = Required<Omit<ApiConfig, "logger">> & { logger: Logger };

export interface ApiDeps {
  db: Database;
  config: ResolvedConfig;
  /** counters for config.rateLimits.windowSec */
  rateLimiter: RateLimiter;
}

export interface AppEnv {
  Variables: {
    deps: ApiDeps;
    /** set by requireUser on authenticated routes */
    user: UserRow;
  };
}

export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;
