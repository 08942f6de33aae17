import { ApiError, MESSAGES } from "../../lib/errors";
import type { ApiDeps } from "../deps";
import type { files } from "../../db/schema";
import { refusalDetail, typeRefusal, uploadRefusals, type Refusal } from "./refusals";
import { detectFileType, MIME_OF, type DetectedType } from "./file-type";
import { FORM_OVERHEAD_BYTES, MB, MultipartError, receiveMultipart } from "./receive";

// One file in one multipart field (the profile photo, an additional document): streamed with its byte
// limit, checked by content, moved into the storage. Every refusal is a 400 naming the field.

export interface SingleFileRule {
  field: string;
  maxMb: number;
  /** as the requirements spell them: "jpg,jpeg,png" */
  allowedExtnames: string;
  /** the field's label, for the `required` refusal when it holds no file */
  label: string;
}

/** The stored file's `files` row, less its owner. */
export type StoredSingleFile = Omit<typeof files.$inferInsert, "ownerUserId">;

export async function receiveSingleFile(deps: Pick<ApiDeps, "storage" | "uploadTmpDir">, request: Request, rule: SingleFileRule): Promise<StoredSingleFile> {
  const invalid = (refusal: Refusal) => new ApiError(400, "VALIDATION_ERROR", MESSAGES.VALIDATION_ERROR, {}, [refusalDetail(rule.field, refusal)]);
  let received;
  try {
    received = await receiveMultipart(request.body, request.headers.get("content-type") ?? "", {
      tmpDir: deps.uploadTmpDir,
      limitFor: (field) => (field === rule.field ? rule.maxMb * MB : null),
      maxTotalBytes: rule.maxMb * MB + FORM_OVERHEAD_BYTES,
      maxFiles: 1,
    });
  } catch (err) {
    if (!(err instanceof MultipartError)) throw err;
    if (err.code === "FILE_TOO_LARGE")
      throw new ApiError(413, err.code, err.message, {}, [refusalDetail(rule.field, uploadRefusals.tooLarge({ maxSize: rule.maxMb }))]);
    throw new ApiError(err.status, err.code, err.message);
  }
  try {
    const [file] = received.files;
    if (!file) throw invalid({ code: "required", params: { field: rule.label } });
    if (file.size === 0) throw invalid(uploadRefusals.empty);
    const type = await detectFileType(file.path, file.size);
    const refusal = typeRefusal(type, rule.allowedExtnames);
    if (refusal) throw invalid(refusal);
    const detected = type as DetectedType;
    const storageKey = await deps.storage.put(file.path);
    return { storageKey, size: file.size, sha256: file.sha256, detectedType: detected, mime: MIME_OF[detected], originalName: file.originalName };
  } finally {
    await received.cleanup();
  }
}
