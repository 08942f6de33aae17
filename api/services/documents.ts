import { createHash } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { maxBytes } from "#domain/documents";
import type { ValidationDetail } from "#domain/validation-details";
import type { Database } from "../db/client";
import {
  additionalRequirements,
  applicantProfiles,
  applicationDocuments,
  applications,
  documentRequirements,
  files,
  reuploadRequests,
  type ApplicationRow,
} from "../db/schema";
import { ApiError } from "../lib/errors";
import type { ApiDeps } from "./deps";
import type { FileStorage } from "./storage/storage";
import { deferDeletion } from "./storage/file-deletions";
import { detectFileType, MIME_OF, type DetectedType } from "./uploads/file-type";
import { MergeError, mergeToPdf } from "./uploads/merge";
import { assertWithinQuota, countUpload } from "./uploads/quota";
import { FORM_OVERHEAD_BYTES, MultipartError, receiveMultipart, type ReceivedFile } from "./uploads/receive";
import { refusalDetail, typeRefusal, uploadRefusals, type Refusal } from "./uploads/refusals";
import { remembered } from "../lib/remembered";

// Documents of an application arrive as multipart fields `doc_<requirement id>`: each is checked by
// size (while streaming) and by content, merged when the requirement says so, then stored as a new
// version. What passes is saved even when another field fails.
//
// Only the versions a reviewer has seen are history: in a draft, a document saved again replaces its
// earlier draft version — row, file row and stored bytes — once the new one is safely stored and
// written. Versions saved while the file was under review (a reupload) are all kept.

type Requirement = typeof documentRequirements.$inferSelect;

/** A requirement's files refused: the refusal's code and parameters, and its Indonesian words. */
export type DocumentError = { requirement_id: number } & Omit<ValidationDetail, "path">;

export interface StoredFile {
  fileId: string;
  key: string;
}

const FIELD = /^doc_(\d+)$/;

export async function activeRequirements(db: Database, jalurId: string): Promise<Requirement[]> {
  return db
    .select()
    .from(documentRequirements)
    .where(and(eq(documentRequirements.jalurId, jalurId as Requirement["jalurId"]), eq(documentRequirements.isActive, true)))
    .orderBy(documentRequirements.orderNum, documentRequirements.id);
}

/**
 * A pathway's active requirements for the pages that show them (an application, a review detail),
 * remembered a few seconds (api/lib/remembered.ts: forgotten after any write this process answers). An
 * upload checks its files against activeRequirements, read fresh.
 */
const requirementsRead = remembered<Requirement[]>({ ttlMs: 5_000, maxKeys: 10 });
export function rememberedRequirements(db: Database, jalurId: string): Promise<Requirement[]> {
  return requirementsRead.get(db, jalurId, () => activeRequirements(db, jalurId));
}

/** The requirements a reviewer flagged in the open "Perbaikan Berkas" request of `app`: the documents a reupload takes. */
export async function reuploadRequirements(db: Database, app: Pick<ApplicationRow, "id" | "jalurId">) {
  const open = await db
    .select({ requirementId: reuploadRequests.requirementId })
    .from(reuploadRequests)
    .where(and(eq(reuploadRequests.applicationId, app.id), isNull(reuploadRequests.resolvedAt)));
  const flagged = new Set(open.map((r) => r.requirementId));
  return (await activeRequirements(db, app.jalurId)).filter((r) => flagged.has(r.id));
}

/** Checks the files of one field; the detected types, or why they are refused. */
async function checkFiles(r: Requirement, parts: ReceivedFile[]): Promise<DetectedType[] | Refusal> {
  if (!r.merged && parts.length > 1) return uploadRefusals.oneFile;
  const types: DetectedType[] = [];
  for (const f of parts) {
    if (f.size === 0) return uploadRefusals.empty;
    const t = await detectFileType(f.path, f.size);
    const refusal = typeRefusal(t, r.allowedExtnames);
    if (refusal) return refusal;
    const detected = t as DetectedType;
    if (r.merged && detected !== "pdf" && detected !== "png" && detected !== "jpg") return uploadRefusals.wrongType(r);
    types.push(detected);
  }
  return types;
}

const withPdfExtension = (name: string) => `${name.replace(/\.[^.]*$/, "") || "dokumen"}.pdf`;

interface Stored {
  requirementId: number;
  key: string;
  size: number;
  sha256: string;
  type: DetectedType;
  originalName: string;
  originalNames: string[];
}

async function storeField(storage: FileStorage, r: Requirement, parts: ReceivedFile[], types: DetectedType[]): Promise<Stored | Refusal> {
  const originalNames = parts.map((p) => p.originalName);
  // A merged requirement always ends as one PDF; a single PDF already is one.
  if (r.merged && !(parts.length === 1 && types[0] === "pdf")) {
    let bytes: Uint8Array;
    try {
      bytes = await mergeToPdf(parts.map((p, i) => ({ path: p.path, type: types[i] })));
    } catch (err) {
      if (err instanceof MergeError) return { code: err.code };
      throw err;
    }
    if (bytes.length > maxBytes({ max_size: r.maxSize })) return uploadRefusals.mergedTooLarge(r);
    return {
      requirementId: r.id,
      key: await storage.putBytes(bytes),
      size: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      type: "pdf",
      originalName: withPdfExtension(originalNames[0]),
      originalNames,
    };
  }
  const [file] = parts;
  return {
    requirementId: r.id,
    key: await storage.put(file.path),
    size: file.size,
    sha256: file.sha256,
    type: types[0],
    originalName: file.originalName,
    originalNames,
  };
}

export interface UploadResult {
  saved: number[];
  errors: DocumentError[];
}

export interface DocumentUpload {
  application: { id: string; jalurId: string };
  /** the account uploading: the applicant, or the facility admin who registered them */
  ownerUserId: string;
  requirements: Requirement[];
  /** a draft's save: each document replaces its earlier draft version; else (a reupload) every version stays */
  draft: boolean;
}

/**
 * Receives `doc_<id>` fields for the given requirements (any other file field is a 400) and saves
 * each one that passes as the new current version of that document. Counted against the account's
 * uploads per minute (429) and, with what it adds, against the storage quotas (413, nothing saved).
 */
export async function receiveDocuments(deps: ApiDeps, request: Request, opts: DocumentUpload): Promise<UploadResult> {
  await countUpload(deps, opts.ownerUserId);
  return receiveDocumentBody(deps, request.body, request.headers.get("content-type") ?? "", opts);
}

/**
 * The one intake of documents, however the multipart body arrives: a post (receiveDocuments, counted there),
 * or a resumable upload finished (api/services/resumable/tus.ts, counted when it was created). Each file
 * streamed to a temporary file within its field's limit, then checked, merged and saved (attachFiles).
 */
export async function receiveDocumentBody(
  deps: ApiDeps,
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  opts: DocumentUpload,
  fault?: string,
): Promise<UploadResult> {
  const byId = new Map(opts.requirements.map((r) => [r.id, r]));
  const requirementOf = (field: string) => {
    const m = FIELD.exec(field);
    return m ? byId.get(Number(m[1])) : undefined;
  };
  let received;
  try {
    received = await receiveMultipart(body, contentType, {
      tmpDir: deps.uploadTmpDir,
      limitFor: (field) => {
        const r = requirementOf(field);
        return r ? maxBytes({ max_size: r.maxSize }) : null;
      },
      // Every document at its limit, and the form's own fields.
      maxTotalBytes: opts.requirements.reduce((sum, r) => sum + maxBytes({ max_size: r.maxSize }), FORM_OVERHEAD_BYTES),
      fault,
    });
  } catch (err) {
    if (!(err instanceof MultipartError)) throw err;
    const r = err.field ? requirementOf(err.field) : undefined;
    const details = r ? [refusalDetail(err.field!, uploadRefusals.tooLarge(r))] : undefined;
    throw new ApiError(err.status, err.code, err.message, {}, details);
  }

  try {
    return await attachFiles(
      deps,
      opts,
      received.files.map((f) => ({ ...f, requirementId: requirementOf(f.field)!.id })),
    );
  } finally {
    await received.cleanup();
  }
}

/** A received file (its bytes in a temporary file) and the requirement it is for. */
export type FileForRequirement = ReceivedFile & { requirementId: number };

/**
 * The checks and the saving every upload goes through, however its bytes arrived (a multipart post, or a
 * resumable upload finished, both through receiveDocumentBody): each requirement's files checked by content
 * (type, PDF and DOCX inspection), merged when the requirement says so, stored, and written as the new
 * current version within the quotas. What passes is saved even when another requirement's files fail.
 * The caller removes the temporary files afterwards.
 */
async function attachFiles(deps: ApiDeps, opts: DocumentUpload, received: FileForRequirement[]): Promise<UploadResult> {
  const byId = new Map(opts.requirements.map((r) => [r.id, r]));
  const stored: Stored[] = [];
  const errors: DocumentError[] = [];
  try {
    const groups = new Map<number, ReceivedFile[]>();
    for (const f of received) groups.set(f.requirementId, [...(groups.get(f.requirementId) ?? []), f]);
    for (const [requirementId, parts] of groups) {
      const r = byId.get(requirementId);
      if (!r) throw new ApiError(400, "UNEXPECTED_FILE");
      const types = await checkFiles(r, parts);
      const result = !Array.isArray(types) ? types : await storeField(deps.storage, r, parts, types);
      if ("code" in result) {
        const { path: _path, ...refused } = refusalDetail(`doc_${requirementId}`, result);
        errors.push({ requirement_id: requirementId, ...refused });
      } else stored.push(result);
    }
    if (stored.length > 0) await saveVersions(deps, opts, stored);
  } catch (err) {
    // Nothing half-saved: bytes stored for rows that never got written go again.
    await Promise.allSettled(stored.map((s) => deps.storage.remove(s.key)));
    throw err;
  }
  return { saved: stored.map((s) => s.requirementId), errors };
}

/**
 * Deletes a draft's unseen versions of one document — rows, then their file rows — and answers the
 * storage keys, their bytes' deletion recorded (api/services/storage/file-deletions.ts).
 */
export async function dropDraftVersions(tx: Database, applicationId: string, requirementId: number): Promise<string[]> {
  const dropped = await tx
    .delete(applicationDocuments)
    .where(
      and(
        eq(applicationDocuments.applicationId, applicationId),
        eq(applicationDocuments.requirementId, requirementId),
        eq(applicationDocuments.replaceable, true),
      ),
    )
    .returning({ fileId: applicationDocuments.fileId });
  if (dropped.length === 0) return [];
  const gone = await tx
    .delete(files)
    .where(
      inArray(
        files.id,
        dropped.map((d) => d.fileId),
      ),
    )
    .returning({ key: files.storageKey });
  const keys = gone.map((g) => g.key);
  await deferDeletion(tx, keys);
  return keys;
}

/**
 * Deletes the file row a newer upload replaced where only one file is kept (a profile photo, the answer
 * to an additional-document request) once nothing refers to it, so no page serves it any more; answers
 * its storage key, its bytes' deletion recorded (api/services/storage/file-deletions.ts).
 */
export async function dropReplacedFile(tx: Database, fileId: string | null | undefined): Promise<string[]> {
  if (!fileId) return [];
  const gone = await tx
    .delete(files)
    .where(
      and(
        eq(files.id, fileId),
        sql`not exists (select 1 from ${applicationDocuments} where ${applicationDocuments.fileId} = ${fileId})`,
        sql`not exists (select 1 from ${additionalRequirements} where ${additionalRequirements.fileId} = ${fileId})`,
        sql`not exists (select 1 from ${applicantProfiles} where ${applicantProfiles.photoFileId} = ${fileId})`,
      ),
    )
    .returning({ key: files.storageKey });
  const keys = gone.map((g) => g.key);
  await deferDeletion(tx, keys);
  return keys;
}

/** Writes the new versions; answers the storage keys of the draft versions they replaced. */
async function saveVersions(deps: ApiDeps, opts: DocumentUpload, stored: Stored[]): Promise<string[]> {
  const applicationId = opts.application.id;
  return deps.db.transaction(async (tx) => {
    // Uploads to one application take turns, so versions are numbered without gaps or clashes.
    const [app] = await tx.select({ isSubmitted: applications.isSubmitted }).from(applications).where(eq(applications.id, applicationId)).for("update");
    // Submitted while this draft's files were arriving: they are not added behind the reviewers' backs.
    if (opts.draft && app.isSubmitted) throw new ApiError(409, "APPLICATION_SUBMITTED");
    const replaced: string[] = [];
    for (const s of stored) {
      const [file] = await tx
        .insert(files)
        .values({
          storageKey: s.key,
          size: s.size,
          sha256: s.sha256,
          detectedType: s.type,
          mime: MIME_OF[s.type],
          originalName: s.originalName,
          ownerUserId: opts.ownerUserId,
        })
        .returning({ id: files.id });
      if (opts.draft) replaced.push(...(await dropDraftVersions(tx, applicationId, s.requirementId)));
      const where = and(eq(applicationDocuments.applicationId, applicationId), eq(applicationDocuments.requirementId, s.requirementId));
      await tx
        .update(applicationDocuments)
        .set({ isCurrent: false })
        .where(and(where, eq(applicationDocuments.isCurrent, true)));
      await tx.insert(applicationDocuments).values({
        applicationId,
        requirementId: s.requirementId,
        fileId: file.id,
        version: sql`(select coalesce(max(${applicationDocuments.version}), 0) + 1 from ${applicationDocuments} where ${where})`,
        originalNames: s.originalNames,
        replaceable: opts.draft,
      });
    }
    await assertWithinQuota(tx, deps.config, { applicationId, jalurId: opts.application.jalurId, accountId: opts.ownerUserId, draft: opts.draft });
    return replaced;
  });
}
