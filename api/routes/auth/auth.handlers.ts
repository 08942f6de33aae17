import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { users, type UserRow } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import { clientIp } from "../../http/request";
import type { AppEnv, AppRouteHandler } from "../../http/env";
import { loginDelayMail } from "../../services/mail";
import { verifyDummyPassword, verifyPassword } from "../../services/passwords";
import { issueTokenPair, revokeAllForUser, revokeByRefreshToken, rotateRefreshToken, signAccessToken } from "../../services/tokens";
import type * as routes from "./auth.routes";

export const login: AppRouteHandler<typeof routes.login> = async (c) => {
  const { db, config, loginThrottle, mailer } = c.var.deps;
  const { email, password } = c.req.valid("json");
  const address = clientIp(c);

  const { ok, user, delayStarted } = await loginThrottle.attempt(email, address, async () => {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    return { user, ok: user ? await verifyPassword(user.passwordHash, password) : await verifyDummyPassword(password) };
  });
  if (!ok || !user) {
    // In the background, so this answer takes no longer for an account than for an unknown address.
    if (delayStarted && user) mailer.inBackground("login_delay", () => warnOwner(c, user, address));
    throw new ApiError(401, "INVALID_CREDENTIALS");
  }

  // Only after the password is right, so these answers reveal nothing to a guesser.
  if (!user.activatedAt) throw new ApiError(403, "ACCOUNT_NOT_ACTIVATED");
  if (!user.isActive) throw new ApiError(403, "ACCOUNT_INACTIVE");

  return c.json({ token: await issueTokenPair(db, user, config) }, 200);
};

/**
 * Tells the owner that failed logins from `address` are now delayed: at most one such mail per account
 * per account window, so a guesser with many addresses cannot flood the owner's mailbox.
 */
async function warnOwner(c: Context<AppEnv>, user: UserRow, address: string) {
  const { accountRateLimiter, mailer } = c.var.deps;
  if (!user.activatedAt || !user.isActive) return;
  if ((await accountRateLimiter.hit(`login-delay-mail:${user.id}`)).count !== 1) return;
  const to = { email: user.email, name: user.fullName };
  await mailer.send("login_delay", to, loginDelayMail(to, { address, at: new Date() }, mailer.publicUrl));
}

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
