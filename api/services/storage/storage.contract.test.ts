import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { AbortMultipartUploadCommand, CreateBucketCommand, ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskStorage, newStorageKey, type FileStorage } from "./storage";
import { createS3Client, createS3Storage } from "./s3";

// One contract, both drivers: the disk driver on a temporary folder, the S3 driver against a
// real S3-protocol server (s3rver) started on loopback.

interface Driver {
  storage: FileStorage;
  /** everything the store holds, finished or not (disk: every file; S3: every object) */
  list(): Promise<string[]>;
  /** S3 only: the multipart uploads the driver aborted */
  aborted?: string[];
}

const MiB = 1024 * 1024;
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const d = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};

let s3rver: S3rver | undefined;
let s3Endpoint = "";
beforeAll(async () => {
  s3rver = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: tempDir("adaptasi-s3rver-"), configureBuckets: [{ name: "test" }] });
  const { port } = await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
}, 30_000);
afterAll(async () => {
  await s3rver?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function diskDriver(): Driver {
  const root = tempDir("adaptasi-storage-");
  return {
    storage: createDiskStorage(root),
    list: async () =>
      readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name))),
  };
}

let bucketCount = 0;
async function s3Driver(): Promise<Driver> {
  const settings = { endpoint: s3Endpoint, bucket: "test", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const client: S3Client = createS3Client(settings);
  // Each driver writes under its own bucket so lists never see another test's objects.
  const bucket = `contract-${++bucketCount}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const aborted: string[] = [];
  const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
  // s3rver answers AbortMultipartUpload with 405; what matters here is that the driver asked.
  (client as { send: unknown }).send = (command: unknown) => {
    if (command instanceof AbortMultipartUploadCommand) aborted.push(command.input.UploadId!);
    return send(command);
  };
  return {
    storage: createS3Storage({ ...settings, bucket, client }),
    aborted,
    list: async () => ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key!),
  };
}

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
function pattern(size: number): Buffer {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = (i * 31 + (i >> 11)) & 0xff;
  return b;
}
/** A source that sends `bytes` in 64 KiB pieces and then breaks, as a dropped client does. */
function breaksAfter(bytes: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) return void this.destroy(new Error("source broke mid-way"));
      const piece = Buffer.alloc(64 * 1024, 0x61);
      sent += piece.length;
      this.push(piece);
    },
  });
}

describe.each([
  ["disk", diskDriver],
  ["s3 (s3rver on loopback)", s3Driver],
] as const)("FileStorage contract: %s", (_name, make) => {
  let d: Driver;
  beforeAll(async () => {
    d = await make();
  });

  it("put moves a finished temporary file under a new key; read streams the same bytes", async () => {
    const tmp = path.join(tempDir("adaptasi-upload-"), "1700000000000-abc.part");
    const data = pattern(300 * 1024 + 7);
    writeFileSync(tmp, data);
    const key = await d.storage.put(tmp);
    expect(key).toMatch(/^[a-f0-9]{2}\/[a-f0-9]{48}$/);
    expect(existsSync(tmp)).toBe(false);
    const { stream, size } = await d.storage.read(key);
    expect(stream).toBeInstanceOf(Readable);
    expect(size).toBe(data.length);
    expect(sha(await bytesOf(stream))).toBe(sha(data));
    expect(await d.list()).toContain(key);
  });

  it("put stores a file larger than one part (S3: multipart; one part or less is one streamed PutObject)", async () => {
    const tmp = path.join(tempDir("adaptasi-upload-"), "1700000000000-big.part");
    const data = pattern(6 * MiB + 5);
    writeFileSync(tmp, data);
    const key = await d.storage.put(tmp);
    expect(existsSync(tmp)).toBe(false);
    const { stream, size } = await d.storage.read(key);
    expect(size).toBe(data.length);
    expect(sha(await bytesOf(stream))).toBe(sha(data));
  }, 30_000);

  it("putBytes stores bytes under a new key each time", async () => {
    const a = await d.storage.putBytes(new Uint8Array([1, 2, 3]));
    const b = await d.storage.putBytes(new Uint8Array([1, 2, 3]));
    expect(a).not.toBe(b);
    const { stream, size } = await d.storage.read(a);
    expect(size).toBe(3);
    expect([...(await bytesOf(stream))]).toEqual([1, 2, 3]);
  });

  it("putStream stores a stream larger than one part (S3: multipart) and reads it back whole", async () => {
    const data = pattern(6 * MiB + 123);
    const key = await d.storage.putStream(Readable.from([data.subarray(0, 3 * MiB), data.subarray(3 * MiB)]));
    const { stream, size } = await d.storage.read(key);
    expect(size).toBe(data.length);
    expect(sha(await bytesOf(stream))).toBe(sha(data));
  }, 30_000);

  it("remove takes the file away; removing again is no error", async () => {
    const key = await d.storage.putBytes(new Uint8Array([9]));
    await d.storage.remove(key);
    await expect(d.storage.read(key)).rejects.toMatchObject({ code: "ENOENT" });
    expect(await d.list()).not.toContain(key);
    await expect(d.storage.remove(key)).resolves.toBeUndefined();
  });

  it("a missing key rejects with ENOENT; a malformed key is refused", async () => {
    await expect(d.storage.read(newStorageKey())).rejects.toMatchObject({ code: "ENOENT" });
    await expect(d.storage.read("../../etc/passwd")).rejects.toThrow("invalid storage key");
    await expect(d.storage.remove("ab/../../x")).rejects.toThrow("invalid storage key");
  });

  it.each([
    ["within the first part", 256 * 1024],
    ["after a whole part was sent", 6 * MiB],
  ])(
    "an interrupted write (%s) rejects with the source's error and leaves nothing under a key",
    async (_when, bytes) => {
      const before = await d.list();
      await expect(d.storage.putStream(breaksAfter(bytes))).rejects.toThrow("source broke mid-way");
      expect(await d.list()).toEqual(before);
      if (d.aborted && bytes > 5 * MiB) expect(d.aborted).toHaveLength(1); // the multipart upload was aborted
    },
    30_000,
  );
});

describe("S3 driver", () => {
  it("runs at most maxConcurrentUploads uploads at once; the others wait their turn", async () => {
    const client = createS3Client({ endpoint: s3Endpoint, bucket: "test", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" });
    const storage = createS3Storage({ bucket: "test", client, maxConcurrentUploads: 1 });
    let release!: () => void;
    const first = new Readable({ read() {} });
    first.push(Buffer.from("first"));
    const held = new Promise<void>((resolve) => (release = resolve));
    void held.then(() => first.push(null));
    const reads: string[] = [];
    const one = storage.putStream(first).then((k) => (reads.push("first"), k));
    const two = storage.putBytes(new Uint8Array([2])).then((k) => (reads.push("second"), k));
    await new Promise((r) => setTimeout(r, 300));
    expect(reads).toEqual([]); // the second waits for the first's slot
    release();
    await Promise.all([one, two]);
    expect(reads).toEqual(["first", "second"]);
  });

  it("check() answers for an existing bucket and rejects for a missing one", async () => {
    const settings = { endpoint: s3Endpoint, accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
    await expect(createS3Storage({ ...settings, bucket: "test" }).check()).resolves.toBeUndefined();
    await expect(createS3Storage({ ...settings, bucket: "no-such-bucket" }).check()).rejects.toThrow();
  });
});
