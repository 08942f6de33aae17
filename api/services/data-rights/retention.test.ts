import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessLog, accessLogExports, applicantProfiles, applicationDocuments, applications, auditLog, fileDeletions, files, users } from "../../db/schema";
import { recordExportBatch } from "../access-log";
import { bytesThroughGrace, DELETED_AFTER_GRACE } from "../../test/file-deletions";
import { createTestApi, type TestApi } from "../../test/helpers";
import { processingTimes, RECOMPUTE_AFTER_MS } from "../processing-times";
import { anonymiseClosedFiles, deleteApplicantAccount, plannedDeletions, pruneExportDetails, runRetention } from "./retention";
import { RETENTION_DEFAULTS, type RetentionSettings } from "../../lib/settings";
import { createDiskStorage, type FileStorage } from "../storage/storage";
import { createS3Storage } from "../storage/s3";

// Kept no longer than needed: the notice 30 days before (once), then the deletion with the files, on the
// disk and in the bucket; closed files anonymised after the authority's period, the statistics unchanged.

const DAY = 86_400_000;
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const d = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};

let api: TestApi;
let s3rver: S3rver;
let disk: FileStorage;
let bucket: FileStorage;
const logger = pino({ level: "silent" });
beforeAll(async () => {
  api = await createTestApi();
  disk = createDiskStorage(tempDir("adaptasi-retention-"));
  s3rver = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: tempDir("adaptasi-s3rver-"), configureBuckets: [{ name: "adaptasi" }] });
  const endpoint = `http://127.0.0.1:${(await s3rver.run()).port}`;
  bucket = createS3Storage({ endpoint, bucket: "adaptasi", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" });
}, 60_000);
afterAll(async () => {
  await api?.close();
  await s3rver?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const deps = (storage: FileStorage, settings: Partial<RetentionSettings> = {}) => ({
  db: api.db,
  mailer: api.mailer,
  storage,
  logger,
  settings: { ...RETENTION_DEFAULTS, ...settings },
});
let n = 0;

/** A never-submitted draft last changed at `changedAt`, with one stored document. */
async function draft(storage: FileStorage, changedAt: Date) {
  const user = await api.createUser({ email: `draf${++n}.${Date.now()}@contoh.id` });
  await api.db.update(users).set({ createdAt: changedAt, updatedAt: changedAt }).where(eq(users.id, user.id));
  const [app] = await api.db
    .insert(applications)
    .values({
      applicantUserId: user.id,
      submittedByUserId: user.id,
      jalurId: "REG",
      applicantName: `Pemohon Draf ${n}`,
      applicantEmail: user.email,
      createdAt: changedAt,
      updatedAt: changedAt,
    })
    .returning();
  const key = await storage.putBytes(new TextEncoder().encode(`%PDF-1.4 draf ${n}`));
  const [file] = await api.db
    .insert(files)
    .values({
      storageKey: key,
      size: 20,
      sha256: "0".repeat(64),
      detectedType: "pdf",
      mime: "application/pdf",
      originalName: "ijazah.pdf",
      ownerUserId: user.id,
    })
    .returning();
  await api.db
    .insert(applicationDocuments)
    .values({ applicationId: app.id, requirementId: 1, fileId: file.id, version: 1, originalNames: ["ijazah.pdf"], uploadedAt: changedAt, replaceable: true });
  return { user, app, key, fileId: file.id };
}

const noticesTo = async (email: string) => (await api.mails(email)).filter((m) => m.subject.startsWith("Data Anda akan dihapus"));
const stored = (storage: FileStorage, key: string) =>
  storage.read(key).then(
    (r) => (r.stream.destroy(), true),
    (e: NodeJS.ErrnoException) => (e.code === "ENOENT" ? false : Promise.reject(e)),
  );
const monthsAfter = (d: Date, m: number) => {
  const x = new Date(d);
  x.setUTCMonth(x.getUTCMonth() + m);
  return x;
};

describe("a draft never submitted", () => {
  for (const [name, storage] of [
    ["disk", () => disk],
    ["S3 bucket", () => bucket],
  ] as const) {
    it(`is mailed about once 30 days before, then deleted with its files (${name})`, async () => {
      const changed = new Date("2025-01-10T03:00:00Z");
      const d = await draft(storage(), changed);
      const due = monthsAfter(changed, 12);
      // 31 days before: nothing yet.
      await runRetention(deps(storage()), new Date(due.getTime() - 31 * DAY));
      expect(await noticesTo(d.user.email)).toHaveLength(0);
      // 30 days before: the notice, once, however often the job runs.
      const noticeDay = new Date(due.getTime() - 30 * DAY);
      await Promise.all([runRetention(deps(storage()), noticeDay), runRetention(deps(storage()), noticeDay)]);
      await runRetention(deps(storage()), new Date(noticeDay.getTime() + DAY));
      const notices = await noticesTo(d.user.email);
      expect(notices).toHaveLength(1);
      expect(notices[0].text).toContain("akan dihapus pada 10 Januari 2026");
      expect(notices[0].text).not.toContain(d.key);
      // Planned on the Super Admin's page, with its notice.
      const planned = await plannedDeletions(api.db, deps(storage()).settings, noticeDay, { limit: 1000, offset: 0 });
      expect(planned.rows.find((r) => r.id === d.app.id)).toMatchObject({ kind: "DRAFT", noticeAt: noticeDay, deleteAt: due });
      // The day before: still there; on the day: gone, rows and bytes.
      await runRetention(deps(storage()), new Date(due.getTime() - DAY));
      expect(await stored(storage(), d.key)).toBe(true);
      await runRetention(deps(storage()), due);
      expect(await api.db.select().from(applications).where(eq(applications.id, d.app.id))).toEqual([]);
      expect(await api.db.select().from(files).where(eq(files.id, d.fileId))).toEqual([]);
      // The bytes go FILE_DELETE_GRACE_DAYS later, at the live service's sweep (api/services/storage/file-deletions.ts).
      expect(await bytesThroughGrace(api.db, storage(), d.key)).toEqual(DELETED_AFTER_GRACE);
      // The account stays: it has its own, longer period.
      expect(await api.db.select({ id: users.id }).from(users).where(eq(users.id, d.user.id))).toHaveLength(1);
    }, 60_000);
  }

  it("waits 30 days after a late notice, and a change starts a new period", async () => {
    const changed = new Date("2024-03-01T00:00:00Z");
    const d = await draft(disk, changed);
    // The job first runs long after the period ran out: the notice now, the deletion 30 days later.
    const late = new Date("2025-06-01T00:00:00Z");
    await runRetention(deps(disk), late);
    expect(await noticesTo(d.user.email)).toHaveLength(1);
    await runRetention(deps(disk), new Date(late.getTime() + 29 * DAY));
    expect(await stored(disk, d.key)).toBe(true);
    // The owner saves the draft: a new period, and no deletion on the old notice.
    const saved = new Date(late.getTime() + 29 * DAY);
    await api.db.update(applications).set({ updatedAt: saved }).where(eq(applications.id, d.app.id));
    await runRetention(deps(disk), new Date(late.getTime() + 31 * DAY));
    expect(await stored(disk, d.key)).toBe(true);
    expect(await noticesTo(d.user.email)).toHaveLength(1);
    // 0 months: drafts are kept.
    await runRetention(deps(disk, { draftMonths: 0 }), new Date("2040-01-01T00:00:00Z"));
    expect(await stored(disk, d.key)).toBe(true);
  }, 60_000);
});

describe("an account that never started an application", () => {
  it("is mailed 30 days before 24 months, then deleted with its personal data", async () => {
    const created = new Date("2023-05-05T00:00:00Z");
    const user = await api.createUser({ email: `akun${++n}.${Date.now()}@contoh.id` });
    await api.db.update(users).set({ createdAt: created, updatedAt: created }).where(eq(users.id, user.id));
    await api.db.insert(applicantProfiles).values({ userId: user.id, fullName: "Akun Lama", updatedAt: created });
    const due = monthsAfter(created, 24);
    const settings = { draftMonths: 0 };
    await runRetention(deps(disk, settings), new Date(due.getTime() - 30 * DAY));
    await runRetention(deps(disk, settings), new Date(due.getTime() - 29 * DAY));
    expect(await noticesTo(user.email)).toHaveLength(1);
    await runRetention(deps(disk, settings), due);
    expect(await api.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await api.db.select().from(applicantProfiles).where(eq(applicantProfiles.userId, user.id))).toEqual([]);
  }, 60_000);
});

describe("deleting an account", () => {
  it("removes a never-submitted applicant with drafts and files; refuses one with a submitted application", async () => {
    const d = await draft(disk, new Date());
    expect(await deleteApplicantAccount({ db: api.db, storage: disk, logger }, d.user.id)).toBe(true);
    expect(await api.db.select().from(users).where(eq(users.id, d.user.id))).toEqual([]);
    expect(await bytesThroughGrace(api.db, disk, d.key)).toEqual(DELETED_AFTER_GRACE);

    const submitted = await api.submittedFile({ status: "IN-PROGRESS" });
    expect(await deleteApplicantAccount({ db: api.db, storage: disk, logger }, submitted.applicantUserId)).toBe(false);
    expect(await api.db.select().from(applications).where(eq(applications.id, submitted.id))).toHaveLength(1);
    // Staff accounts are never deleted this way.
    const [admin] = await api.db.select().from(users).where(eq(users.email, "admin@adaptasi.test"));
    expect(await deleteApplicantAccount({ db: api.db, storage: disk, logger }, admin.id)).toBe(false);
  }, 60_000);
});

describe("a closed file after the authority's period", () => {
  it("loses its documents and the person's data, while /waktu-proses stays the same", async () => {
    const now = new Date();
    const decidedAt = new Date(now.getTime() - 40 * DAY);
    const closed = [];
    for (let i = 0; i < 12; i++) {
      const f = await api.submittedFile({ status: "PASSED", isFinal: true, submittedAt: new Date(decidedAt.getTime() - (5 + i) * DAY), updatedAt: decidedAt });
      await api.db.insert(auditLog).values([
        {
          applicationId: f.id,
          actorUserId: f.applicantUserId,
          actorRole: 3,
          action: "SUBMIT",
          toStage: 1,
          toStatus: "IN-PROGRESS",
          createdAt: new Date(decidedAt.getTime() - (5 + i) * DAY),
        },
        {
          applicationId: f.id,
          actorRole: 2,
          action: "DECISION",
          fromStage: 1,
          toStage: 1,
          toStatus: "FAILED",
          note: `Alasan untuk ${f.applicantName}`,
          createdAt: decidedAt,
        },
      ]);
      const key = await disk.putBytes(new TextEncoder().encode(`%PDF-1.4 berkas ${i}`));
      const [file] = await api.db
        .insert(files)
        .values({
          storageKey: key,
          size: 20,
          sha256: "0".repeat(64),
          detectedType: "pdf",
          mime: "application/pdf",
          originalName: "ijazah.pdf",
          ownerUserId: f.applicantUserId,
        })
        .returning();
      await api.db.insert(applicationDocuments).values({ applicationId: f.id, requirementId: 1, fileId: file.id, version: 1, originalNames: ["ijazah.pdf"] });
      closed.push({ ...f, key });
    }
    const before = await processingTimes(api.db, now);
    // No period set: nothing happens.
    expect(await anonymiseClosedFiles(deps(disk), now)).toBe(0);
    // A one-month period: every one of them is past it.
    const done = await anonymiseClosedFiles(deps(disk, { closedFileMonths: 1 }), now);
    expect(done).toBeGreaterThanOrEqual(12);
    // Looked at in the order they were deleted (batches go in id order): a sweep at the end of one file's
    // grace removes every deletion recorded before it too.
    const deletedAt = new Map((await api.db.select().from(fileDeletions)).map((d) => [d.storageKey, d.deletedAt.getTime()]));
    closed.sort((a, b) => (deletedAt.get(a.key) ?? 0) - (deletedAt.get(b.key) ?? 0));
    for (const f of closed) {
      const [row] = await api.db.select().from(applications).where(eq(applications.id, f.id));
      expect(row).toMatchObject({ applicantName: null, applicantEmail: null, isFinal: true, status: "PASSED" });
      expect(row.anonymisedAt).not.toBeNull();
      expect(await api.db.select().from(applicationDocuments).where(eq(applicationDocuments.applicationId, f.id))).toEqual([]);
      expect(await bytesThroughGrace(api.db, disk, f.key)).toEqual(DELETED_AFTER_GRACE);
      const [person] = await api.db.select().from(users).where(eq(users.id, f.applicantUserId));
      expect(person).toMatchObject({ fullName: "Anonim", nik: null, phone: null, isActive: false });
      expect(person.email).not.toBe(f.email);
      expect(await api.db.select().from(auditLog).where(eq(auditLog.applicationId, f.id))).toHaveLength(2);
    }
    // Computed afresh (the cache holds an answer for an hour): the same figures.
    const after = await processingTimes(api.db, new Date(now.getTime() + RECOMPUTE_AFTER_MS + 1000));
    expect(after.computed_at).not.toBe(before.computed_at);
    expect({ ...after, computed_at: "", window_from: "" }).toEqual({ ...before, computed_at: "", window_from: "" });
    // Done once: a second run finds nothing.
    expect(await anonymiseClosedFiles(deps(disk, { closedFileMonths: 1 }), now)).toBe(0);
  }, 120_000);
});

describe("which files a CSV export held (access_log_exports)", () => {
  it("goes after RETENTION_EXPORT_DETAIL_MONTHS (24 by default) while the export's access_log row stays; 0 keeps it", async () => {
    const admin = await api.createUser({ email: `ekspor${++n}.${Date.now()}@contoh.id`, roleId: 2 });
    const ids = [(await draft(disk, new Date())).app.id, (await draft(disk, new Date())).app.id];
    const exported = async (at: Date) => {
      const [log] = await api.db
        .insert(accessLog)
        .values({ actorUserId: admin.id, actorRole: 2, actorName: "Admin Ekspor", kind: "EXPORT", details: { tab: "all" }, createdAt: at })
        .returning({ id: accessLog.id });
      await recordExportBatch(api.db, log.id, ids);
      await recordExportBatch(api.db, log.id, ids.slice(0, 1));
      return log.id;
    };
    const now = new Date();
    const old = await exported(monthsAfter(now, -25));
    const recent = await exported(monthsAfter(now, -23));
    const batches = async (logId: number) => (await api.db.select().from(accessLogExports).where(eq(accessLogExports.accessLogId, logId))).length;

    expect(await pruneExportDetails(deps(disk, { exportDetailMonths: 0 }), now)).toBe(0);
    expect(await batches(old)).toBe(2);
    expect(await runRetention(deps(disk), now)).toBeGreaterThanOrEqual(2);
    expect(await batches(old)).toBe(0);
    expect(await batches(recent)).toBe(2);
    // the export itself is still on record: who, when, which filter
    expect((await api.db.select().from(accessLog).where(eq(accessLog.id, old))).map((r) => r.kind)).toEqual(["EXPORT"]);
  });
});
