import { mkdtempSync, rmSync } from "node:fs";
import { rm } from "node:fs/promises";
import { createServer, request as forward, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

// s3rver (our loopback S3) lacks three calls @tus/s3-store makes: ListParts (before and after every write,
// and for HEAD's offset), AbortMultipartUpload (on DELETE and when an upload is removed) and
// ListMultipartUploads (the store's own expiry sweep). It answers the first two with MethodNotAllowed and
// the third with NotImplemented. This test-only shim stands in front of it on loopback and answers those
// three as S3 does, from the multipart uploads it saw pass through (created; parts with their ETag and
// size; completed), NoSuchUpload for one completed, aborted or never made. Everything else — objects,
// CreateMultipartUpload, UploadPart, CompleteMultipartUpload — goes to s3rver unchanged. The shim does not
// check signatures on the three calls it answers itself (s3rver checks the rest).

interface Part {
  PartNumber: number;
  ETag: string;
  Size: number;
  LastModified: Date;
}

interface MultipartUpload {
  bucket: string;
  key: string;
  initiated: Date;
  parts: Map<number, Part>;
}

/** The calls a test may have the shim refuse with 403 AccessDenied, as a bucket policy without them would. */
export type S3Call = "CreateMultipartUpload" | "UploadPart" | "ListParts" | "AbortMultipartUpload" | "PutObject";

export interface S3WithListParts {
  endpoint: string;
  /** Calls answered 403 AccessDenied from now on (a bucket policy without them); empty by default. */
  refused: Set<S3Call>;
  /** Multipart uploads begun and neither completed nor aborted, as ListMultipartUploads answers them. */
  openUploads(): { bucket: string; key: string; uploadId: string }[];
  close(): Promise<void>;
}

const XMLNS = "http://s3.amazonaws.com/doc/2006-03-01/";
const esc = (v: string) => v.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

function answer(res: ServerResponse, status: number, body = "") {
  res.writeHead(status, body ? { "content-type": "application/xml", "content-length": Buffer.byteLength(body) } : { "content-length": 0 });
  res.end(body);
}

const noSuchUpload = (res: ServerResponse, uploadId: string) =>
  answer(
    res,
    404,
    xml(
      `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.</Message><UploadId>${esc(uploadId)}</UploadId></Error>`,
    ),
  );

/** Starts s3rver with `buckets` in a temporary directory and the shim in front of it; both on 127.0.0.1. */
export async function startS3WithListParts(buckets: string[], opts: { port?: number; directory?: string } = {}): Promise<S3WithListParts> {
  const directory = opts.directory ?? mkdtempSync(path.join(tmpdir(), "adaptasi-s3rver-"));
  const refused = new Set<S3Call>();
  const s3rver = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: buckets.map((name) => ({ name })) });
  const upstreamPort = (await s3rver.run()).port;
  const uploads = new Map<string, MultipartUpload>();

  /** Sends the request on to s3rver; the answer is buffered, shown to `seen`, then passed back unchanged. */
  function pass(req: IncomingMessage, res: ServerResponse, seen?: (status: number, headers: IncomingHttpHeaders, body: Buffer, sent: number) => void) {
    let sent = 0;
    const upstream = forward({ host: "127.0.0.1", port: upstreamPort, method: req.method, path: req.url, headers: req.headers }, (up) => {
      const chunks: Buffer[] = [];
      up.on("data", (c: Buffer) => chunks.push(c));
      up.on("end", () => {
        const body = Buffer.concat(chunks);
        seen?.(up.statusCode ?? 500, up.headers, body, sent);
        res.writeHead(up.statusCode ?? 500, up.headers);
        res.end(body);
      });
    });
    upstream.on("error", (err) => res.destroy(err));
    req.on("data", (c: Buffer) => (sent += c.length));
    req.pipe(upstream);
  }

  function listParts(res: ServerResponse, uploadId: string, upload: MultipartUpload, marker: number) {
    const parts = [...upload.parts.values()].filter((p) => p.PartNumber > marker).sort((a, b) => a.PartNumber - b.PartNumber);
    const last = parts.at(-1)?.PartNumber ?? marker;
    answer(
      res,
      200,
      xml(
        `<ListPartsResult xmlns="${XMLNS}"><Bucket>${esc(upload.bucket)}</Bucket><Key>${esc(upload.key)}</Key><UploadId>${esc(uploadId)}</UploadId>` +
          `<PartNumberMarker>${marker}</PartNumberMarker><NextPartNumberMarker>${last}</NextPartNumberMarker><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>` +
          parts
            .map(
              (p) =>
                `<Part><PartNumber>${p.PartNumber}</PartNumber><LastModified>${p.LastModified.toISOString()}</LastModified><ETag>${esc(p.ETag)}</ETag><Size>${p.Size}</Size></Part>`,
            )
            .join("") +
          `</ListPartsResult>`,
      ),
    );
  }

  function listUploads(res: ServerResponse, bucket: string) {
    const open = [...uploads.entries()].filter(([, u]) => u.bucket === bucket);
    answer(
      res,
      200,
      xml(
        `<ListMultipartUploadsResult xmlns="${XMLNS}"><Bucket>${esc(bucket)}</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>` +
          open
            .map(
              ([id, u]) =>
                `<Upload><Key>${esc(u.key)}</Key><UploadId>${esc(id)}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
            )
            .join("") +
          `</ListMultipartUploadsResult>`,
      ),
    );
  }

  const shim: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://s3.local");
    const [bucket = "", ...rest] = url.pathname.slice(1).split("/");
    const key = decodeURIComponent(rest.join("/"));
    const q = url.searchParams;
    const uploadId = q.get("uploadId");
    const upload = uploadId ? uploads.get(uploadId) : undefined;

    const call: S3Call | undefined =
      req.method === "POST" && q.has("uploads")
        ? "CreateMultipartUpload"
        : req.method === "PUT" && uploadId
          ? "UploadPart"
          : req.method === "GET" && uploadId
            ? "ListParts"
            : req.method === "DELETE" && uploadId
              ? "AbortMultipartUpload"
              : req.method === "PUT" && key
                ? "PutObject"
                : undefined;
    if (call && refused.has(call)) {
      req.resume();
      return answer(res, 403, xml(`<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`));
    }
    if (!key && req.method === "GET" && q.has("uploads")) return listUploads(res, bucket);
    if (!key || (!uploadId && !q.has("uploads"))) return pass(req, res);

    if (req.method === "POST" && q.has("uploads")) {
      // CreateMultipartUpload: s3rver makes it; the shim notes the id it answers.
      return pass(req, res, (status, _h, body) => {
        const id = /<UploadId>([^<]+)<\/UploadId>/.exec(body.toString())?.[1];
        if (status === 200 && id) uploads.set(id, { bucket, key, initiated: new Date(), parts: new Map() });
      });
    }
    if (!uploadId || !upload || upload.bucket !== bucket || upload.key !== key) {
      req.resume();
      return noSuchUpload(res, uploadId ?? "");
    }
    if (req.method === "PUT") {
      // UploadPart: s3rver stores it; the shim notes its number, ETag and size (the bytes that went through).
      const partNumber = Number(q.get("partNumber"));
      const declared = req.headers["x-amz-decoded-content-length"];
      return pass(req, res, (status, headers, _b, sent) => {
        if (status === 200 && headers.etag)
          upload.parts.set(partNumber, { PartNumber: partNumber, ETag: headers.etag, Size: declared ? Number(declared) : sent, LastModified: new Date() });
      });
    }
    if (req.method === "POST") {
      return pass(req, res, (status) => {
        if (status === 200) uploads.delete(uploadId);
      });
    }
    if (req.method === "GET") return listParts(res, uploadId, upload, Number(q.get("part-number-marker") ?? 0));
    if (req.method === "DELETE") {
      // AbortMultipartUpload: forgotten here, and its parts go from s3rver's folder of unfinished uploads.
      uploads.delete(uploadId);
      req.resume();
      void rm(path.join(directory, bucket, "._S3rver_uploads", uploadId), { recursive: true, force: true }).then(() => answer(res, 204));
      return;
    }
    return pass(req, res);
  });
  await new Promise<void>((resolve) => shim.listen(opts.port ?? 0, "127.0.0.1", resolve));

  return {
    endpoint: `http://127.0.0.1:${(shim.address() as AddressInfo).port}`,
    refused,
    openUploads: () => [...uploads.entries()].map(([uploadId, u]) => ({ bucket: u.bucket, key: u.key, uploadId })),
    async close() {
      await new Promise<void>((resolve) => shim.close(() => resolve()));
      await s3rver.close();
      if (!opts.directory) rmSync(directory, { recursive: true, force: true });
    },
  };
}
