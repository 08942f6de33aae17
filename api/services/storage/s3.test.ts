import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfOfSize } from "../../../tests/fixtures/files";
import { createTestApi, type TestApi, typedRequest, typedUpload } from "../../test/helpers";
import { startS3WithListParts, type S3WithListParts } from "../../test/s3-with-list-parts";
import { createS3Client } from "./s3";

// The API on the S3 driver (S3_BUCKET set): an upload lands in the bucket, not in filesDir, and is
// served from there; a bucket the API cannot use stops the start with one line.

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const d = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};
// s3rver behind the shim that answers the multipart calls it lacks (the start-up check asks for them).
let s3: S3WithListParts;
let endpoint = "";
let api: TestApi | undefined;
beforeAll(async () => {
  s3 = await startS3WithListParts(["adaptasi"]);
  endpoint = s3.endpoint;
}, 30_000);
afterAll(async () => {
  await api?.close();
  await s3?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const keys = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

describe("the API with S3_BUCKET", () => {
  it("stores an upload in the bucket (nothing under filesDir but the receiver's folder) and serves it from there", async () => {
    const filesDir = tempDir("adaptasi-files-");
    api = await createTestApi({ filesDir, s3: { endpoint, bucket: "adaptasi", ...keys } });
    const { token } = await api.login("admin@adaptasi.test");
    const data = await pdfOfSize(300 * 1024);
    const fd = new FormData();
    fd.append("file", new Blob([new Uint8Array(data)]), "panduan.pdf");
    const res = await typedUpload(api, "/admin/cms/guidebook", fd, { token });
    expect(res.status, await res.clone().text()).toBe(200);

    const client = createS3Client({ endpoint, bucket: "adaptasi", ...keys });
    const objects = (await client.send(new ListObjectsV2Command({ Bucket: "adaptasi" }))).Contents ?? [];
    expect(objects.map((o) => o.Size)).toEqual([data.length]);
    expect(objects[0].Key).toMatch(/^[a-f0-9]{2}\/[a-f0-9]{48}$/);
    const stored = Buffer.from(await (await client.send(new GetObjectCommand({ Bucket: "adaptasi", Key: objects[0].Key }))).Body!.transformToByteArray());
    expect(stored.equals(data)).toBe(true);
    expect(readdirSync(filesDir, { recursive: true }).filter((f) => !String(f).startsWith("tmp"))).toEqual([]);

    const served = await typedRequest(api, "GET", "/cms/guidebook");
    expect(served.status).toBe(200);
    expect(served.headers.get("content-length")).toBe(String(data.length));
    expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true);
  }, 60_000);

  it("stops the start with one line when the bucket cannot serve resumable uploads (multipart calls refused), and leaves nothing in it", async () => {
    for (const call of ["CreateMultipartUpload", "UploadPart", "ListParts", "AbortMultipartUpload"] as const) {
      s3.refused.clear();
      s3.refused.add(call);
      await expect(createTestApi({ s3: { endpoint, bucket: "adaptasi", ...keys } })).rejects.toThrow(
        new RegExp(
          `^S3 bucket "adaptasi" at http://127\\.0\\.0\\.1:\\d+ cannot serve resumable uploads \\(${call}: 403 AccessDenied\\): the credentials need s3:PutObject, s3:ListMultipartUploadParts and s3:AbortMultipartUpload on the bucket \\(README "Object storage"\\)$`,
        ),
      );
    }
    s3.refused.clear();
    // Every check aborted its multipart upload but the one whose abort was refused.
    expect(s3.openUploads().map((u) => u.key)).toEqual([expect.stringMatching(/^portal-check\/[0-9a-f]{24}$/)]);
  }, 60_000);

  it("stops the start with one line when the bucket cannot be used", async () => {
    const start = createTestApi({ s3: { endpoint, bucket: "no-such-bucket", ...keys } });
    await expect(start).rejects.toThrow(
      /^S3 bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ cannot be used \(404 NotFound\): check S3_ENDPOINT, S3_BUCKET and the S3 credentials$/,
    );
  }, 60_000);
});
