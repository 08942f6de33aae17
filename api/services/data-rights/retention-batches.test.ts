import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, like, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationDocuments, applications, fileDeletions, files, jobLeases, users } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/helpers";
import { takeLease } from "../job-lease";
import { RETENTION_LEASE, runRetentionBatches, type RetentionProgress } from "./retention";
import { RETENTION_DEFAULTS, type RetentionSettings } from "../../lib/settings";
import { createScheduler, JOBS } from "../scheduled-jobs";
import { createDiskStorage, type FileStorage } from "../storage/storage";

// Retention in batches: a pass larger than a batch, with a budget of one batch a run, ends over several
// runs with what one pass does; a long pass holds no other job; two instances never run it together.
// Nothing here is timed: a budget of 0 ms is "one batch a run", and a run is held mid-pass by its hook.

const DAY = 86_400_000;
const logger = pino({ level: "silent" });
const dir = mkdtempSync(path.join(tmpdir(), "adaptasi-retention-batches-"));
let storage: FileStorage;
let one: TestApi;
let twin: TestApi;
beforeAll(async () => {
  storage = createDiskStorage(dir);
  [one, twin] = await Promise.all([createTestApi(), createTestApi()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([one?.close(), twin?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const deps = (api: TestApi, settings: Partial<RetentionSettings> = {}) => ({
  db: api.db,
  mailer: api.mailer,
  storage,
  logger,
  settings: { ...RETENTION_DEFAULTS, ...settings },
});

/** The same records in either database: drafts last changed at `changedAt`, each with a document, and unused accounts. */
async function seed(api: TestApi, prefix: string, opts: { drafts: number; recentDrafts?: number; accounts?: number }) {
  const old = new Date("2024-01-01T00:00:00Z");
  const recent = new Date("2025-05-01T00:00:00Z");
  const draft = async (name: string, changedAt: Date) => {
    const user = await api.createUser({ email: `${name}@contoh.id` });
    await api.db.update(users).set({ createdAt: changedAt, updatedAt: changedAt }).where(eq(users.id, user.id));
    const [app] = await api.db
      .insert(applications)
      .values({
        applicantUserId: user.id,
        submittedByUserId: user.id,
        jalurId: "REG",
        applicantName: name,
        applicantEmail: user.email,
        createdAt: changedAt,
        updatedAt: changedAt,
      })
      .returning();
    const [file] = await api.db
      .insert(files)
      .values({
        storageKey: `batch/${name}`,
        size: 20,
        sha256: "0".repeat(64),
        detectedType: "pdf",
        mime: "application/pdf",
        originalName: "ijazah.pdf",
        ownerUserId: user.id,
      })
      .returning();
    await api.db.insert(applicationDocuments).values({
      applicationId: app.id,
      requirementId: 1,
      fileId: file.id,
      version: 1,
      originalNames: ["ijazah.pdf"],
      uploadedAt: changedAt,
      replaceable: true,
    });
  };
  for (let i = 0; i < opts.drafts; i++) await draft(`${prefix}-draf-${i}`, old);
  for (let i = 0; i < (opts.recentDrafts ?? 0); i++) await draft(`${prefix}-baru-${i}`, recent);
  for (let i = 0; i < (opts.accounts ?? 0); i++) {
    const user = await api.createUser({ email: `${prefix}-akun-${i}@contoh.id` });
    await api.db
      .update(users)
      .set({ createdAt: new Date("2022-01-01T00:00:00Z"), updatedAt: new Date("2022-01-01T00:00:00Z") })
      .where(eq(users.id, user.id));
  }
}

/** What retention left of `prefix`'s records: drafts, accounts, notices, deleted files' keys. */
async function outcome(api: TestApi, prefix: string) {
  const drafts = (
    await api.db
      .select({ e: applications.applicantEmail })
      .from(applications)
      .where(like(applications.applicantEmail, `${prefix}-%`))
  )
    .map((r) => r.e)
    .sort();
  const accounts = (
    await api.db
      .select({ e: users.email })
      .from(users)
      .where(like(users.email, `${prefix}-%`))
  )
    .map((r) => r.e)
    .sort();
  const notices: Record<string, number> = {};
  for (const email of accounts) notices[email] = (await api.mails(email)).filter((m) => m.subject.startsWith("Data Anda akan dihapus")).length;
  const deleted = (
    await api.db
      .select({ k: fileDeletions.storageKey })
      .from(fileDeletions)
      .where(like(fileDeletions.storageKey, `batch/${prefix}-%`))
  )
    .map((r) => r.k)
    .sort();
  return { drafts, accounts, notices, deleted };
}

/** Runs until the pass is complete; answers how many runs and that each ran one batch. */
async function runsToTheEnd(api: TestApi, settings: Partial<RetentionSettings>, now: Date) {
  const batches: number[] = [];
  for (;;) {
    const run = await runRetentionBatches(deps(api, settings), now);
    expect(run.ran).toBe(true);
    batches.push(run.batches);
    if (run.done) return batches;
    if (batches.length > 200) throw new Error("the pass never ended");
  }
}

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe("retention in batches", () => {
  it("spreads a pass over several runs of one batch and ends where one pass ends", async () => {
    await Promise.all([one, twin].map((api) => seed(api, "sama", { drafts: 7, recentDrafts: 2, accounts: 3 })));
    const notices = new Date("2025-06-01T00:00:00Z");
    const deletions = new Date(notices.getTime() + 31 * DAY);

    // One pass each time, in one run.
    const onePass = async (at: Date) => expect(await runRetentionBatches(deps(one), at)).toMatchObject({ ran: true, done: true });
    await onePass(notices);

    // Batches of 2, a budget of 0 ms: one batch a run; the first run stops in the drafts' notices and says where.
    const small = { batchSize: 2, runBudgetMs: 0 };
    const first = await runRetentionBatches(deps(twin, small), notices);
    expect(first).toMatchObject({ ran: true, batches: 1, done: false, changes: 2 });
    const [lease] = await twin.db.select().from(jobLeases).where(eq(jobLeases.job, RETENTION_LEASE));
    expect(lease.progress).toMatchObject({ step: "draft_notices", batches: 1, changes: 2 });
    expect((lease.progress as RetentionProgress).after).toEqual(expect.any(String));
    const rest = await runsToTheEnd(twin, small, notices);
    expect(rest.every((b) => b === 1)).toBe(true);
    expect(rest.length).toBeGreaterThanOrEqual(4); // 7 drafts' and 3 accounts' notices alone take 3 + 2 batches of 2
    expect(await outcome(twin, "sama")).toEqual(await outcome(one, "sama")); // the same notices
    await onePass(deletions);
    await runsToTheEnd(twin, small, deletions);

    const result = await outcome(twin, "sama");
    expect(result).toEqual(await outcome(one, "sama"));
    // What one pass does: the old drafts and accounts gone after their notice, the recent drafts kept.
    expect(result.drafts).toEqual(["sama-baru-0@contoh.id", "sama-baru-1@contoh.id"]);
    expect(result.accounts).toEqual(["sama-baru-0@contoh.id", "sama-baru-1@contoh.id", ...Array.from({ length: 7 }, (_, i) => `sama-draf-${i}@contoh.id`)]);
    expect(result.deleted).toHaveLength(7);
    // No pass under way: the next run starts a new one.
    const [after] = await twin.db.select().from(jobLeases).where(eq(jobLeases.job, RETENTION_LEASE));
    expect(after.progress).toBeNull();
  }, 120_000);

  it("holds no other scheduled job while a pass is under way", async () => {
    await seed(one, "sela", { drafts: 3 });
    const inside = deferred();
    const release = deferred();
    const done = new Map<string, ReturnType<typeof deferred>>();
    const settled = (job: string) => done.get(job) ?? done.set(job, deferred()).get(job)!;
    const scheduler = createScheduler({
      db: one.db,
      mailer: one.mailer,
      logger,
      intervalMs: 0,
      retention: {
        storage,
        settings: { ...RETENTION_DEFAULTS, batchSize: 1 },
        hooks: {
          afterBatch: async () => {
            inside.resolve();
            await release.promise;
          },
        },
      },
      onJobDone: (job) => {
        settled(job).resolve();
        done.delete(job);
      },
    });
    const now = new Date("2025-06-01T00:00:00Z");
    const reminderDone = settled(JOBS.reuploadReminder).promise;
    const first = scheduler.runAll(now);
    await Promise.all([inside.promise, reminderDone]); // retention held after its first batch; the others of this tick ended

    // Meanwhile a "Perbaikan Berkas" has waited 7 days: the next tick reminds the applicant, retention still held.
    const waiting = await one.submittedFile({ status: "REUPLOAD", openStageId: null, stageStartedAt: new Date(now.getTime() - 8 * DAY) });
    await scheduler.runAll(now);
    expect(await one.mails(waiting.email)).toHaveLength(1);
    const [held] = await one.db.select({ progress: jobLeases.progress }).from(jobLeases).where(eq(jobLeases.job, RETENTION_LEASE));
    expect(held.progress).toMatchObject({ step: "draft_notices", batches: 1 });

    // The process stops: the run ends after the batch under way (not at its budget), its progress kept and the lease freed.
    const closing = scheduler.close();
    release.resolve();
    await Promise.all([first, closing]);
    const [left] = await one.db
      .select({ progress: jobLeases.progress, free: sql<boolean>`${jobLeases.expiresAt} <= now()` })
      .from(jobLeases)
      .where(eq(jobLeases.job, RETENTION_LEASE));
    expect(left).toMatchObject({ progress: { step: "draft_notices", batches: 1 }, free: true });
    // The next instance goes on from there.
    expect(await runRetentionBatches(deps(one), now)).toMatchObject({ ran: true, done: true });
    expect(Object.values((await outcome(one, "sela")).notices)).toEqual([1, 1, 1]);
  }, 120_000);

  it("runs in one instance at a time: another finds the lease held and skips", async () => {
    await seed(one, "dua", { drafts: 2 });
    const now = new Date("2025-06-01T00:00:00Z");
    const inside = deferred();
    const release = deferred();
    const holding = runRetentionBatches(
      {
        ...deps(one, { batchSize: 1 }),
        afterBatch: async () => {
          inside.resolve();
          await release.promise;
        },
      },
      now,
    );
    await inside.promise;
    // A second instance on the same database (its own scheduler, its own run): nothing done.
    expect(await runRetentionBatches(deps(one), now)).toEqual({ ran: false, changes: 0, batches: 0, done: false, progress: null });
    const other = createScheduler({ db: one.db, mailer: one.mailer, logger, intervalMs: 0, retention: { storage, settings: RETENTION_DEFAULTS } });
    await other.runAll(now);
    const sum = (n: Record<string, number>) => Object.values(n).reduce((a, b) => a + b, 0);
    expect(sum((await outcome(one, "dua")).notices)).toBe(1); // the held run's first batch only
    release.resolve();
    expect(await holding).toMatchObject({ ran: true, done: true });
    expect(Object.values((await outcome(one, "dua")).notices)).toEqual([1, 1]);
    // Free again: the other instance's next run takes the lease.
    expect(await runRetentionBatches(deps(one), now)).toMatchObject({ ran: true, done: true });
    await other.close();
  }, 120_000);

  it("lets another instance take a lease its holder left to expire, and go on from its progress", async () => {
    const progress: RetentionProgress = { step: "export_details", after: null, batches: 5, changes: 9, since: new Date().toISOString() };
    await one.db
      .insert(jobLeases)
      .values({ job: "lease-test", holder: "an instance that died", expiresAt: sql`now() - interval '1 minute'`, progress })
      .onConflictDoNothing();
    expect(await takeLease(one.db, "lease-test", "another", 60_000)).toEqual({ progress });
    expect(await takeLease(one.db, "lease-test", "a third", 60_000)).toBeNull();
  });
});
