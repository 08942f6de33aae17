import type { DataStore } from "@tus/server";
import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Logger } from "pino";
import type { DeletionDecisionInput, DeletionRequestInput } from "#domain/forms/deletion-requests";
import type { Database } from "../../db/client";
import { violatedUniqueConstraint } from "../../db/errors";
import { applications, deletionRequests, users, type DeletionRequestStatus } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import { recordAdminAction, type AdminActor } from "../admin/audit";
import type { Mailer } from "../mail";
import { deletionDecisionMail } from "../notifications";
import { deleteApplicantAccount } from "./retention";
import type { FileStorage } from "../storage/storage";

// An applicant whose application was submitted cannot delete their account themselves (its file is the
// authority's record): they ask, and the Super Admin decides with a reason the person reads
// (docs/decisions/029-retention-and-deletion.md). A rejection is mailed and shown on /profile/hapus-akun;
// an approval is mailed, then the account is emptied (deleteApplicantAccount with allowSubmitted) in the
// same transaction as the decision, so there is never an approved request whose account still stands.

export interface DeletionDeps {
  db: Database;
  storage: FileStorage;
  mailer: Mailer;
  logger: Logger;
  /** the store of unfinished resumable uploads: the account's go with it */
  tusStore?: DataStore;
}

type Row = typeof deletionRequests.$inferSelect;

const own = (r: Row) => ({
  id: r.id,
  status: r.status,
  note: r.note,
  created_at: r.createdAt.toISOString(),
  decided_at: r.decidedAt?.toISOString() ?? null,
  reason: r.reason,
});

async function hasSubmitted(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.applicantUserId, userId), eq(applications.isSubmitted, true)))
    .limit(1);
  return Boolean(row);
}

/** What /profile/hapus-akun shows: whether a request is needed at all, and the newest request with its decision. */
export async function ownDeletionState(db: Database, userId: string) {
  const [latest] = await db
    .select()
    .from(deletionRequests)
    .where(eq(deletionRequests.userId, userId))
    .orderBy(desc(deletionRequests.createdAt), desc(deletionRequests.id))
    .limit(1);
  return { has_submitted: await hasSubmitted(db, userId), latest: latest ? own(latest) : null };
}

/** The applicant asks; one pending request at a time, and only with a submitted application (else they delete it themselves). */
export async function requestDeletion(db: Database, userId: string, input: DeletionRequestInput) {
  if (!(await hasSubmitted(db, userId))) throw new ApiError(409, "DELETION_REQUEST_NOT_NEEDED");
  try {
    const [row] = await db
      .insert(deletionRequests)
      .values({ userId, note: input.note ?? null })
      .returning();
    return own(row);
  } catch (err) {
    // The partial unique index: one pending request per person, also when two are sent at once.
    if (violatedUniqueConstraint(err) === "deletion_requests_one_pending") throw new ApiError(409, "DELETION_REQUEST_PENDING");
    throw err;
  }
}

export const DELETION_PAGE_SIZE = 25;
const decider = alias(users, "deletion_decider");

/** The Super Admin's list: pending first (oldest first, the queue), then decided ones, newest first; or the one request `id`. */
export async function listDeletionRequests(db: Database, page: number, id?: number) {
  const only = id === undefined ? undefined : eq(deletionRequests.id, id);
  const pending = sql`${deletionRequests.status} = 'PENDING'`;
  const rows = await db
    .select({
      request: deletionRequests,
      name: users.fullName,
      email: users.email,
      decidedByName: decider.fullName,
      registrationNumbers: sql<
        string[]
      >`coalesce((select array_agg(a.registration_number order by a.created_at) from ${applications} a where a.applicant_user_id = ${deletionRequests.userId} and a.is_submitted), '{}')`,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(deletionRequests)
    .innerJoin(users, eq(users.id, deletionRequests.userId))
    .leftJoin(decider, eq(decider.id, deletionRequests.decidedBy))
    .where(only)
    .orderBy(desc(pending), sql`case when ${pending} then ${deletionRequests.createdAt} end asc`, desc(deletionRequests.decidedAt), desc(deletionRequests.id))
    .limit(DELETION_PAGE_SIZE)
    .offset((page - 1) * DELETION_PAGE_SIZE);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1)
    [{ total }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(deletionRequests)
      .where(only);
  return {
    data: rows.map((r) => ({
      ...own(r.request),
      applicant_name: r.name,
      applicant_email: r.email,
      registration_numbers: (r.registrationNumbers ?? []).map(String),
      decided_by_name: r.decidedByName ?? null,
    })),
    meta: { page, per_page: DELETION_PAGE_SIZE, total, pages: Math.max(1, Math.ceil(total / DELETION_PAGE_SIZE)) },
  };
}

/**
 * The Super Admin's decision. The conditional update (still PENDING) makes a second decision, or two at
 * once, end in 409; the audit row and the mail are recorded in the decision's transaction.
 */
export async function decideDeletionRequest(deps: DeletionDeps, actor: AdminActor & { id: string }, id: number, input: DeletionDecisionInput) {
  const [request] = await deps.db.select().from(deletionRequests).where(eq(deletionRequests.id, id));
  if (!request) throw new ApiError(404, "NOT_FOUND");
  if (request.status !== "PENDING") throw new ApiError(409, "DELETION_REQUEST_DECIDED");
  const approve = input.decision === "APPROVE";
  const status: DeletionRequestStatus = approve ? "APPROVED" : "REJECTED";
  let decided: Row | undefined;
  const record = async (tx: Database) => {
    const [person] = await tx.select({ email: users.email, name: users.fullName }).from(users).where(eq(users.id, request.userId));
    const now = new Date();
    [decided] = await tx
      .update(deletionRequests)
      .set({ status, decidedBy: actor.id, decidedAt: now, reason: input.reason })
      .where(and(eq(deletionRequests.id, id), eq(deletionRequests.status, "PENDING")))
      .returning();
    if (!decided || !person) throw new ApiError(409, "DELETION_REQUEST_DECIDED");
    await recordAdminAction(tx, actor, {
      action: approve ? "DELETION_APPROVE" : "DELETION_REJECT",
      targetType: "user",
      targetId: request.userId,
      reason: input.reason,
      details: { deletion_request_id: id },
    });
    // Mailed first: the approval's address goes with the account right after (the pending mail stays and is sent).
    const to = { email: person.email, name: person.name };
    const mail = deletionDecisionMail({ to, approved: approve, reason: input.reason, requestedAt: request.createdAt, decidedAt: now }, deps.mailer.publicUrl);
    await deps.mailer.send(approve ? "deletion_approved" : "deletion_rejected", to, mail, tx);
  };
  if (approve) {
    const deleted = await deleteApplicantAccount(deps, request.userId, {
      allowSubmitted: true,
      first: record,
      closedBy: { userId: actor.id, role: actor.roleId },
    });
    if (!deleted) throw new ApiError(409, "DELETION_REQUEST_DECIDED");
  } else {
    await deps.db.transaction(record);
  }
  deps.logger.info(
    { deletionRequestId: id, userId: request.userId, actorId: actor.id, decision: input.decision },
    approve ? "deletion request approved: account emptied" : "deletion request rejected",
  );
  return own(decided!);
}
