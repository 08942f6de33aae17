import { and, eq, isNotNull, sql } from "drizzle-orm";
import { slaField, type SlaForm } from "#domain/forms/admin";
import { DEFAULT_SLA_DAYS, STAGES } from "#domain/workflow";
import type { Database } from "../../db/client";
import { applications, slaSettings, type UserRow } from "../../db/schema";
import { recordAdminAction } from "./audit";

// Days allowed per review stage (/sla-setting). A change moves the deadline of every file
// waiting at that stage, so the lists, which read applications.deadline_at, stay right.

export async function slaSettingsList(db: Database) {
  const rows = await db.select().from(slaSettings);
  const byStage = new Map(rows.map((r) => [r.stageId, r]));
  return STAGES.map((s) => {
    const row = byStage.get(s.id);
    return {
      stage_id: s.id,
      jalur_id: s.jalur,
      days: row?.days ?? DEFAULT_SLA_DAYS[s.id],
      updated_at: row?.updatedAt.toISOString() ?? null,
    };
  });
}

export async function updateSla(db: Database, actor: Pick<UserRow, "id" | "roleId">, input: SlaForm) {
  const current = new Map((await slaSettingsList(db)).map((s) => [s.stage_id, s.days]));
  const changed: Array<{ stage_id: number; from: number; to: number; applications: number }> = [];
  await db.transaction(async (tx) => {
    for (const stage of STAGES) {
      const days = input[slaField(stage.id)];
      const from = current.get(stage.id)!;
      if (days === from) continue;
      await tx
        .insert(slaSettings)
        .values({ stageId: stage.id, days })
        .onConflictDoUpdate({ target: slaSettings.stageId, set: { days, updatedAt: sql`now()` } });
      const moved = await tx
        .update(applications)
        .set({ deadlineAt: sql`${applications.stageStartedAt} + ${days}::integer * interval '1 day'` })
        .where(and(eq(applications.openStageId, stage.id), isNotNull(applications.stageStartedAt)))
        .returning({ id: applications.id });
      await recordAdminAction(tx, actor, {
        action: "SLA_UPDATE",
        targetType: "sla_stage",
        targetId: stage.id,
        details: { from, to: days, applications: moved.length },
      });
      changed.push({ stage_id: stage.id, from, to: days, applications: moved.length });
    }
  });
  return { stages: await slaSettingsList(db), changed };
}
