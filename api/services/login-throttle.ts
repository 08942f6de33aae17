import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { loginAttempts } from "../db/schema";
import { rateLimited } from "../lib/errors";
import type { RateLimitConfig } from "../lib/rate-limits";
import type { RateLimiter } from "./rate-limit";

// Login throttling (docs/decisions/013-login-throttling.md): only failures count. Each pair of account
// and client address has its own free failures and then waits that double with every further failure,
// so nobody's guesses can keep the owner out from another address. An address's failures across
// accounts are capped per window (a flood guard), and a guesser spread over many addresses costs the
// addresses that have never logged in to the account their free failures.

/** An address where the account logged in within this many days keeps its free failures under attack. */
const KNOWN_ADDRESS_DAYS = 30;

export interface LoginAttemptResult {
  ok: boolean;
}

export function createLoginThrottle(db: Database, limits: Required<RateLimitConfig>, counters: RateLimiter) {
  // A pair's failures outlive its longest wait by a window, so waiting out the cap never restores them.
  const retentionSec = limits.windowSec + limits.loginDelayMaxSec;
  const pair = (email: string, address: string) => and(eq(loginAttempts.email, email), eq(loginAttempts.address, address));
  const failuresExpired = sql`${loginAttempts.lastFailureAt} is null or ${loginAttempts.lastFailureAt} <= now() - make_interval(secs => ${retentionSec})`;
  const queues = new Map<string, Promise<unknown>>();
  let lastPurge = 0;

  /** The seconds to wait after a pair's `failures`-th failure, when `free` of them cost nothing. */
  function waitAfter(failures: number, free: number): number {
    if (failures < free) return 0;
    return Math.min(limits.loginDelayBaseSec * 2 ** Math.min(failures - free, 30), limits.loginDelayMaxSec);
  }

  /** Under a spread attack, an address that never logged in to the account has one free failure. */
  const freeFailures = (accountFailures: number, known: boolean) =>
    accountFailures >= limits.loginPerAccountAllAddresses && !known ? 1 : limits.loginPerAccount;

  /**
   * One attempt at a time per pair in this process: each sees the failures of the ones before, so a
   * burst of parallel guesses gains nothing, and parallel right passwords wait a moment, never a 429.
   */
  function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
    const run = (queues.get(key) ?? Promise.resolve()).then(task);
    const settled = run.then(
      () => {},
      () => {},
    );
    queues.set(key, settled);
    void settled.then(() => queues.get(key) === settled && queues.delete(key));
    return run;
  }

  async function pairState(email: string, address: string) {
    const [row] = await db
      .select({
        failures: sql<number>`case when ${failuresExpired} then 0 else ${loginAttempts.failures} end`,
        sinceFailureSec: sql<number | null>`extract(epoch from now() - ${loginAttempts.lastFailureAt})::float8`,
        known: sql<boolean>`coalesce(${loginAttempts.lastSuccessAt} > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS}), false)`,
      })
      .from(loginAttempts)
      .where(pair(email, address));
    return row ?? { failures: 0, sinceFailureSec: null, known: false };
  }

  async function purgeStale() {
    if (Date.now() - lastPurge < 60_000) return;
    lastPurge = Date.now();
    await db
      .delete(loginAttempts)
      .where(
        and(
          or(isNull(loginAttempts.lastFailureAt), lt(loginAttempts.lastFailureAt, sql`now() - make_interval(secs => ${retentionSec})`)),
          or(isNull(loginAttempts.lastSuccessAt), lt(loginAttempts.lastSuccessAt, sql`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`)),
        ),
      );
  }

  return {
    /**
     * Runs `check` (the password check) for `email` from `address` unless that pair must still wait or
     * the address is over its failures (429 RATE_LIMITED with Retry-After), and records the outcome.
     * `delayStarted` is true for the failure after which the pair starts waiting.
     */
    attempt<T extends LoginAttemptResult>(email: string, address: string, check: () => Promise<T>): Promise<T & { delayStarted: boolean }> {
      return oneAtATime(`${email}\n${address}`, async () => {
        await purgeStale();
        const fromAddress = await counters.peek(`failed-ip:${address}`);
        if (fromAddress.count >= limits.loginPerIp) throw rateLimited(fromAddress.retryAfterSec);
        const [account, before] = [await counters.peek(`failed-account:${email}`), await pairState(email, address)];
        const free = freeFailures(account.count, before.known);
        const wait = waitAfter(before.failures, free) - (before.sinceFailureSec ?? Infinity);
        if (wait > 0) throw rateLimited(Math.ceil(wait));

        const result = await check();
        if (result.ok) {
          await db
            .insert(loginAttempts)
            .values({ email, address, failures: 0, lastSuccessAt: sql`now()` })
            .onConflictDoUpdate({
              target: [loginAttempts.email, loginAttempts.address],
              set: { failures: 0, lastFailureAt: null, lastSuccessAt: sql`now()` },
            });
          return { ...result, delayStarted: false };
        }
        const [{ failures }] = await db
          .insert(loginAttempts)
          .values({ email, address, failures: 1, lastFailureAt: sql`now()` })
          .onConflictDoUpdate({
            target: [loginAttempts.email, loginAttempts.address],
            set: { failures: sql`case when ${failuresExpired} then 1 else ${loginAttempts.failures} + 1 end`, lastFailureAt: sql`now()` },
          })
          .returning({ failures: loginAttempts.failures });
        await counters.hit(`failed-ip:${address}`);
        const accountAfter = await counters.hit(`failed-account:${email}`);
        return { ...result, delayStarted: before.failures < free && waitAfter(failures, freeFailures(accountAfter.count, before.known)) > 0 };
      });
    },
    /** After a password reset the old guesses are moot: every address of the account starts afresh. */
    async forget(email: string): Promise<void> {
      await db.update(loginAttempts).set({ failures: 0, lastFailureAt: null }).where(eq(loginAttempts.email, email));
      await counters.reset(`failed-account:${email}`);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
