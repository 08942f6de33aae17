import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, count, eq, inArray } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statusLabel } from "#domain/status-label-words";
import { isClosed, openStage, stageById, type WorkflowState } from "#domain/workflow";
import { startApi } from "../index";
import { createDiskStorage } from "../services/storage/storage";
import { createTestApi, DEMO_PASSWORD, TEST_API_KEY, TEST_JWT_SECRET, type TestApi } from "../test/helpers";
import {
  achievementTypes,
  activityKinds,
  announcements,
  applicationDocuments,
  applications,
  auditLog,
  documentRequirements,
  files,
  institutions,
  positions,
  reuploadRequests,
  settings,
  slaSettings,
  specializations,
  testSchedules,
  users,
  userVerifications,
} from "../db/schema";
import { DEMO_TEST_SCHEDULES, DEMO_USERS, seedIfEmpty } from ".";
import { DEMO_ANNOUNCEMENT } from "./facilities";
import { DEMO_APPLICATIONS } from "./applications";
import { verifyPassword } from "../services/passwords";

let api: TestApi;
beforeAll(async () => {
  // Seeding itself is under test: this database is migrated and seeded from empty here, not copied from the
  // run's template (which the other test files copy).
  api = await createTestApi({}, { fromEmpty: true });
});
afterAll(() => api?.close());

describe("seedIfEmpty", () => {
  it("creates the ten demo accounts of DESIGN §7, activated, with the demo password", async () => {
    const rows = await api.db.select().from(users);
    expect(rows).toHaveLength(10);
    expect(rows.map((u) => [u.email, u.roleId]).sort()).toEqual(DEMO_USERS.map((u) => [u.email, u.roleId]).sort());
    for (const u of rows) {
      expect(u.activatedAt).not.toBeNull();
      expect(u.isActive).toBe(true);
      expect(u.isFasyankes).toBe([2, 4, 8].includes(u.roleId));
    }
    expect(rows.find((u) => u.roleId === 1)?.fullName).toBe("Super Admin");
    expect(rows.filter((u) => u.isForeign).map((u) => u.email)).toEqual(["pemohon.wna@adaptasi.test"]);
    expect(rows.filter((u) => u.isHospitalVerified).map((u) => u.email)).toEqual(["fasyankes@adaptasi.test"]);
    expect(rows[0].passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(rows[0].passwordHash, "Adaptasi#2026")).toBe(true);
  });

  it("gives the facility admins an approved and a pending verification", async () => {
    const rows = await api.db
      .select({ email: users.email, isApproved: userVerifications.isApproved, isRejected: userVerifications.isRejected })
      .from(userVerifications)
      .innerJoin(users, eq(users.id, userVerifications.userId));
    expect(rows.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { email: "fasyankes.baru@adaptasi.test", isApproved: false, isRejected: false },
      { email: "fasyankes@adaptasi.test", isApproved: true, isRejected: false },
    ]);
  });

  it("gives the demo applicants their identity: a NIK for the citizen, a passport and country for the foreign national", async () => {
    const rows = await api.db.select().from(users).where(eq(users.roleId, 3));
    const byEmail = Object.fromEntries(rows.map((u) => [u.email, u]));
    expect(byEmail["pemohon@adaptasi.test"]).toMatchObject({ isForeign: false, nik: expect.stringMatching(/^\d{16}$/), foreignId: null });
    expect(byEmail["pemohon.wna@adaptasi.test"]).toMatchObject({ isForeign: true, nik: null, foreignId: "P4567890A", nationality: "PH", isKek: false });
  });

  it("stores the 22 document requirements (REG 7, SPE 7, OTH 8)", async () => {
    const rows = await api.db.select({ jalur: documentRequirements.jalurId, n: count() }).from(documentRequirements).groupBy(documentRequirements.jalurId);
    expect(Object.fromEntries(rows.map((r) => [r.jalur, r.n]))).toEqual({ REG: 7, SPE: 7, OTH: 8 });
  });

  it("is idempotent and repairs edited spec data", async () => {
    await api.db.update(documentRequirements).set({ maxSize: 99 }).where(eq(documentRequirements.id, 3));
    await api.reseed();
    const [{ n }] = await api.db.select({ n: count() }).from(users);
    expect(n).toBe(10);
    const [doc3] = await api.db.select().from(documentRequirements).where(eq(documentRequirements.id, 3));
    expect(doc3.maxSize).toBe(5);
    expect(doc3.updatedAt).not.toBeNull();
    const [doc1] = await api.db.select().from(documentRequirements).where(eq(documentRequirements.id, 1));
    expect(doc1.updatedAt).toBeNull();
  });
});

describe("a production database (DESIGN §8)", () => {
  const counts = async (db: TestApi["db"]) =>
    Object.fromEntries(
      await Promise.all(
        Object.entries({
          users,
          applications,
          testSchedules,
          announcements,
          documentRequirements,
          institutions,
          specializations,
          achievementTypes,
          positions,
          activityKinds,
          slaSettings,
          settings,
        }).map(async ([name, table]) => [name, (await db.select({ n: count() }).from(table))[0].n] as const),
      ),
    );

  it("holds the spec's reference data and no invented content: no account, schedule or announcement", async () => {
    const production = await createTestApi({ seedDemo: false });
    try {
      const n = await counts(production.db);
      expect(n).toMatchObject({ users: 0, applications: 0, testSchedules: 0, announcements: 0, documentRequirements: 22 });
      for (const list of ["institutions", "specializations", "achievementTypes", "positions", "activityKinds", "slaSettings", "settings"])
        expect(n[list], list).toBeGreaterThan(0);
      // The public pages' content answers empty.
      const content = (await (await production.request("/api/v1/cms/welcome")).json()) as { data: { announcements: unknown[] } };
      expect(content.data.announcements).toEqual([]);
      const schedules = (await (await production.request("/api/v1/test-schedules")).json()) as { data: unknown[] };
      expect(schedules.data).toEqual([]);
      await production.reseed(false);
      expect(await counts(production.db)).toEqual(n);
    } finally {
      await production.close();
    }
  });

  it("keeps the invented schedules and announcement to the demo data", async () => {
    const n = await counts(api.db);
    expect(n).toMatchObject({ testSchedules: DEMO_TEST_SCHEDULES.length, announcements: 1 });
    const [announcement] = await api.db.select().from(announcements);
    expect(announcement.title).toBe(DEMO_ANNOUNCEMENT.title);
  });
});

describe("demo applications (DESIGN §7)", () => {
  let demo: TestApi;
  const seed = () => seedIfEmpty(demo.db, { demo: true, storage: createDiskStorage(demo.filesDir) });
  const rows = () =>
    demo.db
      .select({ app: applications, email: users.email, roleId: users.roleId })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.applicantUserId))
      .orderBy(asc(users.email));
  const stateOf = (a: typeof applications.$inferSelect): WorkflowState => ({ is_submitted: a.isSubmitted, status: a.status, stage_id: a.stageId });

  beforeAll(async () => {
    demo = await createTestApi();
    await seed();
  });
  afterAll(() => demo?.close());

  it("shows every row of the spec §4 status-label table, each where the demo data says", async () => {
    const seeded = await rows();
    expect(seeded).toHaveLength(DEMO_APPLICATIONS.length);
    const ruleOf = Object.fromEntries(
      seeded.map(({ app, email }) => [
        email,
        statusLabel({ status: app.status, is_submitted: app.isSubmitted, tahap: app.stageId === null ? null : { id: app.stageId } }).rule,
      ]),
    );
    expect(ruleOf).toEqual(Object.fromEntries(DEMO_APPLICATIONS.map((d) => [d.applicant.email, d.rule])));
    expect([...new Set(Object.values(ruleOf))].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(new Set(seeded.map((r) => r.app.jalurId))).toEqual(new Set(["REG", "SPE", "OTH"]));
  });

  it("lists all thirteen labels for the Super Admin", async () => {
    const { token } = await demo.login("superadmin@adaptasi.test");
    const res = await demo.request("/api/v1/review/applications?tab=all", { token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { label: { rule: number } }[]; meta: { total: number } };
    expect(body.meta.total).toBe(DEMO_APPLICATIONS.length);
    expect(new Set(body.data.map((r) => r.label.rule)).size).toBe(13);
  });

  it("keeps the review-state columns the workflow gives each state", async () => {
    for (const { app } of await rows()) {
      const state = stateOf(app);
      const open = openStage(state);
      expect(app.openStageId).toBe(open);
      expect(app.isFinal).toBe(isClosed(state));
      expect(app.deadlineAt === null).toBe(open === null);
      expect(app.applicantName).toBeTruthy();
      if (!app.isSubmitted) {
        expect(app.reachedStages).toEqual([]);
        continue;
      }
      // Every stage up to the stored one was opened, and the one a pass opened.
      expect(app.reachedStages).toContain(app.stageId);
      if (open !== null) expect(app.reachedStages).toContain(open);
      if (open !== null) expect(app.deadlineAt!.getTime() - app.stageStartedAt!.getTime()).toBe(stageById(open)!.slaDays * 86_400_000);
    }
  });

  it("records a submission and every decision in the audit log, in time order, by the deciding roles", async () => {
    for (const { app, email } of await rows()) {
      const spec = DEMO_APPLICATIONS.find((d) => d.applicant.email === email)!;
      const entries = await demo.db.select().from(auditLog).where(eq(auditLog.applicationId, app.id)).orderBy(asc(auditLog.id));
      if (!app.isSubmitted) {
        expect(entries).toEqual([]);
        continue;
      }
      expect(entries.map((e) => e.action)).toEqual(["SUBMIT", ...spec.decisions.map(() => "DECISION")]);
      expect(entries.slice(1).map((e) => e.toStatus)).toEqual(spec.decisions.map((d) => d.decision));
      for (const e of entries.slice(1)) expect(stageById(e.toStage!)!.deciders).toContain(e.actorRole);
      const times = entries.map((e) => e.createdAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(app.submittedAt?.getTime()).toBe(times[0]);
      expect(app.stageStartedAt?.getTime()).toBe(times.at(-1));
      // Each decision keeps its clock's start from the moved times: the row before it, when that row opened the stage.
      const opened = (e: (typeof entries)[number]) => (e.action === "SUBMIT" ? e.toStage : e.toStatus === "PASSED" ? stageById(e.toStage!)!.onPassed : null);
      expect(entries.slice(1).map((e) => e.stageStartedAt?.getTime() ?? null)).toEqual(
        entries.slice(1).map((e, i) => (opened(entries[i]!) === e.toStage ? times[i] : null)),
      );
    }
  });

  it("asks for named documents again where it waits for a reupload", async () => {
    const waiting = (await rows()).filter((r) => r.app.status === "REUPLOAD");
    expect(waiting.length).toBeGreaterThan(0);
    for (const { app } of waiting) {
      const requests = await demo.db.select().from(reuploadRequests).where(eq(reuploadRequests.applicationId, app.id));
      expect(requests.length).toBeGreaterThan(0);
      for (const r of requests) expect(r).toMatchObject({ resolvedAt: null, reason: expect.stringMatching(/\S/) });
    }
  });

  it("stores every document as a real PDF, owned by whoever uploaded it", async () => {
    const storage = createDiskStorage(demo.filesDir);
    for (const { app } of await rows()) {
      const docs = await demo.db
        .select({ requirementId: applicationDocuments.requirementId, file: files })
        .from(applicationDocuments)
        .innerJoin(files, eq(files.id, applicationDocuments.fileId))
        .where(eq(applicationDocuments.applicationId, app.id));
      const required = await demo.db.select({ id: documentRequirements.id }).from(documentRequirements).where(eq(documentRequirements.jalurId, app.jalurId));
      expect(docs.length).toBe(app.isSubmitted ? required.length : 3);
      for (const { file } of docs) {
        expect(file).toMatchObject({ ownerUserId: app.submittedByUserId, detectedType: "pdf", mime: "application/pdf" });
        const { stream, size } = await storage.read(file.storageKey);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        expect(size).toBe(file.size);
        expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe("%PDF-");
      }
    }
  });

  it("registers some through the facility admin and leaves the two demo applicants without one", async () => {
    const [facility] = await demo.db.select().from(users).where(eq(users.email, "fasyankes@adaptasi.test"));
    const seeded = await rows();
    const byFacility = seeded.filter((r) => r.app.submittedByUserId === facility.id);
    expect(byFacility.length).toBeGreaterThanOrEqual(2);
    for (const r of byFacility) expect(r.app.isSubmitted).toBe(true);
    expect(seeded.every((r) => r.roleId === 3 && /^pemohon\.demo\d\d@adaptasi\.test$/.test(r.email))).toBe(true);
    const applicants = await demo.db
      .select()
      .from(users)
      .where(
        inArray(
          users.email,
          seeded.map((r) => r.email),
        ),
      );
    for (const u of applicants) expect(u.activatedAt).not.toBeNull();
    expect(await verifyPassword(applicants[0].passwordHash, DEMO_PASSWORD)).toBe(true);
  });

  it("spreads over the last forty days, some files overdue and some not", async () => {
    const now = Date.now();
    const seeded = (await rows()).map((r) => r.app);
    for (const a of seeded.filter((x) => x.submittedAt)) expect(now - a.submittedAt!.getTime()).toBeLessThanOrEqual(41 * 86_400_000);
    const deadlines = seeded.filter((a) => a.deadlineAt).map((a) => a.deadlineAt!.getTime());
    expect(deadlines.some((d) => d < now)).toBe(true);
    expect(deadlines.some((d) => d > now)).toBe(true);
  });

  it("seeds once", async () => {
    const before = await Promise.all([applications, files, auditLog].map(async (t) => (await demo.db.select({ n: count() }).from(t))[0].n));
    await seed();
    const after = await Promise.all([applications, files, auditLog].map(async (t) => (await demo.db.select({ n: count() }).from(t))[0].n));
    expect(after).toEqual(before);
  });
});

describe("the embedded default", () => {
  it("seeds the demo applications on its first start only", { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "adaptasi-seed-"));
    const start = () => startApi({ dataDir, apiKey: TEST_API_KEY, jwtSecret: TEST_JWT_SECRET, seedDemo: true, logger: pino({ level: "silent" }) });
    try {
      for (let i = 0; i < 2; i++) {
        const api = await start();
        try {
          const [{ n }] = await api.db.select({ n: count() }).from(applications);
          expect(n).toBe(DEMO_APPLICATIONS.length);
        } finally {
          await api.close();
        }
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
