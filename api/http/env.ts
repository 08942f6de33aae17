import type { RouteConfig, RouteHandler } from "@hono/zod-openapi";
import type { HttpBindings } from "@hono/node-server";
import type { InProcessCall } from "#contracts/in-process";
import type { UserRow } from "../db/schema";
import type { ApiDeps } from "../services/deps";

export interface AppEnv {
  /**
   * Set by @hono/node-server for a request that came over HTTP (its socket); absent when the portal
   * calls the API in-process (`startApi().fetch`) or a test calls `app.request()`.
   */
  Bindings: {
    incoming?: Pick<HttpBindings["incoming"], "socket">;
    /** a call of the portal in the same process (api/http/in-process.ts); never set over HTTP */
    inProcess?: InProcessCall;
  };
  Variables: {
    deps: ApiDeps;
    /** set by requireUser on authenticated routes */
    user: UserRow;
  };
}

export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;
