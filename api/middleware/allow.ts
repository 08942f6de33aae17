import type { Context, MiddlewareHandler, Next } from "hono";
import { ApiError } from "../lib/errors";
import type { AppEnv } from "../http/env";

/** What a caller of another role reads: a 403 with one of these codes, or "not-found" (the endpoint does not exist for them). */
export type Refusal = "ADMIN_ROLE_REQUIRED" | "STAFF_ONLY" | "APPLICANTS_ONLY" | "FACILITY_ONLY" | "not-found";

/**
 * The API's one role gate. After requireUser: only the given roles (a named list of domain/roles.ts)
 * pass; anyone else is refused before any query or body is read — 403 with the `otherwise` code
 * (ADMIN_ROLE_REQUIRED unless said), or 404 NOT_FOUND with `otherwise: "not-found"`.
 */
export function allow(roles: readonly number[], options: { otherwise?: Refusal } = {}): MiddlewareHandler<AppEnv> {
  const otherwise = options.otherwise ?? "ADMIN_ROLE_REQUIRED";
  const refusal = () => (otherwise === "not-found" ? new ApiError(404, "NOT_FOUND") : new ApiError(403, otherwise));
  return async (c, next) => {
    if (!roles.includes(c.var.user.roleId)) throw refusal();
    await next();
  };
}

/**
 * A gate that decides after the request was validated, for the endpoint whose tests pin that order
 * (POST /applications: a non-applicant's invalid body reads 400, a valid one 403 APPLICANTS_ONLY).
 * Route middleware runs before the validators, so the gate wraps the handler instead.
 */
export function afterValidation<H extends (c: Context<AppEnv, any, any>, next: Next) => any>(gate: MiddlewareHandler<AppEnv>, handler: H): H {
  const gated = async (c: Context<AppEnv, any, any>, next: Next) => {
    await gate(c, async () => {});
    return handler(c, next);
  };
  return gated as H;
}
