import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import type { Database } from "../db/client";
import { refreshTokens } from "../db/schema";

export interface TokenSettings {
  jwtSecret: string;
  accessTokenTtlSec: number;
  refreshTokenTtlSec: number;
}

export interface TokenPair {
  type: "bearer";
  token: string;
  refreshToken: string;
}

const ALG = "HS256";
const secretKey = (secret: string) => new TextEncoder().encode(secret);

/**
 * An access token names its refresh-token family (`fam`), so revoking the family — logout, password
 * change, reuse — ends the access token too, not only its refresh token.
 */
export function signAccessToken(user: { id: string; roleId: number }, familyId: string, s: TokenSettings): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: user.roleId, typ: "access", fam: familyId })
    .setProtectedHeader({ alg: ALG, typ: "JWT" })
    .setSubject(user.id)
    .setJti(randomUUID()) // two tokens issued within one second still differ
    .setIssuedAt(now)
    .setExpirationTime(now + s.accessTokenTtlSec)
    .sign(secretKey(s.jwtSecret));
}

/**
 * Access tokens verified lately, so the three or four API calls of one page check the signature once
 *. An entry holds the secret it was checked with and the token's expiry, which is checked
 * again on every use; only valid tokens are kept, at most VERIFIED_TOKENS_MAX, the oldest dropped first.
 */
const verified = new Map<string, { secret: string; userId: string; familyId: string; expMs: number }>();
export const VERIFIED_TOKENS_MAX = 1_000;

/** The user and family of a valid access token, or null for anything else (bad signature, expired, wrong type). */
export async function verifyAccessToken(token: string, s: TokenSettings): Promise<{ userId: string; familyId: string } | null> {
  const known = verified.get(token);
  if (known && known.secret === s.jwtSecret) {
    if (Date.now() < known.expMs) return { userId: known.userId, familyId: known.familyId };
    verified.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, secretKey(s.jwtSecret), { algorithms: [ALG] });
    if (payload.typ !== "access" || typeof payload.sub !== "string" || typeof payload.fam !== "string") return null;
    if (typeof payload.exp === "number") {
      if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, { secret: s.jwtSecret, userId: payload.sub, familyId: payload.fam, expMs: payload.exp * 1000 });
    }
    return { userId: payload.sub, familyId: payload.fam };
  } catch {
    return null;
  }
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

async function insertRefreshToken(db: Database, userId: string, familyId: string, s: TokenSettings) {
  const token = randomBytes(32).toString("base64url");
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + s.refreshTokenTtlSec * 1000),
  });
  return token;
}

/** A new session: a fresh refresh-token family. */
export async function issueTokenPair(db: Database, user: { id: string; roleId: number }, s: TokenSettings): Promise<TokenPair> {
  const familyId = randomUUID();
  const refreshToken = await insertRefreshToken(db, user.id, familyId, s);
  return { type: "bearer", token: await signAccessToken(user, familyId, s), refreshToken };
}

export type RotationResult = { ok: true; userId: string; familyId: string; refreshToken: string } | { ok: false; reason: "invalid" | "reused" };

/**
 * Spends a refresh token and issues its successor in the same family. The conditional UPDATE
 * is the check: of two concurrent calls with one token, only one can flip used_at.
 */
export async function rotateRefreshToken(db: Database, token: string, s: TokenSettings): Promise<RotationResult> {
  const tokenHash = hashToken(token);
  const now = new Date();
  const rotated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
      .returning();
    if (!row) return null;
    const refreshToken = await insertRefreshToken(tx, row.userId, row.familyId, s);
    return { ok: true as const, userId: row.userId, familyId: row.familyId, refreshToken };
  });
  if (rotated) return rotated;

  const [existing] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  if (!existing || (!existing.usedAt && !existing.revokedAt)) return { ok: false, reason: "invalid" }; // unknown or expired
  // A spent or revoked token shown again means it leaked: end the whole session chain.
  await revokeFamily(db, existing.familyId);
  return { ok: false, reason: "reused" };
}

export async function revokeFamily(db: Database, familyId: string): Promise<number> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length;
}

export async function revokeAllForUser(db: Database, userId: string): Promise<number> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length;
}

/** Logout: ends the token's session, or every session of its user. Unknown tokens revoke nothing. */
export async function revokeByRefreshToken(db: Database, token: string, all: boolean): Promise<number> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!row) return 0;
  return all ? revokeAllForUser(db, row.userId) : revokeFamily(db, row.familyId);
}
