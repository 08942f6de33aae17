import { eq } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { users } from "../db/schema";
import { ApiError } from "../lib/errors";
import type { AppEnv } from "../lib/types";
import { familyIsLive, verifyAccessToken } from "../services/tokens";

/**
 * Bearer access token → c.var.user. A deactivated user's tokens, and tokens of a revoked session
 * (logout, password change), stop working at once.
 */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, config } = c.var.deps;
  const match = /^Bearer +(\S+)$/i.exec(c.req.header("authorization") ?? "");
  const claims = match ? await verifyAccessToken(match[1], config) : null;
  if (!claims || !(await familyIsLive(db, claims.familyId))) throw new ApiError(401, "INVALID_TOKEN");
  const [user] = await db.select().from(users).where(eq(users.id, claims.userId));
  if (!user || !user.isActive) throw new ApiError(401, "INVALID_TOKEN");
  c.set("user", user);
  await next();
};
