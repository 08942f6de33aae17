import type { MiddlewareHandler } from "hono";
import { ApiError } from "../../lib/errors";
import type { AppEnv } from "../../lib/types";
import { requireUser } from "../../middleware/auth";

/** After requireUser: only these roles pass; anyone else gets 403 ADMIN_ROLE_REQUIRED. */
export function requireRole(...roles: number[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!roles.includes(c.var.user.roleId)) throw new ApiError(403, "ADMIN_ROLE_REQUIRED");
    await next();
  };
}

/** The middleware of an admin route: a signed-in user (401) of one of these roles (403). */
export function adminOnly(...roles: number[]): [MiddlewareHandler<AppEnv>, MiddlewareHandler<AppEnv>] {
  return [requireUser, requireRole(...roles)];
}
