import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { checkStorageKey, missingKeyError, newStorageKey, type FileStorage } from "./storage";
import { limiter } from "../../lib/limiter";
import { markerText, OWNER_MARKER, ownerOf, type StorageMarker } from "./marker";

// The FileStorage driver for S3-compatible object storage (AWS S3, MinIO, Ceph RGW, …), chosen by the
// S3_* settings (README "Settings"). Several portal instances share one bucket, so a document stored
// through one is read through any other.
//
// - A stored file no larger than one part (every upload the portal takes: 5 MB at most) is streamed
//   from its temporary file in one PutObject, never held in memory. Anything else is streamed in parts
//   (lib-storage's Upload): at most one part (`partSize`) of each upload is in memory. At most
//   `maxConcurrentUploads` uploads run at once in this process; more wait their turn. So memory stays
//   bounded however many uploads arrive together (bench/uploads.mjs --s3).
// - A key becomes visible only when the upload completes (a single PutObject, or CompleteMultipartUpload).
//   When the source fails mid-way the multipart upload is aborted and no key is returned. A process
//   killed mid-upload leaves an incomplete multipart upload, never an object: the bucket's lifecycle rule
//   AbortIncompleteMultipartUpload removes those (README, "Object storage").

export interface S3Settings {
  bucket: string;
  /** e.g. http://127.0.0.1:9000 for MinIO; without it, AWS S3 in `region` */
  endpoint?: string;
  /** default us-east-1 */
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key) instead of the host name; MinIO and Ceph need it. Default: true with an endpoint */
  forcePathStyle?: boolean;
}

export interface S3StorageOptions extends S3Settings {
  /** a ready client (tests); otherwise one is built from the settings */
  client?: S3Client;
  /** bytes per part, at least 5 MiB (S3's minimum); default 5 MiB */
  partSize?: number;
  /** uploads at once in this process, each holding up to one part in memory; default 2 (bench/uploads.mjs --s3: as fast as 4 on loopback, less memory) */
  maxConcurrentUploads?: number;
  /** told when aborting a failed multipart upload fails too (the original error is what the caller gets) */
  onAbortFailed?: (err: unknown, uploadId: string) => void;
}

const MiB = 1024 * 1024;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region ?? "us-east-1",
    forcePathStyle: settings.forcePathStyle ?? !!settings.endpoint,
    credentials:
      settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    // Checksums only where the API requires them: S3-compatible servers (MinIO, Ceph, older releases)
    // do not all take the SDK's newer default (CRC32 trailers in aws-chunked bodies).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.Code === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

export type S3FileStorage = FileStorage & {
  /** HeadBucket: rejects when the bucket is missing or the credentials are refused (checked at start) */
  check(): Promise<void>;
  /**
   * What a resumable upload asks of the bucket (@tus/s3-store), tried on a throwaway key: CreateMultipartUpload,
   * UploadPart, ListParts, AbortMultipartUpload (checked at start). Rejects with the `step` that was refused.
   */
  checkResumable(): Promise<void>;
  client: S3Client;
  bucket: string;
};

export function createS3Storage(options: S3StorageOptions): S3FileStorage {
  const client = options.client ?? createS3Client(options);
  const Bucket = options.bucket;
  const partSize = Math.max(options.partSize ?? 5 * MiB, 5 * MiB);
  const slot = limiter(options.maxConcurrentUploads ?? 2);

  const upload = (source: Readable | Buffer, contentLength?: number) =>
    slot(async () => {
      const key = newStorageKey();
      const job = new Upload({
        client,
        params: { Bucket, Key: key, Body: source, ContentLength: contentLength },
        partSize,
        queueSize: 1,
        // Aborted here rather than by lib-storage, so the caller gets the source's error, not the abort's.
        leavePartsOnError: true,
      });
      try {
        await job.done();
      } catch (err) {
        if (source instanceof Readable) source.destroy();
        if (job.uploadId) {
          await client
            .send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: job.uploadId }))
            .catch((abortErr) => options.onAbortFailed?.(abortErr, job.uploadId!));
        }
        throw err;
      }
      return key;
    });

  /** One PutObject whose body is read from the file as the request goes out. */
  const putFile = (tempPath: string, size: number) =>
    slot(async () => {
      const key = newStorageKey();
      const body = createReadStream(tempPath);
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: size }));
      } finally {
        body.destroy();
      }
      return key;
    });

  return {
    client,
    bucket: Bucket,
    async put(tempPath) {
      const { size } = await stat(tempPath);
      const key = size <= partSize ? await putFile(tempPath, size) : await upload(createReadStream(tempPath), size);
      await rm(tempPath, { force: true }); // moved, as the disk driver's rename does
      return key;
    },
    putBytes: (bytes) => upload(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), bytes.byteLength),
    putStream: (source) => upload(source),
    async read(key) {
      checkStorageKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return { stream: out.Body as Readable, size: out.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) throw missingKeyError(key);
        throw err;
      }
    },
    async remove(key) {
      checkStorageKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async checkResumable() {
      const Key = `portal-check/${randomBytes(12).toString("hex")}`;
      const step = async <T>(name: string, call: () => Promise<T>): Promise<T> => {
        try {
          return await call();
        } catch (err) {
          throw Object.assign(err as object, { step: name });
        }
      };
      const { UploadId } = await step("CreateMultipartUpload", () => client.send(new CreateMultipartUploadCommand({ Bucket, Key })));
      let failure: unknown;
      try {
        await step("UploadPart", () =>
          client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 1, Body: Buffer.from("check"), ContentLength: 5 })),
        );
        await step("ListParts", () => client.send(new ListPartsCommand({ Bucket, Key, UploadId })));
      } catch (err) {
        failure = err;
      }
      // Aborted whatever happened: nothing stays in the bucket. An abort refused is a failure of its own.
      await step("AbortMultipartUpload", () => client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }))).catch((err: unknown) => {
        failure ??= err;
      });
      if (failure) throw failure;
    },
  };
}

/** The S3 driver's owner marker (api/services/storage/owner.ts): the object `portal-owner.json` in the bucket. */
export function s3Marker(client: S3Client, Bucket: string): StorageMarker {
  return {
    async readOwner() {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: OWNER_MARKER }));
        return ownerOf((await out.Body?.transformToString("utf-8")) ?? "");
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async writeOwner(publicUrl, by) {
      await client.send(new PutObjectCommand({ Bucket, Key: OWNER_MARKER, Body: markerText(publicUrl, by), ContentType: "application/json" }));
    },
    async isEmpty() {
      // Stored files sit under their 2-character shard: one shard folder listed means files. A listing cut
      // short (over 1,000 unfinished uploads at the top level) counts as holding files.
      const out = await client.send(new ListObjectsV2Command({ Bucket, Delimiter: "/", MaxKeys: 1000 }));
      if ((out.CommonPrefixes ?? []).some((p) => p.Prefix && /^[a-f0-9]{2}\/$/.test(p.Prefix))) return false;
      return !out.IsTruncated;
    },
  };
}
