import { asc, TransactionRollbackError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Performance } from "#contracts/performance";
import { monthStart, periodOf } from "#domain/performance";
import { ROLE } from "#domain/roles";
import { applications, auditLog, type AuditAction } from "../../db/schema";
import { performance } from "../../services/performance";
import { decidedStageStart } from "../../services/stage-clock";
import { type ApiQuery, createTestApi, expectError, type TestApi, typedRequest } from "../../test/helpers";

// GET /admin/performance against a hand count: a handful of files whose history is written here, in the
// month before this one (a past period, so every window is fixed), each number below counted by hand.

const DAY = 86_400_000;
let api: TestApi;
let superToken: string;
let adminToken: string;
const now = new Date();
/** The period under test: last month (WIB); its first instant is M0. */
const PERIOD = periodOf(monthStart(periodOf(now), -1));
const M0 = monthStart(PERIOD).getTime();
/** Day `d` of the period (0-based), at 10:00 WIB. */
const day = (d: number) => new Date(M0 + d * DAY + 10 * 3_600_000);
/** The Monday (WIB, YYYY-MM-DD) of the week an instant falls in, counted by hand from the WIB calendar day. */
function mondayOf(at: Date) {
  const wib = new Date(at.getTime() + 7 * 3_600_000);
  const back = (wib.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(wib.getUTCFullYear(), wib.getUTCMonth(), wib.getUTCDate() - back)).toISOString().slice(0, 10);
}

type Event = { at: Date; action: AuditAction; stage: number; status?: "PASSED" | "FAILED" | "REUPLOAD" | "IN-PROGRESS"; role: number };

async function file(n: number, jalur: "REG" | "SPE" | "OTH", state: Partial<typeof applications.$inferInsert>, events: Event[]) {
  const applicant = await api.createUser({ email: `kinerja${n}@contoh.id`, roleId: ROLE.APPLICANT });
  const [app] = await api.db
    .insert(applications)
    .values({ applicantUserId: applicant.id, submittedByUserId: applicant.id, jalurId: jalur, isSubmitted: true, ...state })
    .returning();
  for (const e of events) {
    await api.db.insert(auditLog).values({
      applicationId: app.id,
      actorRole: e.role,
      action: e.action,
      toStage: e.stage,
      toStatus: e.status ?? (e.action === "DECISION" ? "PASSED" : "IN-PROGRESS"),
      createdAt: e.at,
    });
  }
}

const submit = (at: Date, stage: number): Event => ({ at, action: "SUBMIT", stage, role: ROLE.APPLICANT });
const decide = (at: Date, stage: number, role: number, status: "PASSED" | "FAILED" | "REUPLOAD" = "PASSED"): Event => ({
  at,
  action: "DECISION",
  stage,
  status,
  role,
});

beforeAll(async () => {
  api = await createTestApi();
  superToken = (await api.login("superadmin@adaptasi.test")).token;
  adminToken = (await api.login("admin@adaptasi.test")).token;
  // What the demo data holds is left out of the count: the files of this test are the only ones.
  await api.db.delete(auditLog);
  await api.db.delete(applications);
  const overdue = new Date(now.getTime() - DAY);
  const notYet = new Date(now.getTime() + 10 * DAY);
  // A (REG): stage 1 passed in 3 days by the Admin, stage 2 in 20 by the Kolegium; now waiting at stage 3, past its deadline.
  await file(1, "REG", { submittedAt: day(1), status: "PASSED", stageId: 2, openStageId: 3, stageStartedAt: day(24), deadlineAt: overdue }, [
    submit(day(1), 1),
    decide(day(4), 1, ROLE.ADMIN),
    decide(day(24), 2, ROLE.KOLEGIUM),
  ]);
  // B (REG): sent back after 3 days by the Sub-Komite, reuploaded on day 10 (a fresh clock), refused 16 days later: closed.
  await file(2, "REG", { submittedAt: day(2), status: "FAILED", stageId: 1, isFinal: true }, [
    submit(day(2), 1),
    decide(day(5), 1, ROLE.SUBKOMITE_EVALUASI, "REUPLOAD"),
    { at: day(10), action: "REUPLOAD", stage: 1, role: ROLE.APPLICANT },
    decide(day(26), 1, ROLE.SUBKOMITE_EVALUASI, "FAILED"),
  ]);
  // C (OTH): 2, 2 and 13 days; the KKI's pass closes it. An additional-document request in between counts for nothing.
  await file(3, "OTH", { submittedAt: day(3), status: "PASSED", stageId: 23, isFinal: true }, [
    submit(day(3), 21),
    decide(day(5), 21, ROLE.ADMIN),
    { at: day(6), action: "ADDITIONAL_REQUEST", stage: 22, role: ROLE.SUBKOMITE_EVALUASI },
    decide(day(7), 22, ROLE.SUBKOMITE_EVALUASI),
    decide(day(20), 23, ROLE.KKI),
  ]);
  // D (SPE): submitted 40 days before the period, stage 11 passed on day 2 (42 days, past 14); waiting at 12, in time.
  await file(4, "SPE", { submittedAt: day(-40), status: "PASSED", stageId: 11, openStageId: 12, stageStartedAt: day(2), deadlineAt: notYet }, [
    submit(day(-40), 11),
    decide(day(2), 11, ROLE.ADMIN),
  ]);
  // E (REG): a decision whose start is not in the log (older than it): no wait is measured.
  await file(5, "REG", { submittedAt: day(-500), status: "PASSED", stageId: 1, openStageId: 2, stageStartedAt: day(8), deadlineAt: notYet }, [
    decide(day(8), 1, ROLE.ADMIN),
  ]);
  // F (REG): decided 400 days before the period: outside every window.
  await file(6, "REG", { submittedAt: day(-410), status: "FAILED", stageId: 1, isFinal: true }, [
    submit(day(-410), 1),
    decide(day(-400), 1, ROLE.ADMIN, "FAILED"),
  ]);
  // G (REG): submitted today, waiting at stage 1 and already past its deadline (received after the period: not in its weeks).
  await file(7, "REG", { submittedAt: now, status: "IN-PROGRESS", stageId: 1, openStageId: 1, stageStartedAt: now, deadlineAt: overdue }, [submit(now, 1)]);
});
afterAll(() => api?.close());

async function get(query: ApiQuery<"GET", "/admin/performance">, token = superToken): Promise<Performance> {
  const res = await typedRequest(api, "GET", "/admin/performance", { query, token });
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

describe("GET /admin/performance, counted by hand", () => {
  it("counts the files waiting at each stage now, and those past their deadline", async () => {
    const data = await get({ period: PERIOD });
    const queue = Object.fromEntries(data.queue.map((q) => [q.stage_id, [q.waiting, q.overdue]]));
    expect(queue).toEqual({ 1: [1, 1], 2: [1, 0], 3: [1, 1], 4: [0, 0], 11: [0, 0], 12: [1, 0], 13: [0, 0], 21: [0, 0], 22: [0, 0], 23: [0, 0] });
    expect(data.queue.find((q) => q.stage_id === 1)).toMatchObject({ jalur_id: "REG", sla_days: 14 });
  });

  it("counts files received and decided per week and pathway over 26 weeks", async () => {
    const data = await get({ period: PERIOD });
    expect(new Set(data.weeks.map((w) => w.week)).size).toBe(26);
    expect(data.weeks).toHaveLength(26 * 3);
    const nonZero = data.weeks.filter((w) => w.received || w.decided).map((w) => [w.week, w.jalur_id, w.received, w.decided]);
    const expected = new Map<string, [number, number]>();
    const add = (at: Date, jalur: string, r: number, d: number) => {
      const key = `${mondayOf(at)} ${jalur}`;
      const [r0, d0] = expected.get(key) ?? [0, 0];
      expected.set(key, [r0 + r, d0 + d]);
    };
    add(day(1), "REG", 1, 0); // A received
    add(day(2), "REG", 1, 0); // B received
    add(day(26), "REG", 0, 1); // B refused: closed
    add(day(3), "OTH", 1, 0); // C received
    add(day(20), "OTH", 0, 1); // C passed its last stage: closed
    add(day(-40), "SPE", 1, 0); // D received
    // G, received today, counts only when today falls in the period's last week (weeks are whole).
    if (data.weeks.some((w) => w.week === mondayOf(now))) add(now, "REG", 1, 0);
    expect(nonZero.sort()).toEqual([...expected].map(([key, [r, d]]) => [...key.split(" "), r, d]).sort());
  });

  it("gives each stage's median and 90th percentile of days per month, the month of the decision", async () => {
    const data = await get({ period: PERIOD });
    expect(data.stage_months).toHaveLength(10 * 12);
    expect(data.stage_months.filter((m) => m.month !== PERIOD).every((m) => m.decided === 0 && m.median_days === null)).toBe(true);
    const inPeriod = Object.fromEntries(data.stage_months.filter((m) => m.month === PERIOD).map((m) => [m.stage_id, [m.decided, m.median_days, m.p90_days]]));
    expect(inPeriod).toEqual({
      1: [3, 3, 16], // A 3; B 3 (sent back), 16 (from the reupload): median 3, 90th percentile the largest
      2: [1, 20, 20],
      3: [0, null, null],
      4: [0, null, null],
      11: [1, 42, 42],
      12: [0, null, null],
      13: [0, null, null],
      21: [1, 2, 2],
      22: [1, 2, 2],
      23: [1, 13, 13],
    });
    expect(data.sla.find((s) => s.stage_id === 1)?.days).toBe(14);
  });

  it("gives each review body's share of decisions within the SLA", async () => {
    const data = await get({ period: PERIOD });
    const bodies = Object.fromEntries(data.bodies.map((b) => [b.role_id, [b.decided, b.within_sla, b.within_sla_percent]]));
    expect(bodies).toEqual({
      [ROLE.ADMIN]: [3, 2, 66.7], // A 3 of 14, C 2 of 14, D 42 of 14
      [ROLE.SUBKOMITE_EVALUASI]: [3, 2, 66.7], // B 3 of 14, B 16 of 14, C 2 of 30
      [ROLE.SUBKOMITE_PEMBEKALAN]: [0, 0, null],
      [ROLE.KOLEGIUM]: [1, 1, 100],
      [ROLE.KKI]: [1, 1, 100],
    });
  });

  it("keeps to one pathway when asked", async () => {
    const data = await get({ period: PERIOD, jalur: "REG" });
    expect(data.jalur_id).toBe("REG");
    expect(data.queue.map((q) => q.stage_id)).toEqual([1, 2, 3, 4]);
    expect(new Set(data.weeks.map((w) => w.jalur_id))).toEqual(new Set(["REG"]));
    expect(new Set(data.stage_months.map((m) => m.stage_id))).toEqual(new Set([1, 2, 3, 4]));
    const bodies = Object.fromEntries(data.bodies.map((b) => [b.role_id, [b.decided, b.within_sla]]));
    expect(bodies).toEqual({ [ROLE.ADMIN]: [1, 1], [ROLE.SUBKOMITE_EVALUASI]: [2, 1], [ROLE.SUBKOMITE_PEMBEKALAN]: [0, 0], [ROLE.KOLEGIUM]: [1, 1] });
  });

  it("answers the Admin too, and this month without a period", async () => {
    const data = await get({}, adminToken);
    expect(data.period).toBe(periodOf(now));
    expect(data.until).toBe(data.computed_at);
    expect(data.weeks_until).toBe(data.computed_at);
  });
});

describe("GET /admin/performance, each decision with the start of its clock", () => {
  // The files above are written as decisions were before migration 0024: no start on the row, so it is looked
  // up. Here the same history is written again as a decision writes it now (its start stored, from the same
  // rule), in a transaction that is rolled back; the service counts it afresh (nothing kept for this
  // transaction) and must give every number the look-up gave.
  it("gives the same numbers as the look-up of the row before each decision", async () => {
    const looked = await get({ period: PERIOD });
    let stored: Performance | undefined;
    let carried = 0;
    const rewritten = api.db.transaction(async (tx) => {
      const rows = await tx.select().from(auditLog).orderBy(asc(auditLog.createdAt), asc(auditLog.id));
      await tx.delete(auditLog);
      for (const row of rows) {
        const start = row.action === "DECISION" && row.toStage !== null ? decidedStageStart(row.applicationId, row.toStage, row.createdAt) : null;
        // A new id, in the same order: the look-up breaks ties of time by id.
        await tx.insert(auditLog).values({ ...row, id: undefined, stageStartedAt: start });
      }
      carried = (await tx.select().from(auditLog)).filter((r) => r.stageStartedAt !== null).length;
      stored = await performance(tx, { period: PERIOD, now: new Date(looked.computed_at) });
      tx.rollback();
    });
    await expect(rewritten).rejects.toBeInstanceOf(TransactionRollbackError);
    // Every decision but E's (its start is older than the log) carries its start: A 2, B 2, C 3, D 1, F 1.
    expect(carried).toBe(9);
    expect(stored).toEqual(looked);
  });
});

describe("GET /admin/performance, refusals", () => {
  it("is for the Super Admin and the Admin only", async () => {
    for (const who of [
      "pemohon@adaptasi.test",
      "subkomite@adaptasi.test",
      "pembekalan@adaptasi.test",
      "kolegium@adaptasi.test",
      "kki@adaptasi.test",
      "fasyankes@adaptasi.test",
    ]) {
      const { token } = await api.login(who);
      await expectError(await typedRequest(api, "GET", "/admin/performance", { token }), 403, "ADMIN_ROLE_REQUIRED");
    }
    await expectError(await typedRequest(api, "GET", "/admin/performance"), 401, "INVALID_TOKEN");
  });

  it("refuses a pathway or a period it does not know with 400, never 500", async () => {
    const future = periodOf(monthStart(periodOf(now), 1));
    const tooOld = periodOf(monthStart(periodOf(now), -24));
    for (const query of ["?jalur=XYZ", "?period=2026-13", "?period=kemarin", `?period=${future}`, `?period=${tooOld}`]) {
      // Raw: a pathway and periods the route's query refuses.
      await expectError(await api.request(`/api/v1/admin/performance${query}`, { token: superToken }), 400, "VALIDATION_ERROR");
    }
  });
});
