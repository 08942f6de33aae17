import { createHash } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import busboy from "busboy";
import { FIELD_NAME_LIMITS, fieldNameProblem } from "#domain/form-field-names";
import { contain, injectedFault, ListenerFault } from "../../lib/contain";
import { MESSAGES } from "../../lib/errors";
import { temporaryFileName } from "../storage/storage";

// Streaming multipart parsing: each file goes straight to a temporary file while its bytes
// are counted against the limit of its field; the whole file is never held in memory.
//
// Hostile networks: a body that is cut off, garbled or abandoned half-way (a phone losing
// signal, a closed tab, a proxy timing out) ends this request only — every stream here has an error
// listener, the temporary files are removed, and nothing is stored. A file over its field's limit or
// a body over the request's cap stops the reading at once (413): the phone stops spending data on a
// file that cannot be kept.
//
// Contained: every emitter of the reading (the body, the parser, each part's stream, each file written) is
// wrapped when it is made (api/lib/contain.ts), so an exception while one of them dispatches an event ends
// this request (500: ours) and never the process. A part without a name (a bare `form-data`, `name=""`,
// only `name*=`) is the client's mistake: 400 FIELD_NAME_REFUSED.

export const MB = 1024 * 1024;
/** Room in a body's cap for what is not file bytes: part headers, boundaries, text fields. */
export const FORM_OVERHEAD_BYTES = MB;

export interface ReceivedFile {
  field: string;
  /** The name the browser gave; shown back to people only, never used as a path. */
  originalName: string;
  path: string;
  size: number;
  sha256: string;
}

export interface Received {
  fields: Record<string, string>;
  files: ReceivedFile[];
  /** Removes every temporary file left. */
  cleanup: () => Promise<void>;
}

export type MultipartErrorCode = "MALFORMED_MULTIPART" | "FIELD_NAME_REFUSED" | "TOO_MANY_FILES" | "UNEXPECTED_FILE" | "FILE_TOO_LARGE" | "UPLOAD_TOO_LARGE";

export class MultipartError extends Error {
  /** 413 when the reading stopped because of a size, else 400. */
  readonly status: 400 | 413;
  constructor(
    readonly code: MultipartErrorCode,
    /** the file field that passed its limit (FILE_TOO_LARGE) */
    readonly field?: string,
  ) {
    super(MESSAGES[code]);
    this.status = code === "FILE_TOO_LARGE" || code === "UPLOAD_TOO_LARGE" ? 413 : 400;
  }
}

export interface ReceiveOptions {
  tmpDir: string;
  /** The byte limit of a file field, or null when the field takes no files. */
  limitFor: (field: string) => number | null;
  /** The cap on the whole body, headers of the parts included. */
  maxTotalBytes: number;
  maxFiles?: number;
  maxFields?: number;
  /** a test's injected fault (api/lib/contain.ts) when the body is not the request's own (a finished tus upload) */
  fault?: string;
}

/** Characters that change how a name reads without being seen: bidirectional overrides and isolates, zero-width marks. */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** A file name safe to show: no path, no control or direction-changing characters, at most 200 characters. */
export function displayName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
    .replace(INVISIBLE, "")
    .trim()
    .slice(0, 200);
  return clean || "berkas";
}

export async function receiveMultipart(body: ReadableStream<Uint8Array> | null, contentType: string, opts: ReceiveOptions): Promise<Received> {
  if (!body || !contentType.toLowerCase().startsWith("multipart/form-data")) throw new MultipartError("MALFORMED_MULTIPART");
  await mkdir(opts.tmpDir, { recursive: true });

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // A name one byte over the limit arrives cut to it and marked (nameTruncated), and is refused below.
      limits: {
        files: opts.maxFiles ?? 40,
        fields: opts.maxFields ?? 50,
        fieldSize: 64 * 1024,
        fieldNameSize: FIELD_NAME_LIMITS.maxNameLength + 1,
        parts: FIELD_NAME_LIMITS.maxFields,
        headerPairs: 100,
      },
      defParamCharset: "utf8",
    });
  } catch {
    throw new MultipartError("MALFORMED_MULTIPART");
  }

  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  const outputs: WriteStream[] = [];
  const writes: Promise<void>[] = [];
  const source = Readable.fromWeb(body as import("node:stream/web").ReadableStream);
  /** A MultipartError (the client's body), or a fault of ours (an exception while an event was dispatched). */
  let failure: Error | null = null;
  let settle!: { resolve: () => void; reject: (e: Error) => void };
  const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));

  /**
   * The first failure ends the request: the parser stops, every write is abandoned. The body is left
   * unread rather than cancelled: cancelling the portal's body stream would destroy the browser's
   * connection before the portal can answer; the server drains and closes it after the answer.
   */
  function fail(error: Error) {
    if (failure) return;
    failure = error;
    source.unpipe(parser);
    source.pause();
    for (const out of outputs) out.destroy();
    parser.removeAllListeners("close");
    settle.reject(error);
  }

  // Whatever throws while these dispatch an event fails this request, as the first failure.
  const fault = opts.fault ?? injectedFault(contentType);
  const guard = (emitter: import("node:events").EventEmitter) => void contain(emitter, fail, fault);
  guard(source);
  guard(parser);

  let total = 0;
  source.on("data", (chunk: Buffer) => {
    total += chunk.length;
    if (total > opts.maxTotalBytes) fail(new MultipartError("UPLOAD_TOO_LARGE"));
  });
  source.on("error", () => fail(new MultipartError("MALFORMED_MULTIPART")));

  // Field names are checked as they come, with the portal's rule (domain/form-field-names.ts).
  // A part without a name (busboy gives undefined) is refused like a hostile one.
  const refusedName = (name: string | undefined, truncated = false) =>
    !name || truncated || name.length > FIELD_NAME_LIMITS.maxNameLength || fieldNameProblem(name) !== null;
  parser.on("field", (name, value, info) => {
    if (refusedName(name, info.nameTruncated)) return fail(new MultipartError("FIELD_NAME_REFUSED"));
    fields[name] = value;
  });
  parser.on("file", (field, stream, info) => {
    guard(stream);
    if (refusedName(field)) {
      stream.resume();
      fail(new MultipartError("FIELD_NAME_REFUSED"));
      return;
    }
    // A part's stream errors when the body ends inside it; the request fails with the parser.
    stream.on("error", () => fail(new MultipartError("MALFORMED_MULTIPART")));
    const limit = opts.limitFor(field);
    if (limit === null) {
      stream.resume();
      fail(new MultipartError("UNEXPECTED_FILE"));
      return;
    }
    // An empty file input arrives as a part with no name and no bytes: nothing was chosen.
    if (!info.filename || failure) {
      stream.resume();
      return;
    }
    const file: ReceivedFile = {
      field,
      originalName: displayName(info.filename),
      path: path.join(opts.tmpDir, `${temporaryFileName()}.part`),
      size: 0,
      sha256: "",
    };
    files.push(file);
    const hash = createHash("sha256");
    const out = createWriteStream(file.path, { flags: "wx", mode: 0o600 });
    outputs.push(out);
    guard(out);
    out.on("error", () => fail(new MultipartError("MALFORMED_MULTIPART")));
    stream.on("data", (chunk: Buffer) => {
      if (failure) return;
      file.size += chunk.length;
      if (file.size > limit) {
        fail(new MultipartError("FILE_TOO_LARGE", field));
        return;
      }
      hash.update(chunk);
      if (!out.write(chunk)) {
        stream.pause();
        out.once("drain", () => stream.resume());
      }
    });
    stream.on("end", () => {
      if (failure) return;
      file.sha256 = hash.digest("hex");
      out.end();
    });
    writes.push(finished(out));
  });
  parser.on("filesLimit", () => fail(new MultipartError("TOO_MANY_FILES")));
  // More fields or parts than any form of ours sends: refused, not silently cut.
  parser.on("fieldsLimit", () => fail(new MultipartError("FIELD_NAME_REFUSED")));
  parser.on("partsLimit", () => fail(new MultipartError("FIELD_NAME_REFUSED")));
  parser.on("error", () => fail(new MultipartError("MALFORMED_MULTIPART")));
  parser.on("close", () => settle.resolve());

  const cleanup = async () => {
    await Promise.all(files.map((f) => rm(f.path, { force: true })));
  };
  try {
    source.pipe(parser);
    await done;
    await Promise.all(writes);
    if (failure) throw failure; // a write failed after the parser closed
  } catch (error) {
    fail(error instanceof MultipartError || error instanceof ListenerFault ? error : new MultipartError("MALFORMED_MULTIPART"));
    parser.destroy();
    await Promise.allSettled(writes);
    await cleanup();
    throw failure;
  }
  return { fields, files, cleanup };
}
