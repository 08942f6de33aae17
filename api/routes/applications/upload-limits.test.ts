import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MB } from "#domain/documents";
import { pdf, png } from "../../../tests/fixtures/files";
import { additionalRequirements, applicationDocuments, applications, files, reuploadRequests, users } from "../../db/schema";
import { insertDraft } from "../../services/workflow/draft";
import { createS3Client } from "../../services/storage/s3";
import { applicantWithProfile, everyDocument } from "../../test/journeys";
import { sweepAfterGrace } from "../../test/file-deletions";
import { startS3WithListParts, type S3WithListParts } from "../../test/s3-with-list-parts";
import { answered, appClient, createTestApi, expectError, multipart, refused as expectRefused, type TestApi } from "../../test/helpers";

// How much one applicant can store: a draft's document saved again replaces its earlier draft version
// (only what a reviewer has seen is history), quotas on what an application and an account's drafts
// hold, and a cap on uploads per account per minute.

let api: TestApi;
let twoMb: Buffer;
beforeAll(async () => {
  api = await createTestApi();
  const base = await pdf();
  twoMb = Buffer.concat([base, Buffer.alloc(2 * MB - base.length)]);
});
afterAll(() => api?.close());

type Part = { field: string; name: string; data: Buffer };
type App = TestApi["app"];

function form(parts: Part[]): FormData {
  const fd = new FormData();
  for (const p of parts) fd.append(p.field, new Blob([new Uint8Array(p.data)]), p.name);
  return fd;
}

/** An upload of these parts to the application's documents, through the typed client of this API or of another app on its database. */
const upload = async (token: string, id: string, parts: Part[], on: App = api.app) =>
  appClient(on).upload(`/applications/${id}/documents`, ...multipart(form(parts)), { token });

async function draft(token: string) {
  const res = await api.client().call("POST", "/applications", { token, body: { jalur_id: "REG" } });
  expect(res.status).toBe(201);
  return answered(res).data.id;
}

const versionsOf = (id: string, requirementId: number) =>
  api.db
    .select({ version: applicationDocuments.version, isCurrent: applicationDocuments.isCurrent, key: files.storageKey, size: files.size })
    .from(applicationDocuments)
    .innerJoin(files, eq(files.id, applicationDocuments.fileId))
    .where(and(eq(applicationDocuments.applicationId, id), eq(applicationDocuments.requirementId, requirementId)))
    .orderBy(applicationDocuments.version);

const history = async (token: string, id: string) => answered(await api.client().call("GET", `/applications/${id}/file-history`, { token })).data.documents;

/** Every stored file's key on disk (not the uploads streaming in, nor the shard folders). */
const storedKeys = () =>
  readdirSync(api.filesDir, { recursive: true, encoding: "utf8" })
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => /^[a-f0-9]{2}\/[a-f0-9]{48}$/.test(f));

/** Bytes stored on disk under these keys (the storage's own files, not the uploads streaming in). */
const bytesOnDisk = (keys: string[]) =>
  keys.reduce((sum, key) => sum + (existsSync(path.join(api.filesDir, key)) ? statSync(path.join(api.filesDir, key)).size : 0), 0);

describe("a draft's document saved again replaces its earlier draft version", () => {
  it("50 saves of one 2 MB field leave one version and 2 MB on disk", async () => {
    const { token } = await applicantWithProfile(api);
    const id = await draft(token);
    const keysBefore = new Set(storedKeys());
    const started = Date.now();
    // Five at a time, as a script hammering SIMPAN DRAF would: they take turns on the application.
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) => upload(token, id, [{ field: "doc_1", name: `ktp-${round * 5 + i}.pdf`, data: twoMb }])),
      );
      for (const a of answers) expect(answered(a).data).toEqual({ saved: [1], errors: [] });
    }
    const seconds = (Date.now() - started) / 1000;
    // The replaced versions' bytes go FILE_DELETE_GRACE_DAYS later, at the live service's sweep (api/services/storage/file-deletions.ts).
    expect(storedKeys().filter((f) => !keysBefore.has(f))).toHaveLength(50);
    expect(await sweepAfterGrace(api)).toBeGreaterThanOrEqual(49);
    const rows = await versionsOf(id, 1);
    const stored = storedKeys().filter((f) => !keysBefore.has(f));
    const bytes = stored.reduce((sum, f) => sum + statSync(path.join(api.filesDir, f)).size, 0);
    console.log(
      `upload-limits: 50 saves of one 2 MB field in ${seconds.toFixed(1)} s → ${rows.length} version row(s), ${stored.length} stored file(s), ${(bytes / MB).toFixed(2)} MB on disk`,
    );
    expect(rows).toEqual([{ version: 1, isCurrent: true, key: expect.any(String), size: 2 * MB }]);
    expect(stored).toHaveLength(1);
    expect(bytes).toBe(2 * MB);
    expect((await history(token, id))[0].versions).toHaveLength(1);
  }, 120_000);

  it("keeps every version a reviewer has seen: what was submitted and each reupload", async () => {
    const { token } = await applicantWithProfile(api);
    const id = await draft(token);
    expect((await api.client().upload(`/applications/${id}/documents`, ...multipart(everyDocument("REG", await pdf())), { token })).status).toBe(200);
    expect((await upload(token, id, [{ field: "doc_2", name: "cv-2.pdf", data: await pdf("cv") }])).status).toBe(200);
    expect((await api.client().call("POST", `/applications/${id}/submit`, { token, body: {} })).status).toBe(200);
    const seen = await versionsOf(id, 2);
    expect(seen.map((r) => r.version)).toEqual([1]);

    // A reviewer's REUPLOAD decision, done here on the database; the applicant answers it.
    await api.db.update(applications).set({ status: "REUPLOAD" }).where(eq(applications.id, id));
    await api.db.insert(reuploadRequests).values({ applicationId: id, requirementId: 2, reason: "CV tidak terbaca." });
    const res = await api
      .client()
      .upload(`/applications/${id}/reupload`, ...multipart(form([{ field: "doc_2", name: "cv-3.pdf", data: await pdf("cv baru") }])), {
        token,
      });
    expect(res.status).toBe(200);
    const after = await versionsOf(id, 2);
    expect(after.map((r) => [r.version, r.isCurrent])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(bytesOnDisk(after.map((r) => r.key))).toBe(after[0].size + after[1].size);
  });

  it("leaves the history an application stored before drafts were replaced as it shows today; removing a draft version deletes its file", async () => {
    const { token } = await applicantWithProfile(api);
    const id = await draft(token);
    // Stored before this change, every save was kept and none is replaceable: made so here.
    for (const name of ["ktp-lama-1.png", "ktp-lama-2.png"]) {
      await upload(token, id, [{ field: "doc_1", name, data: png() }]);
      await api.db.update(applicationDocuments).set({ replaceable: false }).where(eq(applicationDocuments.applicationId, id));
    }
    const shown = async () => (await history(token, id))[0].versions.map((v) => [v.version, v.original_name, v.is_current]);
    expect(await shown()).toEqual([
      [1, "ktp-lama-1.png", false],
      [2, "ktp-lama-2.png", true],
    ]);

    await upload(token, id, [{ field: "doc_1", name: "ktp-baru-1.png", data: png() }]);
    await upload(token, id, [{ field: "doc_1", name: "ktp-baru-2.png", data: png() }]);
    expect(await shown()).toEqual([
      [1, "ktp-lama-1.png", false],
      [2, "ktp-lama-2.png", false],
      [3, "ktp-baru-2.png", true],
    ]);

    // Taking the document off the draft deletes the unseen version and its bytes; the old ones stay.
    const [, , draftVersion] = await versionsOf(id, 1);
    expect(bytesOnDisk([draftVersion.key])).toBeGreaterThan(0);
    expect((await api.client().call("DELETE", `/applications/${id}/documents/1`, { token })).status).toBe(200);
    expect(bytesOnDisk([draftVersion.key])).toBeGreaterThan(0); // no row names it; gone after the grace
    await sweepAfterGrace(api);
    expect(bytesOnDisk([draftVersion.key])).toBe(0);
    expect(await shown()).toEqual([
      [1, "ktp-lama-1.png", false],
      [2, "ktp-lama-2.png", false],
    ]);
  });
});

describe("where one file is kept, a new upload deletes the one it replaces", () => {
  it("a profile photo", async () => {
    const { token } = await applicantWithProfile(api);
    const photo = async () => {
      const res = await api.client().upload("/me/profile/photo", ...multipart(form([{ field: "photo", name: "foto.png", data: png() }])), { token });
      expect(res.status).toBe(200);
      return answered(res).data.file_id;
    };
    const keyOf = async (id: string) => (await api.db.select({ key: files.storageKey }).from(files).where(eq(files.id, id)))[0]?.key;
    const first = await photo();
    const firstKey = await keyOf(first);
    expect(bytesOnDisk([firstKey])).toBeGreaterThan(0);
    const second = await photo();
    expect(await keyOf(first)).toBeUndefined();
    await sweepAfterGrace(api);
    expect(bytesOnDisk([firstKey])).toBe(0);
    expect(await keyOf(second)).toBeDefined();
    await expectError((await api.client().fetchRaw("GET", `/files/${first}`, { token }))!, 404, "NOT_FOUND");
  });

  it("the answer to an additional-document request", async () => {
    const { token } = await applicantWithProfile(api);
    const id = await draft(token);
    // Submitted and open at the SPE document check (the workflow itself is tested in review/).
    await api.db
      .update(applications)
      .set({
        jalurId: "SPE",
        isSubmitted: true,
        submittedAt: new Date(),
        status: "IN-PROGRESS",
        stageId: 11,
        stageStartedAt: new Date(),
        reachedStages: [11],
        openStageId: 11,
      })
      .where(eq(applications.id, id));
    const admin = await api.login("admin@adaptasi.test");
    const asked = await api
      .client()
      .call("POST", `/review/applications/${id}/additional-requirements`, { token: admin.token, body: { title: "Surat rekomendasi" } });
    expect(asked.status).toBe(201);
    const requestId = answered(asked).data.items[0].id;
    const answer = async (name: string) => {
      const res = await api
        .client()
        .upload(`/applications/${id}/additional-requirements/${requestId}/file`, ...multipart(form([{ field: "file", name, data: png() }])), {
          token,
        });
      expect(res.status).toBe(200);
      return (
        await api.db
          .select({ key: files.storageKey })
          .from(additionalRequirements)
          .innerJoin(files, eq(files.id, additionalRequirements.fileId))
          .where(eq(additionalRequirements.id, requestId))
      )[0].key;
    };
    const first = await answer("rekomendasi.png");
    const second = await answer("rekomendasi-2.png");
    await sweepAfterGrace(api);
    expect(bytesOnDisk([first])).toBe(0);
    expect(bytesOnDisk([second])).toBeGreaterThan(0);
    expect(await api.db.select().from(files).where(eq(files.storageKey, first))).toEqual([]);
    // The application's quota counts its answers too: here 0.1 MB (SPE's 20 MB × 0.005).
    const small = api.appWith({ filesDir: api.filesDir, uploadQuota: { applicationAllowances: 0.005, accountAllowances: 100 } });
    const refused = await appClient(small.app).upload(
      `/applications/${id}/additional-requirements/${requestId}/file`,
      ...multipart(form([{ field: "file", name: "besar.pdf", data: twoMb }])),
      { token },
    );
    expect(expectRefused(refused, 413, "UPLOAD_QUOTA_EXCEEDED").error).toMatchObject({ params: { scope: "application", limit_mb: 0.1 } });
    expect(bytesOnDisk([second])).toBeGreaterThan(0);
  });
});

describe("quotas", () => {
  it("refuses with 413 and the limit in MB what would take an application past its quota, saving nothing of it", async () => {
    // REG's allowance is 20 MB (5 × 2 MB + 2 × 5 MB): a fifth of it, 4 MB, for this test.
    const small = api.appWith({ filesDir: api.filesDir, uploadQuota: { applicationAllowances: 0.2, accountAllowances: 100 } });
    const { token } = await applicantWithProfile(api);
    const id = await draft(token);
    expect(answered(await upload(token, id, [{ field: "doc_1", name: "ktp.pdf", data: twoMb }], small.app)).data.saved).toEqual([1]);
    expect(answered(await upload(token, id, [{ field: "doc_4", name: "kompetensi.pdf", data: twoMb }], small.app)).data.saved).toEqual([4]);
    const keysBefore = storedKeys();

    const refused = await upload(
      token,
      id,
      [
        { field: "doc_6", name: "pengalaman.pdf", data: twoMb },
        { field: "doc_7", name: "sehat.png", data: png() },
      ],
      small.app,
    );
    const body = expectRefused(refused, 413, "UPLOAD_QUOTA_EXCEEDED");
    expect(body.error).toMatchObject({
      message:
        "Berkas tidak disimpan: satu permohonan dapat menyimpan dokumen paling banyak 4 MB, dan unggahan ini akan melampauinya. Dokumen yang sudah tersimpan tetap ada.",
      params: { scope: "application", limit_mb: 4 },
    });
    expect((await versionsOf(id, 6)).length + (await versionsOf(id, 7)).length).toBe(0);
    expect(storedKeys()).toEqual(keysBefore); // the refused bytes went again
    // Replacing a document frees its old bytes: still within the quota.
    expect(answered(await upload(token, id, [{ field: "doc_1", name: "ktp-2.pdf", data: twoMb }], small.app)).data.saved).toEqual([1]);
  });

  it("counts an account's drafts together (a facility's registrations), and stops counting them once submitted", async () => {
    const small = api.appWith({ filesDir: api.filesDir, uploadQuota: { applicationAllowances: 100, accountAllowances: 0.2 } });
    const owner = await applicantWithProfile(api);
    const other = await applicantWithProfile(api);
    const own = await draft(owner.token);
    // A second draft the same account registered for someone else, as a facility admin does.
    const [ownerRow] = await api.db.select().from(users).where(eq(users.email, owner.email));
    const [otherRow] = await api.db.select().from(users).where(eq(users.email, other.email));
    const registered = (await insertDraft(api.db, { applicantUserId: otherRow.id, submittedByUserId: ownerRow.id, jalurId: "REG" })).id;

    expect(answered(await upload(owner.token, own, [{ field: "doc_1", name: "a.pdf", data: twoMb }], small.app)).data.saved).toEqual([1]);
    expect(answered(await upload(owner.token, registered, [{ field: "doc_1", name: "b.pdf", data: twoMb }], small.app)).data.saved).toEqual([1]);
    const refused = expectRefused(
      await upload(owner.token, registered, [{ field: "doc_4", name: "c.png", data: png() }], small.app),
      413,
      "UPLOAD_QUOTA_EXCEEDED",
    );
    expect(refused.error).toMatchObject({ params: { scope: "account", limit_mb: 4 } });
    expect(refused.error.message).toContain("paling banyak 4 MB");
    // Once submitted, a registration's documents are the reviewers' and no longer count.
    await api.db.update(applications).set({ isSubmitted: true }).where(eq(applications.id, registered));
    expect(answered(await upload(owner.token, own, [{ field: "doc_4", name: "c.png", data: png() }], small.app)).data.saved).toEqual([4]);
  });
});

describe("uploads per account per minute", () => {
  it("answers 429 with Retry-After past the cap, for that account only", async () => {
    const capped = api.appWith({ filesDir: api.filesDir, rateLimits: { loginPerIp: 1000, loginPerAccount: 1000, windowSec: 900, uploadsPerMinute: 2 } });
    const a = await applicantWithProfile(api);
    const b = await applicantWithProfile(api);
    const idA = await draft(a.token);
    const idB = await draft(b.token);
    for (let i = 0; i < 2; i++) expect((await upload(a.token, idA, [{ field: "doc_1", name: "ktp.png", data: png() }], capped.app)).status).toBe(200);
    const res = await upload(a.token, idA, [{ field: "doc_1", name: "ktp.png", data: png() }], capped.app);
    const body = expectRefused(res, 429, "RATE_LIMITED");
    const retryAfter = Number(body.retryAfterSec);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(body.error).toMatchObject({
      message: `Terlalu banyak unggahan dalam satu menit. Dokumen yang sudah tersimpan tetap ada; coba lagi dalam ${retryAfter} detik.`,
      params: { retry_after_sec: retryAfter },
    });
    // The profile photo counts too; another account is not held back.
    expectRefused(
      await appClient(capped.app).upload("/me/profile/photo", ...multipart(form([{ field: "photo", name: "foto.png", data: png() }])), { token: a.token }),
      429,
      "RATE_LIMITED",
    );
    expect((await upload(b.token, idB, [{ field: "doc_1", name: "ktp.png", data: png() }], capped.app)).status).toBe(200);
  });
});

describe("object storage", () => {
  let s3: S3WithListParts | undefined;
  let s3Api: TestApi | undefined;
  afterAll(async () => {
    await s3Api?.close();
    await s3?.close();
  });

  it("deletes a replaced draft file from the bucket too", async () => {
    s3 = await startS3WithListParts(["replace"]); // s3rver, with the multipart calls the start-up check asks for
    const settings = { endpoint: s3.endpoint, bucket: "replace", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
    s3Api = await createTestApi({ s3: settings });
    const { token } = await applicantWithProfile(s3Api);
    const res = await s3Api.client().call("POST", "/applications", { token, body: { jalur_id: "REG" } });
    const id = answered(res).data.id;
    const objects = async () => ((await createS3Client(settings).send(new ListObjectsV2Command({ Bucket: "replace" }))).Contents ?? []).map((o) => o.Key);
    for (const n of [1, 2, 3]) expect((await upload(token, id, [{ field: "doc_1", name: `ktp-${n}.png`, data: png() }], s3Api.app)).status).toBe(200);
    const [current] = await s3Api.db
      .select({ key: files.storageKey })
      .from(applicationDocuments)
      .innerJoin(files, eq(files.id, applicationDocuments.fileId))
      .where(eq(applicationDocuments.applicationId, id));
    expect(await objects()).toHaveLength(3); // no row names the first two; they go after the grace
    await sweepAfterGrace(s3Api);
    expect(await objects()).toEqual([current.key]);
  }, 120_000);
});
