import type { Database } from "../../db/client";
import { auditLog, type ApplicationRow, type AuditAction } from "../../db/schema";
import { decidedStageStart } from "../stage-clock";

/** Who moved a file: the account and the role it acted in. */
export interface Actor {
  userId: string;
  role: number;
}

export const actorOf = (user: { id: string; roleId: number }): Actor => ({ userId: user.id, role: user.roleId });

type Point = { stage: number | null; status: ApplicationRow["status"] };

export interface AuditEntry {
  applicationId: string;
  actor: Actor;
  action: AuditAction;
  from: Point;
  to: Point;
  note?: string | null;
  internalNote?: string | null;
  details?: { requirement_id: number; reason: string }[] | null;
  /** the moment of the state change it records; the database's clock when left out */
  at?: Date;
}

/**
 * The one writer of audit_log rows for an application. It takes the transaction of the state change
 * it records, so a change is never committed without its row, nor a row without its change.
 */
export async function appendAudit(tx: Database, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    applicationId: entry.applicationId,
    actorUserId: entry.actor.userId,
    actorRole: entry.actor.role,
    action: entry.action,
    fromStage: entry.from.stage,
    fromStatus: entry.from.status,
    toStage: entry.to.stage,
    toStatus: entry.to.status,
    ...(entry.note !== undefined ? { note: entry.note } : {}),
    ...(entry.internalNote !== undefined ? { internalNote: entry.internalNote } : {}),
    ...(entry.details !== undefined ? { details: entry.details } : {}),
    ...(entry.at ? { createdAt: entry.at } : {}),
    // A decision keeps when its stage's clock started, so /kinerja reads a month's waits without looking
    // back through each file's history (docs/decisions/034-performance-dashboard.md).
    ...(entry.action === "DECISION" && entry.to.stage !== null ? { stageStartedAt: decidedStageStart(entry.applicationId, entry.to.stage, entry.at) } : {}),
  });
}
