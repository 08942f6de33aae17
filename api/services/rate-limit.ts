import { and, eq, like, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";

export interface RateLimitHit {
  count: number;
  /** seconds until the current window ends */
  retryAfterSec: number;
}

/**
 * Fixed-window counters in the database, so every API process shares them. Each hit is one
 * atomic upsert that also restarts a window that has run out; times come from the database clock.
 * Keys live under `scope:`, so limiters with different windows never purge each other's counters.
 */
export function createRateLimiter(db: Database, windowSec: number, scope: string) {
  const scoped = (key: string) => `${scope}:${key}`;
  const expired = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSec})`;
  const retryAfterSec = sql<number>`greatest(1, ceil(extract(epoch from ${rateLimits.windowStart} + make_interval(secs => ${windowSec}) - now())))::int`;
  let lastPurge = 0;

  async function purgeStale() {
    // Keys of one-off IPs and e-mails would pile up; clear old windows at most once a minute.
    if (Date.now() - lastPurge < 60_000) return;
    lastPurge = Date.now();
    await db.delete(rateLimits).where(and(like(rateLimits.key, `${scope}:%`), lt(rateLimits.windowStart, sql`now() - make_interval(secs => ${windowSec})`)));
  }

  return {
    async hit(key: string): Promise<RateLimitHit> {
      await purgeStale();
      const [row] = await db
        .insert(rateLimits)
        .values({ key: scoped(key), windowStart: sql`now()`, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
          },
        })
        .returning({ count: rateLimits.count, retryAfterSec });
      return row;
    },
    /** The count of the current window without adding to it (0 when none runs). */
    async peek(key: string): Promise<RateLimitHit> {
      const [row] = await db
        .select({ count: rateLimits.count, retryAfterSec })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, scoped(key)), sql`not (${expired})`));
      return row ?? { count: 0, retryAfterSec: 0 };
    },
    async reset(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, scoped(key)));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
