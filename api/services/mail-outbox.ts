import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";

// The mail outbox (docs/decisions/020-mail-outbox.md): a mail is a row written in the transaction of
// the change that causes it; the worker in api/services/mail.ts claims due rows with
// `FOR UPDATE SKIP LOCKED`, so each row goes to one sender across any number of processes, and marks
// each row sent, or due again after a growing wait, or failed for good after the last attempt.

export type OutboxRow = typeof mailOutbox.$inferSelect;

export interface OutboxMail {
  kind: string;
  to: { email: string; name: string };
  subject: string;
  text: string;
  html: string;
}

export interface RetryPolicy {
  /** the wait after the first failed attempt; each next wait is 3× longer */
  baseMs: number;
  /** no wait is longer */
  capMs: number;
  /** after this many failed attempts the mail is kept as failed */
  maxAttempts: number;
  /** how long a claimed row is left to its sender before another may claim it (a crashed process) */
  leaseMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 5_000, capMs: 60 * 60_000, maxAttempts: 8, leaseMs: 120_000 };

/** The wait after `attempts` failed attempts: 5 s, 15 s, 45 s, … up to the cap. */
export const backoffMs = (attempts: number, policy: Pick<RetryPolicy, "baseMs" | "capMs">) =>
  Math.min(policy.capMs, policy.baseMs * 3 ** Math.max(0, attempts - 1));

const inMs = (ms: number) => sql`now() + ${Math.max(0, Math.round(ms))} * interval '1 millisecond'`;

/** Records a mail to send; `db` is the transaction of the change that causes it (or the database: one atomic insert). */
export async function recordMail(db: Database, mail: OutboxMail): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ kind: mail.kind, recipient: mail.to.email, recipientName: mail.to.name, subject: mail.subject, text: mail.text, html: mail.html })
    .returning({ id: mailOutbox.id });
  return row.id;
}

/**
 * Claims up to `limit` due mails, oldest first: one statement, so the claim is atomic; rows another
 * process holds are skipped, not waited for. A claim counts as an attempt and moves the row's next
 * attempt one lease ahead.
 */
export async function claimDue(db: Database, limit: number, policy: RetryPolicy): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.seq))
    .limit(limit)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: inMs(policy.leaseMs) })
    .where(and(inArray(mailOutbox.id, due), eq(mailOutbox.status, "pending")))
    .returning();
  return rows.sort((a, b) => a.seq - b.seq);
}

export async function markSent(db: Database, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: sql`now()`, lastError: null })
    .where(eq(mailOutbox.id, id));
}

/** A failed attempt: due again after its backoff, or failed for good after the last one. Returns whether it gave up. */
export async function markAttemptFailed(db: Database, row: OutboxRow, error: string, policy: RetryPolicy): Promise<boolean> {
  const giveUp = row.attempts >= policy.maxAttempts;
  await db
    .update(mailOutbox)
    .set(giveUp ? { status: "failed", lastError: error } : { nextAttemptAt: inMs(backoffMs(row.attempts, policy)), lastError: error })
    .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, "pending")));
  return giveUp;
}

/** How many mails wait to be sent and how many failed for good. */
export async function outboxCounts(db: Database): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .select({ status: mailOutbox.status, n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  const count = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
  return { pending: count("pending"), failed: count("failed") };
}

/** Whether any pending mail is due now (tests wait for these, not for those waiting out a backoff). */
export async function anyDue(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .limit(1);
  return row !== undefined;
}

/** The mails given up on, newest first (the Super Admin's list); never their bodies, which hold links. */
export async function listFailedMails(db: Database) {
  return db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, "failed"))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(500);
}

/** A failed mail back to pending, due now, with a fresh count of attempts; false when it is not a failed mail. */
export async function resendFailedMail(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "failed")))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** The newest mail to `recipient`: whether it went, and why not (an operator's command reports it). */
export async function latestMailTo(db: Database, recipient: string): Promise<Pick<OutboxRow, "status" | "lastError"> | undefined> {
  const [row] = await db
    .select({ status: mailOutbox.status, lastError: mailOutbox.lastError })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, recipient))
    .orderBy(desc(mailOutbox.seq))
    .limit(1);
  return row;
}
