import { eq } from "drizzle-orm";
import { STAFF_ROLES } from "../../../domain/roles";
import { staffMaySee } from "../../../domain/workflow";
import type { Database } from "../../db/client";
import { applications, files, type ApplicationRow, type UserRow } from "../../db/schema";
import { ApiError, MESSAGES } from "../../lib/errors";
import type { AppRouteHandler } from "../../lib/types";
import {
  ADDITIONAL_MAX_BYTES,
  answerAdditional,
  listAdditional,
  mayAnswerAdditional,
  mayRequestAdditional,
  requestAdditional,
} from "../../services/additional";
import { isUuid, ownedApplication } from "../../services/applications";
import { uploadMessages } from "../../services/documents";
import { detectFileType, MIME_OF } from "../../services/uploads/file-type";
import { MultipartError, receiveMultipart } from "../../services/uploads/receive";
import type * as routes from "./additional.routes";

/** The applicant (or facility) who owns it, or a reviewer who may see it; anyone else gets 404. */
async function visibleApplication(db: Database, user: UserRow, id: string): Promise<ApplicationRow> {
  if (!STAFF_ROLES.includes(user.roleId)) return ownedApplication(db, user, id);
  if (!isUuid(id)) throw new ApiError(404, "NOT_FOUND");
  const [app] = await db.select().from(applications).where(eq(applications.id, id));
  if (!app || !staffMaySee(user.roleId, { is_submitted: app.isSubmitted, reached_stages: app.reachedStages })) {
    throw new ApiError(404, "NOT_FOUND");
  }
  return app;
}

async function body(db: Database, app: ApplicationRow, user: UserRow) {
  const owner = app.applicantUserId === user.id || app.submittedByUserId === user.id;
  return {
    items: await listAdditional(db, app.id),
    may_answer: owner && mayAnswerAdditional(app),
    may_request: STAFF_ROLES.includes(user.roleId) && mayRequestAdditional(app, user.roleId),
  };
}

export const list: AppRouteHandler<typeof routes.list> = async (c) => {
  const { db } = c.var.deps;
  const app = await visibleApplication(db, c.var.user, c.req.valid("param").id);
  return c.json({ data: await body(db, app, c.var.user) }, 200);
};

export const request: AppRouteHandler<typeof routes.request> = async (c) => {
  const { db } = c.var.deps;
  const user = c.var.user;
  if (!STAFF_ROLES.includes(user.roleId)) throw new ApiError(404, "NOT_FOUND");
  const app = await visibleApplication(db, user, c.req.valid("param").id);
  await requestAdditional(db, app, user, c.req.valid("json"));
  return c.json({ data: await body(db, app, user) }, 201);
};

const invalid = (message: string) => new ApiError(400, "VALIDATION_ERROR", MESSAGES.VALIDATION_ERROR, {}, [{ path: "file", message }]);

export const upload: AppRouteHandler<typeof routes.upload> = async (c) => {
  const { db, storage, uploadTmpDir } = c.var.deps;
  const user = c.var.user;
  const { id, requestId } = c.req.valid("param");
  const app = await ownedApplication(db, user, id);
  const requestNumber = Number(requestId);
  const items = await listAdditional(db, app.id);
  if (!Number.isSafeInteger(requestNumber) || !items.some((i) => i.id === requestNumber)) throw new ApiError(404, "NOT_FOUND");
  if (!mayAnswerAdditional(app)) throw new ApiError(409, "ADDITIONAL_CLOSED");

  let received;
  try {
    received = await receiveMultipart(c.req.raw.body, c.req.header("content-type") ?? "", {
      tmpDir: uploadTmpDir,
      limitFor: (field) => (field === "file" ? ADDITIONAL_MAX_BYTES : null),
      maxFiles: 1,
    });
  } catch (err) {
    if (err instanceof MultipartError) throw new ApiError(400, err.code, err.message);
    throw err;
  }
  try {
    const [file] = received.files;
    if (!file) throw invalid("Berkas harus diisi");
    if (file.tooLarge) throw invalid(uploadMessages.tooLarge({ maxSize: 5 }));
    if (file.size === 0) throw invalid(uploadMessages.empty);
    const type = await detectFileType(file.path, file.size);
    if (type !== "jpg" && type !== "png" && type !== "pdf") throw invalid(uploadMessages.wrongType({ allowedExtnames: "jpg,jpeg,png,pdf" }));
    const key = await storage.put(file.path);
    const [row] = await db
      .insert(files)
      .values({
        storageKey: key,
        size: file.size,
        sha256: file.sha256,
        detectedType: type,
        mime: MIME_OF[type],
        originalName: file.originalName,
        ownerUserId: user.id,
      })
      .returning({ id: files.id });
    const current = await answerAdditional(db, app, user, requestNumber, row.id);
    return c.json({ data: await body(db, current, user) }, 200);
  } finally {
    await received.cleanup();
  }
};
