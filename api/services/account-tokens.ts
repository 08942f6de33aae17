import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { accountTokens, type AccountTokenPurpose } from "../db/schema";
import { hashToken } from "./tokens";

// Single-use links mailed to an account's owner. Only the sha-256 of a token is stored.

export const ACCOUNT_TOKEN_TTL_SEC: Record<AccountTokenPurpose, number> = {
  activation: 24 * 3600,
  password_reset: 3600,
};

export type AccountTokenFailure = "TOKEN_INVALID" | "TOKEN_USED" | "TOKEN_EXPIRED";
export type AccountTokenCheck = { ok: true; userId: string } | { ok: false; reason: AccountTokenFailure };

/**
 * A new link for the user. Older unused links of the same purpose stop working (they read as
 * expired), so only the newest mail counts.
 */
export async function issueAccountToken(db: Database, userId: string, purpose: AccountTokenPurpose): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await expireUnusedTokens(tx, userId, purpose);
    await tx.insert(accountTokens).values({
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + make_interval(secs => ${ACCOUNT_TOKEN_TTL_SEC[purpose]})`,
    });
  });
  return token;
}

/** Ends every unused link of this purpose, e.g. after a password reset. */
export async function expireUnusedTokens(db: Database, userId: string, purpose: AccountTokenPurpose): Promise<void> {
  await db
    .update(accountTokens)
    .set({ expiresAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`)));
}

/** Why a token cannot be used, or whose it is; changes nothing. */
export async function checkAccountToken(db: Database, token: string, purpose: AccountTokenPurpose): Promise<AccountTokenCheck> {
  const [row] = await db
    .select({
      userId: accountTokens.userId,
      used: sql<boolean>`${accountTokens.usedAt} is not null`,
      expired: sql<boolean>`${accountTokens.expiresAt} <= now()`,
    })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose)));
  if (!row) return { ok: false, reason: "TOKEN_INVALID" };
  if (row.used) return { ok: false, reason: "TOKEN_USED" };
  if (row.expired) return { ok: false, reason: "TOKEN_EXPIRED" };
  return { ok: true, userId: row.userId };
}

/**
 * Spends a token. The conditional UPDATE is the check, so of two concurrent uses exactly one wins;
 * run it inside the transaction that does what the token allows, so a failure there un-spends it.
 */
export async function consumeAccountToken(db: Database, token: string, purpose: AccountTokenPurpose): Promise<AccountTokenCheck> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountTokens.userId });
  if (row) return { ok: true, userId: row.userId };
  const check = await checkAccountToken(db, token, purpose);
  // A usable token would have matched the UPDATE; never let the look-up grant what the UPDATE refused.
  return check.ok ? { ok: false, reason: "TOKEN_INVALID" } : check;
}
