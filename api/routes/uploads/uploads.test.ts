import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { requirementsFor } from "#domain/documents";
import { elf, pdf, pdfOfSize, png } from "../../../tests/fixtures/files";
import { applicationDocuments, files, tusUploads } from "../../db/schema";
import { MESSAGES } from "../../lib/errors";
import { FORM_OVERHEAD_BYTES } from "../../services/uploads/receive";
import { createTusStore } from "../../services/resumable/tus";
import { applicantWithProfile } from "../../test/journeys";
import { createTestApi, type TestApi } from "../../test/helpers";
import { FIVE_MB_DOC, TUS, tusCreate, tusDraft, tusMetadata, tusPatch } from "../../test/tus";

// Resumable uploads over tus (docs/decisions/027-resumable-uploads.md): created for one document of the
// caller's own draft, sent in chunks, checked and attached as a multipart upload is when the last byte
// arrives; refused, nothing is kept; bounded per account; abandoned, swept.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ resumableUploads: { maxPerAccount: 3, maxMbPerAccount: 6 } });
});
afterAll(() => api?.close());

const REG = requirementsFor("REG");
const draft = (token: string) => tusDraft(api, token);
const create = (token: string, application: string, size: number, requirement = FIVE_MB_DOC.id, filename = "ijazah.pdf", form = "adaptation") =>
  tusCreate(api, token, application, size, { requirement, filename, form });
const patch = (token: string, location: string, offset: number, chunk: Buffer) => tusPatch(api, token, location, offset, chunk);

/** Sends `bytes` in chunks of `chunkSize`; the last answer. */
async function sendAll(token: string, location: string, bytes: Buffer, chunkSize = 256 * 1024) {
  let last: Response | undefined;
  for (let at = 0; at < bytes.length; at += chunkSize) {
    last = await patch(token, location, at, bytes.subarray(at, at + chunkSize));
    if (last.status !== 204) return last;
    expect(last.headers.get("upload-offset")).toBe(String(Math.min(at + chunkSize, bytes.length)));
  }
  return last!;
}

const tusFiles = () => {
  const dir = path.join(api.filesDir, "tus");
  return existsSync(dir) ? readdirSync(dir) : [];
};

const current = (application: string, requirementId: number) =>
  api.db
    .select({ size: files.size, sha256: files.sha256, key: files.storageKey, name: files.originalName })
    .from(applicationDocuments)
    .innerJoin(files, eq(files.id, applicationDocuments.fileId))
    .where(
      and(eq(applicationDocuments.applicationId, application), eq(applicationDocuments.requirementId, requirementId), eq(applicationDocuments.isCurrent, true)),
    );

describe("resumable uploads (tus)", () => {
  it("creates, takes chunks, answers the offset after a break, and attaches the checked file at the last byte", async () => {
    const { token } = await applicantWithProfile(api);
    const id = await draft(token);
    const bytes = await pdfOfSize(1024 * 1024 + 12_345);
    const created = await create(token, id, bytes.length);
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    expect(location).toMatch(/^\/api\/v1\/uploads\/[0-9a-f]+$/);
    // The first half, then the "connection drops": HEAD says where to go on.
    const half = 512 * 1024;
    expect((await patch(token, location, 0, bytes.subarray(0, half))).status).toBe(204);
    // Raw: tus, whose protocol (its own headers and methods) sits beside the typed routes.
    const head = await api.request(location, { method: "HEAD", token, headers: TUS });
    expect(head.headers.get("upload-offset")).toBe(String(half));
    // A chunk at the wrong offset changes nothing.
    expect((await patch(token, location, 0, bytes.subarray(0, 10))).status).toBe(409);
    let answer: Response | undefined;
    for (let at = half; at < bytes.length; at += 256 * 1024) answer = await patch(token, location, at, bytes.subarray(at, at + 256 * 1024));
    expect(answer!.status).toBe(200);
    expect((await answer!.json()).data).toEqual({ saved: [FIVE_MB_DOC.id], errors: [] });
    const [stored] = await current(id, FIVE_MB_DOC.id);
    expect(stored.size).toBe(bytes.length);
    expect(stored.name).toBe("ijazah.pdf");
    const { createHash } = await import("node:crypto");
    expect(stored.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    // Done: the tus file and its row are gone, and the upload's address answers 404.
    expect(await api.db.select().from(tusUploads).where(eq(tusUploads.applicationId, id))).toEqual([]);
    expect(tusFiles().filter((f) => location.endsWith(f.replace(/\.json$/, "")))).toEqual([]);
    // Raw: tus, whose protocol (its own headers and methods) sits beside the typed routes.
    expect((await api.request(location, { method: "HEAD", token, headers: TUS })).status).toBe(404);
  });

  it("refuses a file that is no PDF though named .pdf, with the check's Indonesian reason at its document, and keeps nothing", async () => {
    const { token } = await applicantWithProfile(api);
    const id = await draft(token);
    const bytes = elf();
    const created = await create(token, id, bytes.length, FIVE_MB_DOC.id, "ijazah.pdf");
    expect(created.status).toBe(201);
    const answer = await sendAll(token, created.headers.get("location")!, bytes);
    expect(answer.status).toBe(400);
    const body = await answer.json();
    expect(body.error.code).toBe("DOCUMENT_REFUSED");
    // A code with its words from the locale files; the check's own reason is the document's detail.
    expect(body.error.message).toBe(MESSAGES.DOCUMENT_REFUSED);
    expect(body.error.details).toMatchObject([{ path: `doc_${FIVE_MB_DOC.id}`, message: expect.stringMatching(/^Tipe berkas harus /) }]);
    expect(await current(id, FIVE_MB_DOC.id)).toEqual([]);
    expect(await api.db.select().from(tusUploads).where(eq(tusUploads.applicationId, id))).toEqual([]);
    expect(tusFiles().filter((f) => created.headers.get("location")!.endsWith(f.replace(/\.json$/, "")))).toEqual([]);
  });

  it("refuses an Upload-Length over the document's limit before a byte is sent", async () => {
    const { token } = await applicantWithProfile(api);
    const id = await draft(token);
    const res = await create(token, id, FIVE_MB_DOC.max_size * 1024 * 1024 + 1);
    expect(res.status).toBe(413);
    expect((await res.json()).error.details[0].message).toMatch(/5120/);
  });

  it("keeps a single file's name as sent, whatever it holds (it is read as a body of one part)", async () => {
    const { token } = await applicantWithProfile(api);
    const id = await draft(token);
    const bytes = await pdf("nama");
    const name = `passwd <img src=x onerror=alert(1)> 'Ünïcødé' 证书 "a"!*; b=c.pdf`;
    const created = await create(token, id, bytes.length, FIVE_MB_DOC.id, name);
    expect(created.status).toBe(201);
    const answer = await sendAll(token, created.headers.get("location")!, bytes);
    expect(answer.status).toBe(200);
    const [stored] = await current(id, FIVE_MB_DOC.id);
    expect(stored.name).toBe(name);
  });

  it("takes a merged set as the document's multipart body, merges it into one PDF, and bounds its length by the limit and the form's overhead", async () => {
    expect(FIVE_MB_DOC.merged).toBe(true);
    const { token } = await applicantWithProfile(api);
    const id = await draft(token);
    const boundary = "----adaptasi-test-boundary";
    const multipart = `multipart/form-data; boundary=${boundary}`;
    const body = (parts: Array<{ field: string; name: string; bytes: Buffer }>) =>
      Buffer.concat([
        ...parts.flatMap((p) => [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          p.bytes,
          Buffer.from("\r\n"),
        ]),
        Buffer.from(`--${boundary}--\r\n`),
      ]);
    const field = `doc_${FIVE_MB_DOC.id}`;
    const bytes = body([
      { field, name: "halaman-1.png", bytes: png() },
      { field, name: "halaman-2.pdf", bytes: await pdf() },
    ]);
    const created = await tusCreate(api, token, id, bytes.length, { requirement: FIVE_MB_DOC.id, filename: "halaman-1.png", multipart });
    expect(created.status).toBe(201);
    const answer = await sendAll(token, created.headers.get("location")!, bytes);
    expect(answer.status).toBe(200);
    expect((await answer.json()).data).toEqual({ saved: [FIVE_MB_DOC.id], errors: [] });
    const [stored] = await current(id, FIVE_MB_DOC.id);
    expect(stored.name).toBe("halaman-1.pdf");
    const [version] = await api.db
      .select({ names: applicationDocuments.originalNames })
      .from(applicationDocuments)
      .where(and(eq(applicationDocuments.applicationId, id), eq(applicationDocuments.isCurrent, true)));
    expect(version.names).toEqual(["halaman-1.png", "halaman-2.pdf"]);
    expect(await api.db.select().from(tusUploads).where(eq(tusUploads.applicationId, id))).toEqual([]);

    // The document's limit plus the form's overhead, as a post's; a byte more is refused before anything is sent.
    const limit = FIVE_MB_DOC.max_size * 1024 * 1024 + FORM_OVERHEAD_BYTES;
    const over = await tusCreate(api, token, id, limit + 1, { multipart });
    expect(over.status).toBe(413);
    expect((await over.json()).error.details[0].message).toMatch(/5120/);
    const at = await tusCreate(api, token, id, limit, { multipart });
    expect(at.status).toBe(201);
    expect((await api.request(at.headers.get("location")!, { method: "DELETE", token, headers: TUS })).status).toBe(204);
    // A content type other than a multipart body with its boundary is no upload of ours.
    expect((await tusCreate(api, token, id, 1000, { multipart: "text/plain" })).status).toBe(400);

    // Another document's field in the body: refused as a post's would be, and nothing of it kept.
    const other = REG.find((r) => r.id !== FIVE_MB_DOC.id)!;
    const stray = body([{ field: `doc_${other.id}`, name: "lain.pdf", bytes: await pdf() }]);
    const strayUpload = await tusCreate(api, token, id, stray.length, { multipart });
    const refused = await sendAll(token, strayUpload.headers.get("location")!, stray);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.code).toBe("UNEXPECTED_FILE");
    expect(await current(id, other.id)).toEqual([]);
    expect(await api.db.select().from(tusUploads).where(eq(tusUploads.applicationId, id))).toEqual([]);
  });

  it("refuses what a multipart post would: a reupload of a draft, an unknown document, no length, a form it does not know", async () => {
    const { token } = await applicantWithProfile(api);
    const id = await draft(token);
    const reupload = await create(token, id, 1000, FIVE_MB_DOC.id, "ijazah.pdf", "reupload");
    expect(reupload.status).toBe(409);
    expect((await reupload.json()).error.code).toBe("NOT_REUPLOAD");
    const unknown = await create(token, id, 1000, 99_999);
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.code).toBe("UPLOAD_METADATA_INVALID");
    expect((await create(token, id, 1000, FIVE_MB_DOC.id, "ijazah.pdf", "lainnya")).status).toBe(400);
    // Raw: tus, whose protocol (its own headers and methods) sits beside the typed routes.
    const deferred = await api.request("/api/v1/uploads", {
      method: "POST",
      token,
      headers: {
        ...TUS,
        "upload-defer-length": "1",
        "upload-metadata": tusMetadata({ application: id, requirement: String(FIVE_MB_DOC.id), form: "adaptation", filename: "a.pdf" }),
      },
    });
    expect(deferred.status).toBe(400);
    expect(await api.db.select().from(tusUploads).where(eq(tusUploads.applicationId, id))).toEqual([]);
  });

  it("refuses another account's application, and another account's upload", async () => {
    const owner = await applicantWithProfile(api);
    const other = await applicantWithProfile(api);
    const id = await draft(owner.token);
    const res = await create(other.token, id, 1000);
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("NOT_FOUND");
    const mine = await create(owner.token, id, 1000);
    const location = mine.headers.get("location")!;
    // Raw: tus, whose protocol (its own headers and methods) sits beside the typed routes.
    expect((await api.request(location, { method: "HEAD", token: other.token, headers: TUS })).status).toBe(404);
    expect((await patch(other.token, location, 0, Buffer.alloc(10))).status).toBe(404);
    // Raw: tus, whose protocol (its own headers and methods) sits beside the typed routes.
    expect((await api.request(location, { method: "DELETE", token: other.token, headers: TUS })).status).toBe(404);
    // Without a token: 401.
    // Raw: tus, whose protocol (its own headers and methods) sits beside the typed routes.
    expect((await api.request(location, { method: "HEAD", headers: TUS })).status).toBe(401);
    // The owner cancels it: bytes and row go.
    // Raw: tus, whose protocol (its own headers and methods) sits beside the typed routes.
    expect((await api.request(location, { method: "DELETE", token: owner.token, headers: TUS })).status).toBe(204);
    // The row goes after the answer (the terminate event): waited for, not slept on.
    await vi.waitFor(async () => expect(await api.db.select().from(tusUploads).where(eq(tusUploads.applicationId, id))).toEqual([]), {
      timeout: 30_000,
      interval: 20,
    });
  });

  it("bounds an account's unfinished uploads, by count and by bytes; a new upload of the same document replaces the unfinished one", async () => {
    const others = REG.filter((r) => r.id !== FIVE_MB_DOC.id);
    {
      const { token } = await applicantWithProfile(api);
      const id = await draft(token);
      // Three at most: three documents pass, a fourth does not.
      for (const r of others.slice(0, 3)) expect((await create(token, id, 1000, r.id)).status).toBe(201);
      const over = await create(token, id, 1000, others[3].id);
      expect(over.status).toBe(429);
      const body = await over.json();
      expect(body.error.code).toBe("UPLOADS_IN_FLIGHT");
      expect(body.error.params).toEqual({ limit_count: 3, limit_mb: 6 });
      // The same document chosen again: the unfinished upload is replaced, not added to.
      const first = (
        await api.db
          .select()
          .from(tusUploads)
          .where(and(eq(tusUploads.applicationId, id), eq(tusUploads.requirementId, others[0].id)))
      )[0];
      expect((await create(token, id, 2000, others[0].id)).status).toBe(201);
      const rows = await api.db.select().from(tusUploads).where(eq(tusUploads.applicationId, id));
      expect(rows).toHaveLength(3);
      expect(rows.map((r) => r.id)).not.toContain(first.id);
      expect(tusFiles()).not.toContain(first.id);
    }
    {
      const { token } = await applicantWithProfile(api);
      const id = await draft(token);
      // 6 MB announced at most: 5 MB passes, 2 MB more does not.
      expect((await create(token, id, 5 * 1024 * 1024)).status).toBe(201);
      expect((await create(token, id, 2 * 1024 * 1024, others[0].id)).status).toBe(429);
      expect((await create(token, id, 1024 * 1024, others[0].id)).status).toBe(201);
    }
  });

  it("sweeps an upload abandoned past the expiry: its bytes and its row", async () => {
    const { token } = await applicantWithProfile(api);
    const id = await draft(token);
    const bytes = await pdf();
    const created = await create(token, id, bytes.length + 100);
    const location = created.headers.get("location")!;
    const uploadId = location.split("/").pop()!;
    expect((await patch(token, location, 0, bytes)).status).toBe(204);
    expect(tusFiles()).toContain(uploadId);
    // The scheduled jobs, 23 hours on: not yet expired, kept; 25 hours on: swept.
    await api.jobs.runAll(new Date(Date.now() + 23 * 3_600_000));
    expect(tusFiles()).toContain(uploadId);
    await api.jobs.runAll(new Date(Date.now() + 25 * 3_600_000));
    expect(tusFiles()).not.toContain(uploadId);
    expect(await api.db.select().from(tusUploads).where(eq(tusUploads.id, uploadId))).toEqual([]);
    // Raw: tus, whose protocol (its own headers and methods) sits beside the typed routes.
    expect((await api.request(location, { method: "HEAD", token, headers: TUS })).status).toBe(404);
  });
});

describe("the tus store follows the storage driver", () => {
  // Which store each driver gets; the S3 store's round trip (chunks, offsets, attach, refuse, cancel,
  // sweep) is uploads-s3.test.ts, against s3rver behind the shim that answers ListParts.
  it("is a file store under filesDir/tus for the disk driver, an S3 store in the bucket for the S3 settings", () => {
    const disk = createTusStore({ filesDir: api.filesDir, expiryMs: 3_600_000 });
    expect(disk).toBeInstanceOf(FileStore);
    expect((disk as FileStore).directory).toBe(path.join(api.filesDir, "tus"));
    const s3 = createTusStore({
      filesDir: api.filesDir,
      expiryMs: 3_600_000,
      s3: { bucket: "dokumen", endpoint: "http://127.0.0.1:9", accessKeyId: "a", secretAccessKey: "b" },
    });
    expect(s3).toBeInstanceOf(S3Store);
    expect(s3.getExpiration()).toBe(3_600_000);
  });
});
