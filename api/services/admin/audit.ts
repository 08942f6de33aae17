import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { adminAuditLog, type AdminAuditAction, type UserRow, users } from "../../db/schema";

// The admin audit log: one row per admin action, written in the action's own transaction.

export type AdminTarget = "user" | "sla_stage" | "specialization" | "institution" | "position" | "cms" | "letter";

export interface AdminAuditEntry {
  action: AdminAuditAction;
  targetType: AdminTarget;
  targetId: string | number;
  reason?: string | null;
  details?: Record<string, unknown> | null;
}

/** Who acted: an account, or the operator at the server's console (no account: `id` null; see users.ts). */
export type AdminActor = Pick<UserRow, "roleId"> & { id: string | null };

export async function recordAdminAction(db: Database, actor: AdminActor, entry: AdminAuditEntry): Promise<void> {
  await db.insert(adminAuditLog).values({
    actorUserId: actor.id,
    actorRole: actor.roleId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    reason: entry.reason ?? null,
    details: entry.details ?? null,
  });
}

/** The newest entries about one record, with the actor's name. */
export async function recentAdminActions(db: Database, targetType: AdminTarget, targetId: string, limit = 20) {
  const rows = await db
    .select({
      id: adminAuditLog.id,
      action: adminAuditLog.action,
      actorName: users.fullName,
      actorRole: adminAuditLog.actorRole,
      reason: adminAuditLog.reason,
      details: adminAuditLog.details,
      createdAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.actorUserId))
    .where(and(eq(adminAuditLog.targetType, targetType), eq(adminAuditLog.targetId, targetId)))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    actor_name: r.actorName,
    actor_role: r.actorRole,
    reason: r.reason,
    details: (r.details ?? null) as Record<string, unknown> | null,
    created_at: r.createdAt.toISOString(),
  }));
}
