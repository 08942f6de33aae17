import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProcessingTimesSchema } from "#contracts/public";
import { applications, auditLog, users } from "../../db/schema";
import { MIN_DECIDED, processingTimes, RECOMPUTE_AFTER_MS } from "../../services/processing-times";
import { createTestApi, type TestApi, typedRequest } from "../../test/helpers";

let api: TestApi;
const DAY = 86_400_000;

/**
 * `count` more files of pathway REG that the document check passed, `i + 1` days after their submission
 * two months ago: with the demo data's own, enough decisions at that stage for it to show numbers.
 */
async function moreDecidedFiles(count: number) {
  const [admin] = await api.db.select({ id: users.id }).from(users).where(eq(users.email, "admin@adaptasi.test"));
  for (let i = 0; i < count; i++) {
    const applicant = await api.createUser({ email: `waktu.${i}.${Date.now()}@contoh.test` });
    const submittedAt = new Date(Date.now() - 60 * DAY + i * 3_600_000);
    const [file] = await api.db
      .insert(applications)
      .values({ applicantUserId: applicant.id, submittedByUserId: applicant.id, jalurId: "REG", isSubmitted: true, submittedAt, status: "IN-PROGRESS", stageId: 2, stageStartedAt: submittedAt, openStageId: 2, reachedStages: [1, 2] })
      .returning({ id: applications.id });
    await api.db.insert(auditLog).values([
      { applicationId: file.id, actorUserId: applicant.id, actorRole: 3, action: "SUBMIT", toStage: 1, toStatus: "IN-PROGRESS", createdAt: submittedAt },
      { applicationId: file.id, actorUserId: admin.id, actorRole: 2, action: "DECISION", fromStage: 1, toStage: 1, toStatus: "PASSED", createdAt: new Date(submittedAt.getTime() + (i + 1) * DAY) },
    ]);
  }
}

beforeAll(async () => {
  api = await createTestApi();
  // The demo applications (they need a file store): their audit rows are what the page sums up.
  await api.seedDemoApplications();
  await moreDecidedFiles(MIN_DECIDED);
}, 60_000);
afterAll(() => api?.close());

interface Expected {
  stage_id: number;
  decided: number;
  median: number;
  p90: number;
  within: number;
}

/**
 * The same numbers straight from audit_log in SQL, written apart from the service: a decision's wait
 * runs from the latest row before it that opened its stage (the submission or a reupload at that stage,
 * or a PASSED decision of the stage before it), over the decisions of the last 12 months.
 */
async function expectedFromSql(): Promise<Expected[]> {
  const result = await api.db.execute(sql`
    with next_stage(stage_id, next_id) as (values (1, 2), (2, 3), (3, 4), (11, 12), (12, 13), (21, 22), (22, 23)),
    waits as (
      select d.to_stage as stage_id,
        extract(epoch from d.created_at - (
          select max(r.created_at) from audit_log r left join next_stage n on n.stage_id = r.to_stage
          where r.application_id = d.application_id and r.id < d.id
            and ((r.action in ('SUBMIT', 'REUPLOAD') and r.to_stage = d.to_stage)
              or (r.action = 'DECISION' and r.to_status = 'PASSED' and n.next_id = d.to_stage))
        )) / 86400.0 as days
      from audit_log d
      where d.action = 'DECISION' and d.created_at > now() - interval '12 months'
    )
    select w.stage_id, count(*)::int as decided,
      percentile_cont(0.5) within group (order by w.days)::float8 as median,
      percentile_disc(0.9) within group (order by w.days)::float8 as p90,
      round(100.0 * count(*) filter (where w.days <= s.days) / count(*))::int as within
    from waits w join sla_settings s on s.stage_id = w.stage_id
    group by w.stage_id order by w.stage_id`);
  return (result as unknown as { rows: Expected[] }).rows;
}

describe("GET /api/v1/public/processing-times", () => {
  it("answers anyone (the API key only), as its contract says, with every stage of every pathway", async () => {
    const res = await typedRequest(api, "GET", "/public/processing-times");
    expect(res.status).toBe(200);
    const { data } = await res.json();
    // Exactly the contract's fields: parsing keeps only those, so equal means nothing more, nothing less
    expect(ProcessingTimesSchema.parse(data)).toEqual(data);
    expect(data.pathways.map((p: { jalur: string; stages: { stage_id: number }[] }) => [p.jalur, p.stages.map((s) => s.stage_id)])).toEqual([
      ["REG", [1, 2, 3, 4]],
      ["SPE", [11, 12, 13]],
      ["OTH", [21, 22, 23]],
    ]);
  });

  it("matches a computation of the demo data's audit rows in SQL", async () => {
    const { data } = await (await typedRequest(api, "GET", "/public/processing-times")).json();
    const expected = await expectedFromSql();
    // Enough decisions at the document check to show numbers; at other stages some, but too few.
    expect(expected.filter((e) => e.decided >= data.min_decided).length).toBeGreaterThan(0);
    expect(expected.filter((e) => e.decided > 0 && e.decided < data.min_decided).length).toBeGreaterThan(0);
    const stages = data.pathways.flatMap((p: { stages: unknown[] }) => p.stages);
    for (const stage of stages) {
      const e = expected.find((x) => x.stage_id === stage.stage_id);
      if (!e) {
        expect(stage).toMatchObject({ decided: 0, median_days: null, p90_days: null, within_sla_percent: null });
      } else if (e.decided < data.min_decided) {
        expect(stage).toMatchObject({ decided: null, median_days: null, p90_days: null, within_sla_percent: null });
      } else {
        expect(stage.decided, `stage ${stage.stage_id}`).toBe(e.decided);
        expect(stage.median_days).toBeCloseTo(e.median, 1);
        expect(stage.p90_days).toBeCloseTo(e.p90, 1);
        expect(stage.within_sla_percent).toBe(e.within);
      }
    }
  });

  it("names no person and no file", async () => {
    const text = await (await typedRequest(api, "GET", "/public/processing-times")).text();
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|@|pemohon/i);
  });

  it("serves the same answer within the hour, without reading the audit log again", async () => {
    const first = (await (await typedRequest(api, "GET", "/public/processing-times")).json()).data;
    await api.db.execute(sql`update sla_settings set days = days + 1`);
    const again = (await (await typedRequest(api, "GET", "/public/processing-times")).json()).data;
    expect(again).toEqual(first);
    // An hour later it is computed again, with the SLA as it is then
    const later = await processingTimes(api.db, new Date(Date.parse(first.computed_at) + RECOMPUTE_AFTER_MS));
    expect(later.pathways[0].stages[0].sla_days).toBe(first.pathways[0].stages[0].sla_days + 1);
    await api.db.execute(sql`update sla_settings set days = days - 1`);
  });
});
