import { createHash } from "node:crypto";
import { GetObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { elf, pdf, pdfOfSize } from "../../../tests/fixtures/files";
import { applicationDocuments, files, tusUploads } from "../../db/schema";
import { createS3Client } from "../../services/storage/s3";
import { applicantWithProfile } from "../../test/journeys";
import { createTestApi, type TestApi } from "../../test/helpers";
import { startS3WithListParts, type S3WithListParts } from "../../test/s3-with-list-parts";
import { FIVE_MB_DOC, TUS, tusCreate, tusDraft, tusHead, tusPatch } from "../../test/tus";

// Resumable uploads over tus with the S3 driver (docs/decisions/027-resumable-uploads.md): the unfinished
// upload lives in the bucket (@tus/s3-store: a multipart upload, its `<id>.info`, and `<id>.part` holding
// chunks smaller than S3's 5 MB part), on loopback s3rver behind the shim that answers ListParts,
// AbortMultipartUpload and ListMultipartUploads (api/test/s3-with-list-parts.ts). Whatever becomes of an
// upload — attached, refused, cancelled, swept — none of its objects stays in the bucket.

const BUCKET = "adaptasi";
const keys = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
let s3: S3WithListParts;
let api: TestApi;
beforeAll(async () => {
  s3 = await startS3WithListParts([BUCKET]);
  api = await createTestApi({ s3: { endpoint: s3.endpoint, bucket: BUCKET, ...keys } });
}, 60_000);
afterAll(async () => {
  await api?.close();
  await s3?.close();
});

const MB = 1024 * 1024;
const draft = (token: string) => tusDraft(api, token);

async function create(token: string, application: string, size: number, filename = "ijazah.pdf") {
  const res = await tusCreate(api, token, application, size, { filename });
  expect(res.status, await res.clone().text()).toBe(201);
  const location = res.headers.get("location")!;
  return { location, uploadId: location.split("/").pop()! };
}

const patch = (token: string, location: string, offset: number, chunk: Buffer) => tusPatch(api, token, location, offset, chunk);
const head = (token: string, location: string) => tusHead(api, token, location);

const client = () => createS3Client({ endpoint: s3.endpoint, bucket: BUCKET, ...keys });

async function bucketKeys(): Promise<string[]> {
  return ((await client().send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key!);
}

/** What the bucket holds of one tus upload: its objects (`<id>`, `<id>.info`, `<id>.part`) and its open multipart upload. */
async function tusLeftovers(uploadId: string) {
  return {
    objects: (await bucketKeys()).filter((k) => k.startsWith(uploadId)).sort(),
    multipart: s3.openUploads().filter((u) => u.key === uploadId).length,
  };
}

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

describe("resumable uploads (tus) on the S3 driver", () => {
  it("takes a 5 MB document in 2 MB chunks, answers the offset between them, attaches it with its very bytes and leaves no tus object", async () => {
    const { token } = await applicantWithProfile(api);
    const id = await draft(token);
    const bytes = await pdfOfSize(5 * MB);
    const { location, uploadId } = await create(token, id, bytes.length);
    expect(await tusLeftovers(uploadId)).toEqual({ objects: [`${uploadId}.info`], multipart: 1 });

    const first = await patch(token, location, 0, bytes.subarray(0, 2 * MB));
    expect(first.status, await first.clone().text()).toBe(204);
    expect(first.headers.get("upload-offset")).toBe(String(2 * MB));
    // Less than S3's smallest part: it waits in the bucket as `<id>.part`; HEAD counts it.
    expect(await tusLeftovers(uploadId)).toEqual({ objects: [`${uploadId}.info`, `${uploadId}.part`], multipart: 1 });
    expect((await head(token, location)).headers.get("upload-offset")).toBe(String(2 * MB));
    // A chunk at the wrong offset changes nothing.
    expect((await patch(token, location, 0, bytes.subarray(0, 10))).status).toBe(409);

    expect((await patch(token, location, 2 * MB, bytes.subarray(2 * MB, 4 * MB))).status).toBe(204);
    expect((await head(token, location)).headers.get("upload-offset")).toBe(String(4 * MB));

    const last = await patch(token, location, 4 * MB, bytes.subarray(4 * MB));
    expect(last.status, await last.clone().text()).toBe(200);
    expect((await last.json()).data).toEqual({ saved: [FIVE_MB_DOC.id], errors: [] });

    const [stored] = await api.db
      .select({ key: files.storageKey, size: files.size, sha256: files.sha256 })
      .from(applicationDocuments)
      .innerJoin(files, eq(files.id, applicationDocuments.fileId))
      .where(and(eq(applicationDocuments.applicationId, id), eq(applicationDocuments.requirementId, FIVE_MB_DOC.id), eq(applicationDocuments.isCurrent, true)));
    expect(stored.size).toBe(bytes.length);
    expect(stored.sha256).toBe(sha256(bytes));
    const object = await client().send(new GetObjectCommand({ Bucket: BUCKET, Key: stored.key }));
    expect(sha256(Buffer.from(await object.Body!.transformToByteArray()))).toBe(sha256(bytes));

    // Done: the assembled tus object, its .info and its row are gone; the upload's address answers 404.
    expect(await tusLeftovers(uploadId)).toEqual({ objects: [], multipart: 0 });
    expect(await api.db.select().from(tusUploads).where(eq(tusUploads.id, uploadId))).toEqual([]);
    expect((await head(token, location)).status).toBe(404);
  }, 60_000);

  it("refuses a file that is no PDF though named .pdf and keeps nothing of it in the bucket", async () => {
    const { token } = await applicantWithProfile(api);
    const id = await draft(token);
    const bytes = elf();
    const { location, uploadId } = await create(token, id, bytes.length);
    const answer = await patch(token, location, 0, bytes);
    expect(answer.status).toBe(400);
    expect((await answer.json()).error.code).toBe("DOCUMENT_REFUSED");
    expect(await tusLeftovers(uploadId)).toEqual({ objects: [], multipart: 0 });
    expect(await api.db.select().from(tusUploads).where(eq(tusUploads.id, uploadId))).toEqual([]);
  }, 60_000);

  it("removes a cancelled upload's objects (DELETE), its waiting chunk too", async () => {
    const { token } = await applicantWithProfile(api);
    const id = await draft(token);
    const bytes = await pdfOfSize(MB);
    const { location, uploadId } = await create(token, id, bytes.length);
    expect((await patch(token, location, 0, bytes.subarray(0, MB / 2))).status).toBe(204);
    expect((await tusLeftovers(uploadId)).objects).toEqual([`${uploadId}.info`, `${uploadId}.part`]);
    // Raw: tus, whose protocol (its own headers and methods) sits beside the typed routes.
    const cancelled = await api.request(location, { method: "DELETE", token, headers: TUS });
    expect(cancelled.status, await cancelled.clone().text()).toBe(204);
    expect(await tusLeftovers(uploadId)).toEqual({ objects: [], multipart: 0 });
    await expect.poll(async () => api.db.select().from(tusUploads).where(eq(tusUploads.id, uploadId))).toEqual([]);
    expect((await head(token, location)).status).toBe(404);
  }, 60_000);

  it("sweeps an upload abandoned past the expiry: its objects in the bucket and its row", async () => {
    const { token } = await applicantWithProfile(api);
    const id = await draft(token);
    const bytes = await pdf();
    const { location, uploadId } = await create(token, id, bytes.length + 100);
    expect((await patch(token, location, 0, bytes)).status).toBe(204);
    const waiting = { objects: [`${uploadId}.info`, `${uploadId}.part`], multipart: 1 };
    expect(await tusLeftovers(uploadId)).toEqual(waiting);
    // The scheduled jobs, 23 hours on: not yet expired, kept; 25 hours on: swept.
    await api.jobs.runAll(new Date(Date.now() + 23 * 3_600_000));
    expect(await tusLeftovers(uploadId)).toEqual(waiting);
    await api.jobs.runAll(new Date(Date.now() + 25 * 3_600_000));
    expect(await tusLeftovers(uploadId)).toEqual({ objects: [], multipart: 0 });
    expect(await api.db.select().from(tusUploads).where(eq(tusUploads.id, uploadId))).toEqual([]);
    expect((await head(token, location)).status).toBe(404);
  }, 60_000);
});
