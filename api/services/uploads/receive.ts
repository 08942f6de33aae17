import { createHash, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import busboy from "busboy";

// Streaming multipart parsing (issue 4): each file goes straight to a temporary file while its bytes
// are counted against the limit of its field; the whole file is never held in memory.

export interface ReceivedFile {
  field: string;
  /** The name the browser gave; shown back to people only, never used as a path. */
  originalName: string;
  path: string;
  size: number;
  sha256: string;
  /** The file passed its field's limit; what was written is deleted. */
  tooLarge: boolean;
}

export interface Received {
  fields: Record<string, string>;
  files: ReceivedFile[];
  /** Removes every temporary file left. */
  cleanup: () => Promise<void>;
}

export class MultipartError extends Error {
  constructor(
    readonly code: "MALFORMED_MULTIPART" | "TOO_MANY_FILES" | "UNEXPECTED_FILE",
    message: string,
  ) {
    super(message);
  }
}

export interface ReceiveOptions {
  tmpDir: string;
  /** The byte limit of a file field, or null when the field takes no files. */
  limitFor: (field: string) => number | null;
  maxFiles?: number;
  maxFields?: number;
}

/** A file name safe to show: no path, no control characters, at most 200 characters. */
export function displayName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200);
  return clean || "berkas";
}

export async function receiveMultipart(body: ReadableStream<Uint8Array> | null, contentType: string, opts: ReceiveOptions): Promise<Received> {
  if (!body || !contentType.toLowerCase().startsWith("multipart/form-data")) {
    throw new MultipartError("MALFORMED_MULTIPART", "Permintaan unggah tidak valid.");
  }
  await mkdir(opts.tmpDir, { recursive: true });
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  const cleanup = async () => {
    await Promise.all(files.map((f) => rm(f.path, { force: true })));
  };

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { files: opts.maxFiles ?? 40, fields: opts.maxFields ?? 50, fieldSize: 64 * 1024, parts: 200, headerPairs: 100 },
      defParamCharset: "utf8",
    });
  } catch {
    throw new MultipartError("MALFORMED_MULTIPART", "Permintaan unggah tidak valid.");
  }

  const writes: Promise<void>[] = [];
  const done = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (field, stream, info) => {
      const limit = opts.limitFor(field);
      if (limit === null) {
        stream.resume();
        reject(new MultipartError("UNEXPECTED_FILE", "Berkas dikirim pada isian yang tidak dikenal."));
        return;
      }
      // An empty file input arrives as a part with no name and no bytes: nothing was chosen.
      const file: ReceivedFile = {
        field,
        originalName: displayName(info.filename),
        path: path.join(opts.tmpDir, `${Date.now()}-${randomBytes(12).toString("hex")}.part`),
        size: 0,
        sha256: "",
        tooLarge: false,
      };
      if (!info.filename) {
        stream.resume();
        return;
      }
      files.push(file);
      const hash = createHash("sha256");
      const out = createWriteStream(file.path, { flags: "wx", mode: 0o600 });
      stream.on("data", (chunk: Buffer) => {
        if (file.tooLarge) return;
        file.size += chunk.length;
        if (file.size > limit) {
          file.tooLarge = true;
          out.end();
          return;
        }
        hash.update(chunk);
        if (!out.write(chunk)) {
          stream.pause();
          out.once("drain", () => stream.resume());
        }
      });
      stream.on("end", () => {
        file.sha256 = hash.digest("hex");
        if (!file.tooLarge) out.end();
      });
      writes.push(
        finished(out).then(async () => {
          if (file.tooLarge) await rm(file.path, { force: true });
        }),
      );
    });
    parser.on("filesLimit", () => reject(new MultipartError("TOO_MANY_FILES", "Terlalu banyak berkas dalam satu unggahan.")));
    parser.on("error", () => reject(new MultipartError("MALFORMED_MULTIPART", "Permintaan unggah tidak valid.")));
    parser.on("close", resolve);
  });

  try {
    Readable.fromWeb(body as import("node:stream/web").ReadableStream).on("error", () => parser.destroy(new Error("aborted"))).pipe(parser);
    await done;
    await Promise.all(writes);
  } catch (error) {
    await Promise.allSettled(writes);
    await cleanup();
    throw error instanceof MultipartError ? error : new MultipartError("MALFORMED_MULTIPART", "Permintaan unggah tidak valid.");
  }
  return { fields, files, cleanup };
}
