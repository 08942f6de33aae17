import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { ApiError, rateLimited } from "../../lib/errors";
import { clientIp } from "../../lib/request";
import type { AppRouteHandler } from "../../lib/types";
import { verifyDummyPassword, verifyPassword } from "../../services/passwords";
import {
  issueTokenPair,
  revokeAllForUser,
  revokeByRefreshToken,
  rotateRefreshToken,
  signAccessToken,
} from "../../services/tokens";
import type * as routes from "./auth.routes";

export const login: AppRouteHandler<typeof routes.login> = async (c) => {
  const { db, config, rateLimiter: limiter } = c.var.deps;
  const { email, password } = c.req.valid("json");
  const limits = config.rateLimits;

  const perIp = await limiter.hit(`ip:${clientIp(c)}`);
  if (perIp.count > limits.loginPerIp) throw rateLimited(perIp.retryAfterSec);
  // Counted before checking, so parallel guesses cannot slip past the limit; a success clears it,
  // which leaves only failures counted.
  const accountKey = `account:${email}`;
  const perAccount = await limiter.hit(accountKey);
  if (perAccount.count > limits.loginPerAccount) throw rateLimited(perAccount.retryAfterSec);

  const [user] = await db.select().from(users).where(eq(users.email, email));
  const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyDummyPassword(password);
  if (!user || !valid) throw new ApiError(401, "INVALID_CREDENTIALS");
  await limiter.reset(accountKey);

  // Only after the password is right, so these answers reveal nothing to a guesser.
  if (!user.activatedAt) throw new ApiError(403, "ACCOUNT_NOT_ACTIVATED");
  if (!user.isActive) throw new ApiError(403, "ACCOUNT_INACTIVE");

  return c.json({ token: await issueTokenPair(db, user, config) }, 200);
};

export const refresh: AppRouteHandler<typeof routes.refresh> = async (c) => {
  const { db, config } = c.var.deps;
  const result = await rotateRefreshToken(db, c.req.valid("json").refresh_token, config);
  if (!result.ok) {
    throw new ApiError(401, result.reason === "reused" ? "REFRESH_TOKEN_REUSED" : "INVALID_REFRESH_TOKEN");
  }
  const [user] = await db.select().from(users).where(eq(users.id, result.userId));
  if (!user?.isActive) {
    await revokeAllForUser(db, result.userId); // a deactivated account keeps no session
    throw new ApiError(401, "INVALID_REFRESH_TOKEN");
  }
  const token = await signAccessToken(user, result.familyId, config);
  return c.json({ token: { type: "bearer" as const, token, refreshToken: result.refreshToken } }, 200);
};

export const revoke: AppRouteHandler<typeof routes.revoke> = async (c) => {
  const { refresh_token, all } = c.req.valid("json");
  const revoked = await revokeByRefreshToken(c.var.deps.db, refresh_token, all);
  return c.json({ data: { revoked } }, 200);
};
