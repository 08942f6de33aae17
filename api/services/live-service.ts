import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import { liveService } from "../db/schema";

// A copy of the database never mails real people (docs/decisions/024-database-copies.md). The database
// records the PUBLIC_URL it serves at its first production start; an instance whose PUBLIC_URL is
// another one runs on a copy (a restore, a staging or test copy): its mail stays in the outbox and its
// scheduled jobs do not run, until an operator adopts the copy as the live service (`npm run ops:adopt`).
// MAIL_REDIRECT_TO sends every mail to one mailbox instead: it lifts the hold for delivery to that
// mailbox only; the jobs still wait for the adoption.

/** An address as it is recorded and compared: scheme, host (with its port) and path, no trailing slash. */
export function normalAddress(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, "")}`;
}

/** The address the database serves as the live service, or null when no production start recorded one. */
export async function recordedAddress(db: Database): Promise<string | null> {
  const [row] = await db.select({ publicUrl: liveService.publicUrl }).from(liveService).where(eq(liveService.id, 1));
  return row?.publicUrl ?? null;
}

/** A production start: records `publicUrl` unless an address is recorded already (of several starting at once, one wins). */
export async function recordFirstStart(db: Database, publicUrl: string): Promise<void> {
  await db
    .insert(liveService)
    .values({ publicUrl: normalAddress(publicUrl), recordedBy: "first production start" })
    .onConflictDoNothing();
}

/** `npm run ops:adopt`: this database now serves `publicUrl`; returns the address it served before. */
export async function adoptAddress(db: Database, publicUrl: string): Promise<{ previous: string | null; adopted: string }> {
  const adopted = normalAddress(publicUrl);
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ publicUrl: liveService.publicUrl }).from(liveService).where(eq(liveService.id, 1)).for("update");
    await tx
      .insert(liveService)
      .values({ publicUrl: adopted, recordedBy: "ops:adopt" })
      .onConflictDoUpdate({ target: liveService.id, set: { publicUrl: adopted, recordedBy: "ops:adopt", recordedAt: new Date() } });
    return { previous: row?.publicUrl ?? null, adopted };
  });
}

/**
 * What this instance may do with mail and jobs: `sending` (the live service, or a database no production
 * start has recorded yet), `held` (a copy: nothing leaves) or `redirected` (MAIL_REDIRECT_TO: everything
 * goes to one mailbox). `reason` says why the jobs wait; they run only where `jobs` is true.
 */
export interface DeliveryState {
  mail: "sending" | "held" | "redirected";
  jobs: boolean;
  reason?: "public-url-mismatch";
}

export interface DeliveryGate {
  /** Reads the recorded address (one primary-key look-up) and says what may go; logs a change once. */
  state(): Promise<DeliveryState>;
  /** MAIL_REDIRECT_TO: the one mailbox every mail goes to instead of its recipient. */
  readonly redirectTo?: string;
}

export function createDeliveryGate(options: { db: Database; publicUrl: string; redirectTo?: string; logger: Logger }): DeliveryGate {
  const { db, redirectTo, logger } = options;
  const ours = normalAddress(options.publicUrl);
  let told: string | undefined;
  return {
    redirectTo,
    async state() {
      const recorded = await recordedAddress(db);
      const copy = recorded !== null && recorded !== ours;
      const state: DeliveryState = {
        mail: redirectTo ? "redirected" : copy ? "held" : "sending",
        jobs: !copy,
        ...(copy ? { reason: "public-url-mismatch" as const } : {}),
      };
      // Once at start, and once more when an operator adopts this copy (or the live address moves away).
      const now = `${state.mail}:${state.jobs}`;
      if (now !== told) {
        const first = told === undefined;
        told = now;
        if (copy) {
          logger.warn(
            { mail: state.mail, reason: state.reason, recorded, publicUrl: ours },
            `${redirectTo ? "mail redirected to MAIL_REDIRECT_TO" : "mail held in the outbox"} and scheduled jobs stopped: this database serves another PUBLIC_URL; run npm run ops:adopt to make this instance the live service`,
          );
        } else if (redirectTo) {
          logger.warn({ mail: state.mail }, "every mail goes to the one mailbox MAIL_REDIRECT_TO");
        } else if (!first) {
          logger.info({ mail: state.mail, publicUrl: ours }, "this instance is the live service now: mail and scheduled jobs resume");
        }
      }
      return state;
    },
  };
}

/** The gate of a process that is always the live service (tests, benchmarks): nothing is held. */
export const ALWAYS_SENDING: DeliveryGate = { state: async () => ({ mail: "sending", jobs: true }) };
