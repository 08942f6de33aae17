import { eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import { users } from "../../db/schema";
import { ApiError, rateLimited } from "../../lib/errors";
import { clientIp } from "../../http/request";
import type { AppEnv, AppRouteHandler } from "../../http/env";
import { checkAccountToken, consumeAccountToken, expireUnusedTokens, issueAccountToken } from "../../services/account-tokens";
import { hashPassword } from "../../services/passwords";
import { signUp, signUpPerson } from "../../services/sign-up";
import { revokeAllForUser } from "../../services/tokens";
import type * as routes from "./accounts.routes";

export const registerCitizen: AppRouteHandler<typeof routes.registerCitizen> = async (c) => {
  const body = c.req.valid("json");
  const email = await signUp(c.var.deps, clientIp(c), {
    ...signUpPerson(body),
    isForeign: false,
    nik: body.nik,
  });
  return c.json({ data: { email } }, 201);
};

export const registerForeign: AppRouteHandler<typeof routes.registerForeign> = async (c) => {
  const body = c.req.valid("json");
  const email = await signUp(c.var.deps, clientIp(c), {
    ...signUpPerson(body),
    isForeign: true,
    foreignId: body.foreign_id,
    nationality: body.nationality,
    isKek: body.is_kek === "ya",
    preferredJalur: body.jalur_id,
  });
  return c.json({ data: { email } }, 201);
};

export const activate: AppRouteHandler<typeof routes.activate> = async (c) => {
  const { db } = c.var.deps;
  const { token } = c.req.valid("json");
  const account = await db.transaction(async (tx) => {
    const spent = await consumeAccountToken(tx, token, "activation");
    if (!spent.ok) throw new ApiError(400, spent.reason);
    const [user] = await tx
      .update(users)
      .set({ activatedAt: sql`coalesce(${users.activatedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, spent.userId))
      .returning({ email: users.email, is_foreign: users.isForeign });
    return user;
  });
  return c.json({ data: account }, 200);
};

/**
 * Resend and forgot are throttled per client IP and per submitted e-mail, counted whether or not an
 * account has that address, so neither the answer nor the limit tells who is registered.
 */
async function throttleMailRequest(c: Context<AppEnv>, action: string, email: string) {
  const { config, accountRateLimiter } = c.var.deps;
  const perIp = await accountRateLimiter.hit(`${action}:ip:${clientIp(c)}`);
  if (perIp.count > config.rateLimits.mailPerIp) throw rateLimited(perIp.retryAfterSec);
  const perEmail = await accountRateLimiter.hit(`${action}:email:${email}`);
  if (perEmail.count > config.rateLimits.mailPerEmail) throw rateLimited(perEmail.retryAfterSec);
}

const MAIL_REQUESTED = { data: { sent: true as const } };

// Both answer before the account is even looked up: the same work before the answer, whether or not
// there is an account, so the response time tells nothing.

export const resendActivation: AppRouteHandler<typeof routes.resendActivation> = async (c) => {
  const { db, mailer } = c.var.deps;
  const { email } = c.req.valid("json");
  await throttleMailRequest(c, "activation", email);
  mailer.inBackground("activation", async () => {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    if (!user || user.activatedAt || !user.isActive) return;
    // The link and its mail in one transaction: no link without its mail, no mail without its link.
    await db.transaction(async (tx) =>
      mailer.sendActivation({ email: user.email, name: user.fullName }, await issueAccountToken(tx, user.id, "activation"), tx),
    );
  });
  return c.json(MAIL_REQUESTED, 200);
};

export const forgotPassword: AppRouteHandler<typeof routes.forgotPassword> = async (c) => {
  const { db, mailer } = c.var.deps;
  const { email } = c.req.valid("json");
  await throttleMailRequest(c, "password-reset", email);
  mailer.inBackground("password_reset", async () => {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    // A deactivated account gets nothing; one never activated does, see resetPassword.
    if (!user?.isActive) return;
    await db.transaction(async (tx) =>
      mailer.sendPasswordReset({ email: user.email, name: user.fullName }, await issueAccountToken(tx, user.id, "password_reset"), tx),
    );
  });
  return c.json(MAIL_REQUESTED, 200);
};

export const checkResetToken: AppRouteHandler<typeof routes.checkResetToken> = async (c) => {
  const { db } = c.var.deps;
  const check = await checkAccountToken(db, c.req.valid("query").token, "password_reset");
  if (!check.ok) throw new ApiError(400, check.reason);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, check.userId));
  return c.json({ data: { valid: true as const, email: user.email } }, 200);
};

export const resetPassword: AppRouteHandler<typeof routes.resetPassword> = async (c) => {
  const { db, loginThrottle } = c.var.deps;
  const { token, password } = c.req.valid("json");
  // Checked before hashing so a dead link costs no argon2 work; spending it below is the real check.
  const check = await checkAccountToken(db, token, "password_reset");
  if (!check.ok) throw new ApiError(400, check.reason);
  const passwordHash = await hashPassword(password);
  const email = await db.transaction(async (tx) => {
    const spent = await consumeAccountToken(tx, token, "password_reset");
    if (!spent.ok) throw new ApiError(400, spent.reason);
    const [user] = await tx
      .update(users)
      // Following the mailed link proves the address, just as activation does.
      .set({ passwordHash, activatedAt: sql`coalesce(${users.activatedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, spent.userId))
      .returning({ id: users.id, email: users.email });
    await expireUnusedTokens(tx, user.id, "password_reset");
    // Whoever knew the old password may hold a session; every device signs in again.
    await revokeAllForUser(tx, user.id);
    return user.email;
  });
  // Failed guesses against the old password no longer delay the owner anywhere.
  await loginThrottle.forget(email);
  return c.json({ data: { email } }, 200);
};
