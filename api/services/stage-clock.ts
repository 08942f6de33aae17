import { sql, type SQL } from "drizzle-orm";
import { STAGES } from "#domain/workflow";

// When the clock of a decided stage started, as /waktu-proses and /kinerja measure a wait (decisions 021
// and 034): the row before the decision in its file's history (a submission, a reupload or a decision),
// when that row opened the decided stage — the submission or the applicant's reupload of it, or the pass of
// the stage before. Otherwise (a file older than the audit log) the decision has no measured wait.
// Written once here: the decision stores it on its audit row as it is written (workflow/audit.ts), and
// /kinerja looks it up for a decision written before that column existed (services/performance.ts).

/** `case <column> when <stage> then <the stage a pass opens> … end`, from the workflow table. */
export function nextStageOf(column: SQL): SQL {
  const arms = STAGES.filter((s) => s.onPassed !== "final").map((s) => sql`when ${s.id}::int then ${s.onPassed}::int`);
  return sql`case ${column} ${sql.join(arms, sql` `)} end`;
}

/** The stage an audit row (`<alias>.action`, `.to_stage`, `.to_status`) opens: null when it opens none. */
export function stageOpenedBy(alias: string): SQL {
  const a = sql.raw(alias);
  return sql`case when ${a}.action in ('SUBMIT', 'REUPLOAD') then ${a}.to_stage
                  when ${a}.action = 'DECISION' and ${a}.to_status = 'PASSED' then ${nextStageOf(sql`${a}.to_stage`)} end`;
}

/** The rows of a file's history that may start a stage's clock (`<alias>` of audit_log). */
export function clockRows(alias: string): SQL {
  const a = sql.raw(alias);
  return sql`${a}.action in ('SUBMIT', 'REUPLOAD', 'DECISION') and ${a}.to_stage is not null`;
}

/** The start of the clock decision row `<alias>` of audit_log stopped, from the rows before it (ties of time by id). */
export function clockStartOf(alias: string): SQL {
  const d = sql.raw(alias);
  return sql`(select case when ${stageOpenedBy("o")} = ${d}.to_stage then o.created_at end
              from audit_log o
              where o.application_id = ${d}.application_id and ${clockRows("o")}
                and (o.created_at < ${d}.created_at or (o.created_at = ${d}.created_at and o.id < ${d}.id))
              order by o.created_at desc, o.id desc
              limit 1)`;
}

/**
 * The start of the clock a decision on `stage` of `applicationId` at `at` stops (the database's now when
 * left out), for its audit row as it is inserted: every row already in the file's history precedes it.
 * Null when the row before it did not open the stage.
 */
export function decidedStageStart(applicationId: string, stage: number, at?: Date): SQL {
  const until = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  return sql`(select case when ${stageOpenedBy("o")} = ${stage}::int then o.created_at end
              from audit_log o
              where o.application_id = ${applicationId}::uuid and ${clockRows("o")} and o.created_at <= ${until}
              order by o.created_at desc, o.id desc
              limit 1)`;
}
