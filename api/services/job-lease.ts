import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { jobLeases } from "../db/schema";

// A job that must run in one instance at a time (retention's pass) holds a lease: a row of job_leases
// with its holder and an expiry, taken by one conditional upsert (the way the mail outbox leases a mail
// with next_attempt_at, docs/decisions/020-mail-outbox.md). PostgreSQL decides between instances: a
// second insert of the same job waits for the first's commit, then finds the lease held. It works the
// same on PGlite and needs no session of its own, unlike an advisory lock, which a pooled connection
// would carry back to the pool (and which PGlite, one connection, would hold across every request).
// An instance that dies holding a lease frees it when the lease expires. The clock is the database's.

const ttl = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000}::double precision)`;

/** Takes the lease of `job` for `holder` when nobody holds it (or it expired); answers its stored progress, or null when another holds it. */
export async function takeLease(db: Database, job: string, holder: string, ttlMs: number): Promise<{ progress: unknown } | null> {
  const rows = await db
    .insert(jobLeases)
    .values({ job, holder, expiresAt: ttl(ttlMs) })
    .onConflictDoUpdate({
      target: jobLeases.job,
      set: { holder, takenAt: sql`now()`, expiresAt: ttl(ttlMs) },
      setWhere: sql`${jobLeases.expiresAt} <= now()`,
    })
    .returning({ progress: jobLeases.progress });
  return rows[0] ?? null;
}

/** Extends the lease and records the progress; false when the lease is no longer this holder's. */
export async function renewLease(db: Database, job: string, holder: string, ttlMs: number, progress: unknown): Promise<boolean> {
  const rows = await db
    .update(jobLeases)
    .set({ expiresAt: ttl(ttlMs), progress })
    .where(and(eq(jobLeases.job, job), eq(jobLeases.holder, holder)))
    .returning({ job: jobLeases.job });
  return rows.length > 0;
}

/** Frees the lease at once, with the progress the next holder starts from (null: nothing under way). */
export async function releaseLease(db: Database, job: string, holder: string, progress: unknown): Promise<void> {
  await db
    .update(jobLeases)
    .set({ expiresAt: sql`now()`, progress })
    .where(and(eq(jobLeases.job, job), eq(jobLeases.holder, holder)));
}
