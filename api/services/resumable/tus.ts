import { randomBytes } from "node:crypto";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import { ERRORS, EVENTS, Server, type DataStore, type Upload } from "@tus/server";
import { and, count, eq, lt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { maxBytes, MB, type DocumentForm } from "#domain/documents";
import type { Database } from "../../db/client";
import { tusUploads, type UserRow } from "../../db/schema";
import { injectedFault } from "../../lib/contain";
import { ApiError, errorBody, MESSAGES } from "../../lib/errors";
import type { ApiDeps } from "../deps";
import type { ResumableSettings } from "../../lib/settings";
import { ownedApplication } from "../applications";
import { activeRequirements, receiveDocumentBody, reuploadRequirements, type UploadResult } from "../documents";
import { refusalDetail, uploadRefusals, type Refusal } from "../uploads/refusals";
import type { S3Settings } from "../storage/s3";
import { countUpload } from "../uploads/quota";
import { displayName, FORM_OVERHEAD_BYTES } from "../uploads/receive";
import { storageWritable } from "../storage/owner";
import { componentLogger } from "../../lib/log";

// Resumable uploads over tus (docs/decisions/027-resumable-uploads.md). A document arrives in chunks
// (PATCH), each acknowledged with the offset stored; a connection that drops resumes from there. Its
// bytes wait in the tus store — DATA_DIR/files/tus with the disk driver, the bucket with S3 — never under
// a storage key, so nothing serves them. A row of tus_uploads says whose the upload is and for which
// document; only that account may continue, read or cancel it. An upload is one file, or a document's
// multipart body (a merged set: the field `doc_<id>` once per file; its content type in the metadata). Once
// the last byte arrives it is read as that multipart body (a single file as a body of one part) by the
// intake of a post (documents.ts receiveDocumentBody): checked, it is attached; refused, nothing is kept. Either way the tus file and its row go. An upload abandoned half-way
// is swept once older than the expiry (sweepAbandonedUploads, a scheduled job).

/** No document takes more than this; a larger Upload-Length is refused before any row is written. */
const LARGEST_UPLOAD = 10 * MB;

/**
 * @tus/s3-store, removing every object of an upload. Its own remove aborts the multipart upload, then
 * deletes `<id>` and `<id>.info`, and so leaves two things in the bucket: `<id>.part` (the chunk shorter
 * than S3's 5 MB part still waiting for the next one — every chunk of a document, as none is larger), and,
 * once an upload is finished (its multipart upload completed, so the abort answers NoSuchUpload and
 * remove stops there), the whole assembled file with its .info. Here all three go whatever the abort says.
 */
export class PortalS3Store extends S3Store {
  override async remove(id: string): Promise<void> {
    let notFound: unknown;
    try {
      await super.remove(id);
    } catch (err) {
      if ((err as { status_code?: number })?.status_code !== 404) throw err;
      notFound = err;
    }
    await this.client.deleteObjects({ Bucket: this.bucket, Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }], Quiet: true } });
    // Neither a multipart upload nor an .info: the upload was never there (or went before).
    if (notFound) throw notFound;
  }
}

/** The store of unfinished uploads for the configured storage driver. */
export function createTusStore(opts: { filesDir: string; s3?: S3Settings; expiryMs: number }): DataStore {
  if (opts.s3) {
    const s3 = opts.s3;
    return new PortalS3Store({
      // S3's smallest part; the chunks a phone sends are gathered into it (incomplete parts wait in the bucket).
      partSize: 5 * 1024 * 1024,
      expirationPeriodInMilliseconds: opts.expiryMs,
      s3ClientConfig: {
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: s3.region ?? "us-east-1",
        forcePathStyle: s3.forcePathStyle ?? !!s3.endpoint,
        credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      },
    });
  }
  return new FileStore({ directory: path.join(opts.filesDir, "tus"), expirationPeriodInMilliseconds: opts.expiryMs });
}

/** A hook's refusal as tus-node-server sends it: the API's JSON error shape, in Indonesian. */
interface TusRefusal {
  status_code: number;
  body: string;
}

/** The portal's own refusals, told apart from tus-node-server's errors (a 503 of ours is no failure to log). */
const ours = new WeakSet<TusRefusal>();

function refusal(err: ApiError): TusRefusal {
  const answer = { status_code: err.status, body: JSON.stringify(errorBody(err.code, err.message, err.details, err.params)) };
  ours.add(answer);
  return answer;
}

/**
 * Headers a refusal carries (a 429's Retry-After), by request: tus-node-server writes a hook's refusal
 * with its status and body only, so handleAs puts them on the answer.
 */
const refusalHeaders = new WeakMap<Request, Record<string, string>>();

/** A hook's error as tus-node-server answers it: an ApiError becomes the API's JSON refusal (its headers kept for handleAs). */
function asRefusal(req: Request, err: unknown): unknown {
  if (!(err instanceof ApiError)) return err;
  if (Object.keys(err.headers).length > 0) refusalHeaders.set(req, err.headers);
  return refusal(err);
}

/** Who sent a request the tus server is handling: set by the route (after requireUser) before it hands the request over. */
const callers = new WeakMap<Request, UserRow>();

export async function handleAs(server: Server, request: Request, user: UserRow): Promise<Response> {
  callers.set(request, user);
  const response = await server.handleWeb(request);
  for (const [name, value] of Object.entries(refusalHeaders.get(request) ?? {})) response.headers.set(name, value);
  return response;
}

/**
 * A 429 UPLOADS_IN_FLIGHT clears when one of the account's unfinished uploads finishes or is cancelled,
 * at no moment the server knows: the client is told to try again after a minute (a few chunks' time).
 */
export const IN_FLIGHT_RETRY_AFTER_SEC = 60;
/** A 423 UPLOAD_BUSY: the upload's lock frees when the request holding it ends, seconds at most. */
export const BUSY_RETRY_AFTER_SEC = 5;

/** Errors of tus-node-server itself (ERRORS of @tus/utils) have a status and a short English body of their own. */
const isTusError = (err: unknown): err is TusRefusal =>
  typeof err === "object" && err !== null && typeof (err as TusRefusal).status_code === "number" && typeof (err as TusRefusal).body === "string";

function callerOf(req: Request): UserRow {
  const user = callers.get(req);
  if (!user) throw new ApiError(401, "INVALID_TOKEN");
  return user;
}

interface Target {
  application: Awaited<ReturnType<typeof ownedApplication>>;
  requirements: Awaited<ReturnType<typeof activeRequirements>>;
  draft: boolean;
}

/** The application and the documents it takes now, for `form`; refused as a multipart upload would be. */
async function targetOf(db: Database, user: UserRow, applicationId: string, form: DocumentForm): Promise<Target> {
  const application = await ownedApplication(db, user, applicationId);
  if (form === "reupload") {
    if (application.status !== "REUPLOAD") throw new ApiError(409, "NOT_REUPLOAD");
    return { application, requirements: await reuploadRequirements(db, application), draft: false };
  }
  if (application.isSubmitted) throw new ApiError(409, "APPLICATION_SUBMITTED");
  return { application, requirements: await activeRequirements(db, application.jalurId), draft: true };
}

const metadataInvalid = () => new ApiError(400, "UPLOAD_METADATA_INVALID");

/** A multipart body's content type as the portal's script announces it: its boundary, nothing else. */
const MULTIPART_TYPE = /^multipart\/form-data; boundary=[0-9A-Za-z'()+_,./:=?-]{1,70}$/;

/**
 * The upload's metadata as the portal's script sends it: application, requirement, form, filename, and for a
 * document's multipart body (a merged set) its content type (`multipart`).
 */
function readMetadata(upload: Upload): { applicationId: string; requirementId: number; form: DocumentForm; filename: string; multipart: string | null } {
  const m = upload.metadata ?? {};
  const requirementId = Number(m.requirement);
  const form = m.form === "reupload" ? "reupload" : m.form === "adaptation" || m.form === undefined || m.form === null ? "adaptation" : null;
  if (!m.application || !Number.isSafeInteger(requirementId) || requirementId <= 0 || !form) throw metadataInvalid();
  if (m.multipart && !MULTIPART_TYPE.test(m.multipart)) throw metadataInvalid();
  return { applicationId: m.application, requirementId, form, filename: displayName(m.filename ?? undefined), multipart: m.multipart || null };
}

/** The largest Upload-Length a document takes: its limit, and for a multipart body the form's overhead (as a post's). */
const largestFor = (requirement: { maxSize: number }, multipart: boolean) =>
  maxBytes({ max_size: requirement.maxSize }) + (multipart ? FORM_OVERHEAD_BYTES : 0);

/**
 * Records a new upload, refused past the account's bounds on unfinished uploads (count and announced bytes).
 * An unfinished upload of the same document by the same account is superseded (another file chosen for
 * it, or the same one after its address was lost): its row goes here; the ids answered are for the store.
 */
async function recordWithinBounds(db: Database, settings: ResumableSettings, row: typeof tusUploads.$inferInsert): Promise<string[]> {
  return db.transaction(async (tx) => {
    // One account's creations take turns here, so two at once cannot both slip under a bound.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tus-in-flight:${row.accountId}`}))`);
    const superseded = await tx
      .delete(tusUploads)
      .where(
        and(
          eq(tusUploads.accountId, row.accountId),
          eq(tusUploads.applicationId, row.applicationId),
          eq(tusUploads.requirementId, row.requirementId),
          eq(tusUploads.form, row.form),
        ),
      )
      .returning({ id: tusUploads.id });
    const [held] = await tx
      .select({ n: count(), bytes: sql<number>`coalesce(sum(${tusUploads.size}), 0)::bigint` })
      .from(tusUploads)
      .where(eq(tusUploads.accountId, row.accountId));
    if (held.n + 1 > settings.maxPerAccount || Number(held.bytes) + row.size > settings.maxMbPerAccount * MB) {
      throw new ApiError(429, "UPLOADS_IN_FLIGHT", MESSAGES.UPLOADS_IN_FLIGHT, { "Retry-After": String(IN_FLIGHT_RETRY_AFTER_SEC) }, undefined, {
        limit_count: settings.maxPerAccount,
        limit_mb: settings.maxMbPerAccount,
      });
    }
    await tx.insert(tusUploads).values(row);
    return superseded.map((r) => r.id);
  });
}

/** A parameter's value in RFC 8187's form: every byte but its attr-chars percent-encoded (encodeURIComponent leaves `!'()*`). */
const extendedValue = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A finished upload as the multipart body a post would carry, streamed from the tus store: a document's
 * multipart body as it was sent, a single file as a body of one part (field `doc_<id>`, its file name).
 * `failure` answers the store's own read error, if any: the intake would take it for a malformed body (400),
 * while it is a fault of ours (500).
 */
async function storedBody(
  store: DataStore,
  id: string,
  part: { multipart: string | null; field: string; filename: string },
): Promise<{ body: ReadableStream<Uint8Array>; contentType: string; failure: () => unknown }> {
  const source = (await (store as DataStore & { read(id: string): NodeJS.ReadableStream | Promise<NodeJS.ReadableStream> }).read(id)) as Readable;
  let failure: unknown = null;
  const boundary = `----adaptasi-${randomBytes(16).toString("hex")}`;
  const out = new PassThrough();
  source.on("error", (err) => {
    failure = err;
    out.destroy(err);
  });
  const contentType = part.multipart ?? `multipart/form-data; boundary=${boundary}`;
  if (part.multipart) source.pipe(out);
  else {
    out.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename*=UTF-8''${extendedValue(part.filename)}\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    source.on("end", () => out.end(`\r\n--${boundary}--\r\n`));
    source.pipe(out, { end: false });
  }
  return { body: Readable.toWeb(out) as ReadableStream<Uint8Array>, contentType, failure: () => failure };
}

/** Removes uploads' bytes from the tus store (their rows went already); one already gone is no error. */
export async function removeUnfinishedUploads(store: DataStore, ids: string[], logger: Logger): Promise<void> {
  for (const id of ids) {
    await store.remove(id).catch((err: { status_code?: number }) => {
      if (err?.status_code !== 404) logger.warn({ err, upload: id }, "an unfinished upload could not be removed from the tus store");
    });
  }
}

/** Removes an upload's bytes from the tus store and its row; an upload already gone is no error. */
async function forget(db: Database, store: DataStore, id: string, logger: Logger): Promise<void> {
  await removeUnfinishedUploads(store, [id], logger);
  await db.delete(tusUploads).where(eq(tusUploads.id, id));
}

/** The tus server of the API, at `path` (/api/v1/uploads). Requests reach it through handleAs, with their caller. */
export function createTusServer(deps: ApiDeps, routePath: string): Server {
  const { db, config } = deps;
  const store = deps.tusStore;
  const settings = config.resumableUploads;
  const logger = componentLogger(config.logger, "tus");
  // Uploads whose last byte arrived and which are being checked and attached, with their account: their
  // row is claimed (gone), so a DELETE learns here that it comes too late (409, not 404).
  const finishing = new Map<string, string>();

  const server = new Server({
    path: routePath,
    datastore: store,
    // The portal rewrites the API's Location to its own address; a relative one needs no host.
    relativeLocation: true,
    maxSize: LARGEST_UPLOAD,
    // A DELETE that takes the upload's lock after its last byte was written answers 409 instead of
    // removing bytes the check is reading (onResponseError words it); before that byte, it removes the
    // upload under the lock, and the PATCH that follows finds nothing to write to (404).
    disableTerminationForFinishedUploads: true,
    // Only the account that began an upload may continue, read or cancel it.
    async onIncomingRequest(req, id) {
      // A copy of the database on the live service's storage writes nothing there (api/services/storage/owner.ts).
      if (req.method === "POST") {
        if (!(await storageWritable(deps.storage))) throw refusal(new ApiError(503, "STORAGE_READ_ONLY"));
        return;
      }
      const user = callerOf(req);
      if (req.method === "DELETE" && finishing.get(id) === user.id) throw refusal(new ApiError(409, "UPLOAD_FINISHED"));
      const [row] = await db.select({ accountId: tusUploads.accountId }).from(tusUploads).where(eq(tusUploads.id, id));
      if (!row || row.accountId !== user.id) throw refusal(new ApiError(404, "NOT_FOUND"));
    },
    // Refusals (ours, and tus-node-server's own 4xx) are answered as they are, a DELETE come too late as 409;
    // any other error — the store's (a disk or a bucket refusing a write: tus-node-server's own 500s such as
    // FILE_WRITE_ERROR), the database's — is logged, reported (Sentry) and answered 500 without its message,
    // which tus-node-server would put in the body and which may hold a server path.
    // A request that waited too long for the upload's lock (another request of the same upload holds it,
    // e.g. one whose last byte is being checked) is answered 423 with Retry-After: the resumable client
    // tries again (tus-js-client retries a 423), and nothing of ours failed.
    async onResponseError(req, err) {
      if (err === ERRORS.ERR_LOCK_TIMEOUT || (isTusError(err) && !ours.has(err) && err.body === ERRORS.ERR_LOCK_TIMEOUT.body))
        return asRefusal(req, new ApiError(423, "UPLOAD_BUSY", undefined, { "Retry-After": String(BUSY_RETRY_AFTER_SEC) })) as TusRefusal;
      if (isTusError(err) && (ours.has(err) || err.status_code < 500))
        return err.body === ERRORS.INVALID_TERMINATION.body ? refusal(new ApiError(409, "UPLOAD_FINISHED")) : undefined;
      const error =
        err instanceof Error ? err : Object.assign(new Error(`resumable upload: ${isTusError(err) ? err.body.trim() : String(err)}`), { cause: err });
      logger.error({ err: error }, "a resumable upload's request failed");
      config.reportError?.(error);
      return refusal(new ApiError(500, "INTERNAL_ERROR"));
    },
    async onUploadCreate(req, upload) {
      try {
        const user = callerOf(req);
        if (upload.size === undefined) throw new ApiError(400, "UPLOAD_LENGTH_REQUIRED");
        const meta = readMetadata(upload);
        const target = await targetOf(db, user, meta.applicationId, meta.form);
        const requirement = target.requirements.find((r) => r.id === meta.requirementId);
        if (!requirement) throw metadataInvalid();
        const details = (refusal: Refusal) => [refusalDetail(`doc_${requirement.id}`, refusal)];
        if (upload.size === 0) throw new ApiError(400, "VALIDATION_ERROR", MESSAGES.VALIDATION_ERROR, {}, details(uploadRefusals.empty));
        if (upload.size > largestFor(requirement, meta.multipart !== null))
          throw new ApiError(413, "FILE_TOO_LARGE", MESSAGES.FILE_TOO_LARGE, {}, details(uploadRefusals.tooLarge(requirement)));
        await countUpload(deps, user.id);
        const superseded = await recordWithinBounds(db, settings, {
          id: upload.id,
          accountId: user.id,
          applicationId: target.application.id,
          requirementId: requirement.id,
          form: meta.form,
          size: upload.size,
        });
        for (const id of superseded) await forget(db, store, id, logger);
        return { metadata: { ...upload.metadata, filename: meta.filename } };
      } catch (err) {
        throw asRefusal(req, err);
      }
    },
    async onUploadFinish(req, upload) {
      const user = callerOf(req);
      finishing.set(upload.id, user.id);
      try {
        // The claim: taking the row decides, across instances too, that this upload is attached or refused
        // here, not superseded by a new upload of the document or swept meanwhile.
        const [row] = await db.delete(tusUploads).where(eq(tusUploads.id, upload.id)).returning();
        if (!row) throw new ApiError(404, "NOT_FOUND");
        const target = await targetOf(db, user, row.applicationId, row.form as DocumentForm);
        const meta = readMetadata(upload);
        const field = `doc_${row.requirementId}`;
        const stored = await storedBody(store, upload.id, { multipart: meta.multipart, field, filename: meta.filename });
        // The intake of a post, for this one document (any other field is refused); counted when the upload was created.
        const result: UploadResult = await receiveDocumentBody(
          deps,
          stored.body,
          stored.contentType,
          {
            application: target.application,
            ownerUserId: user.id,
            requirements: target.requirements.filter((r) => r.id === row.requirementId),
            draft: target.draft,
          },
          injectedFault(req.headers),
        ).catch((err: unknown) => {
          throw stored.failure() ?? err;
        });
        if (result.saved.length === 0 && result.errors.length === 0)
          throw new ApiError(400, "VALIDATION_ERROR", MESSAGES.VALIDATION_ERROR, {}, [refusalDetail(field, uploadRefusals.empty)]);
        if (result.errors.length > 0) {
          throw new ApiError(
            400,
            "DOCUMENT_REFUSED",
            undefined,
            {},
            result.errors.map(({ requirement_id, ...refused }) => ({ path: `doc_${requirement_id}`, ...refused })),
          );
        }
        return { status_code: 200, headers: { "Content-Type": "application/json" }, body: JSON.stringify({ data: result }) };
      } catch (err) {
        throw asRefusal(req, err);
      } finally {
        // Attached or refused, the upload is done: its bytes and its row go (a refused file keeps nothing).
        await forget(db, store, upload.id, logger);
        finishing.delete(upload.id);
      }
    },
  });
  // Cancelled by its sender (DELETE): the store removed the bytes; the row goes too.
  server.on(EVENTS.POST_TERMINATE, (_req, _res, id) => {
    void db
      .delete(tusUploads)
      .where(eq(tusUploads.id, id))
      .catch((err: unknown) => logger.warn({ err, upload: id }, "a cancelled upload's row could not be removed"));
  });
  return server;
}

/**
 * The scheduled sweep: every upload begun longer than the expiry ago and never finished goes — its bytes
 * in the tus store and its row — then whatever the store itself knows to be expired (an upload whose row
 * went with its application or account). Returns the uploads removed.
 */
export async function sweepAbandonedUploads(
  opts: { db: Database; store: DataStore; logger: Logger; settings: Pick<ResumableSettings, "expiryHours"> },
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - opts.settings.expiryHours * 3_600_000);
  const old = await opts.db.select({ id: tusUploads.id }).from(tusUploads).where(lt(tusUploads.createdAt, before));
  for (const { id } of old) await forget(opts.db, opts.store, id, opts.logger);
  let orphans = 0;
  if (opts.store.hasExtension("expiration")) {
    orphans = await opts.store.deleteExpired().catch((err: unknown) => {
      opts.logger.warn({ err }, "expired uploads could not be swept from the tus store");
      return 0;
    });
  }
  return old.length + orphans;
}

/** The resolved settings of resumable uploads. */
/** Rows of unfinished uploads of an account (tests, the operator). */
export async function uploadsInFlight(db: Database, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tusUploads)
    .where(and(eq(tusUploads.accountId, accountId)));
  return row.n;
}
