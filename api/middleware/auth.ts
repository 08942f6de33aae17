import { and, eq, exists, isNull, sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { Database } from "../db/client";
import { preparedOnce } from "../db/prepared";
import { refreshTokens, users, type UserRow } from "../db/schema";
import { ApiError } from "../lib/errors";
import type { AppEnv } from "../http/env";
import { verifyAccessToken } from "../services/tokens";

/**
 * The token's user, if active and the token's session (refresh family) is not revoked: one prepared
 * query, as every authenticated call runs it (a logged-in page makes three or four such calls).
 */
function liveUserQuery(db: Database) {
  const liveFamily = db
    .select({ one: sql`1` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, sql.placeholder("familyId")), isNull(refreshTokens.revokedAt)));
  return db
    .select()
    .from(users)
    .where(and(eq(users.id, sql.placeholder("userId")), eq(users.isActive, true), exists(liveFamily)));
}

/**
 * Bearer access token → c.var.user. A deactivated user's tokens, and tokens of a revoked session
 * (logout, password change), stop working at once — from the next page request on: the in-process calls
 * of one page request check the token once (api/http/in-process.ts).
 */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, config } = c.var.deps;
  const match = /^Bearer +(\S+)$/i.exec(c.req.header("authorization") ?? "");
  // The portal's in-process calls of one page request: the user the first one verified, not read again.
  const session = c.env?.inProcess?.session;
  if (match && session?.verified?.token === match[1]) {
    c.set("user", session.verified.user as UserRow);
    return next();
  }
  const claims = match ? await verifyAccessToken(match[1], config) : null;
  if (!claims) throw new ApiError(401, "INVALID_TOKEN");
  const [user] = await preparedOnce(db, "auth_live_user", () => liveUserQuery(db)).execute({ userId: claims.userId, familyId: claims.familyId });
  if (!user) throw new ApiError(401, "INVALID_TOKEN");
  if (session) session.verified = { token: match![1], user };
  c.set("user", user);
  await next();
};
