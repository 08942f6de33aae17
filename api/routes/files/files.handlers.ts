import { Readable } from "node:stream";
import { and, eq, or, sql, type SQL } from "drizzle-orm";
import { viewerKind } from "#domain/file-view";
import { ROLE, STAFF_ROLES } from "#domain/roles";
import type { Database } from "../../db/client";
import { additionalRequirements, applicantProfiles, applicationDocuments, applications, files } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import type { AppRouteHandler } from "../../http/env";
import { fileTarget, recordAccess } from "../../services/access-log";
import { isUuid } from "../../services/applications";
import { visibleTo } from "../../services/review/review";
import type * as routes from "./files.routes";

/** RFC 6266 / 5987: the display name, UTF-8 and percent-encoded, with a plain ASCII fallback. */
function contentDisposition(name: string, type: "inline" | "attachment" = "attachment"): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The applicant and the facility that registered them: the documents of their applications. */
async function ownerMayRead(db: Database, userId: string, fileId: string): Promise<boolean> {
  const [link] = await db
    .select({ id: applications.id })
    .from(applicationDocuments)
    .innerJoin(applications, eq(applications.id, applicationDocuments.applicationId))
    .where(and(eq(applicationDocuments.fileId, fileId), or(eq(applications.applicantUserId, userId), eq(applications.submittedByUserId, userId))))
    .limit(1);
  return !!link;
}

/**
 * Staff: a document (any version) or an additional document of an application the role may see
 * (docs/decisions/018-review-api-rules.md "Visibility"), or the photo of that application's applicant.
 */
async function staffMayRead(db: Database, role: number, fileId: string): Promise<boolean> {
  const visible = visibleTo(role);
  const linked = (link: SQL) => db.select({ id: applications.id }).from(applications).where(and(link, visible)).limit(1);
  const [byDocument, byAdditional, byPhoto] = await Promise.all([
    linked(
      sql`exists (select 1 from ${applicationDocuments} where ${applicationDocuments.applicationId} = ${applications.id} and ${applicationDocuments.fileId} = ${fileId})`,
    ),
    linked(
      sql`exists (select 1 from ${additionalRequirements} where ${additionalRequirements.applicationId} = ${applications.id} and ${additionalRequirements.fileId} = ${fileId})`,
    ),
    linked(
      sql`exists (select 1 from ${applicantProfiles} where ${applicantProfiles.userId} = ${applications.applicantUserId} and ${applicantProfiles.photoFileId} = ${fileId})`,
    ),
  ]);
  return byDocument.length + byAdditional.length + byPhoto.length > 0;
}

/**
 * The policy of a file shown inline (docs/decisions/022-document-viewer.md): still a sandbox (an opaque
 * origin: no scripts, forms, cookies or storage of ours), nothing loaded but the file itself, inline styles
 * for the browser's own image page, and framed only by the portal's viewer. Chromium's PDF viewer renders
 * under it; `allow-scripts`/`allow-same-origin` are never granted to uploaded content.
 */
export const INLINE_POLICY = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";
/** A download is never framed and never runs anything. */
export const ATTACHMENT_POLICY = "sandbox; default-src 'none'; frame-ancestors 'none'";

export const getFile: AppRouteHandler<typeof routes.getFile> = async (c) => {
  const { db, storage } = c.var.deps;
  const user = c.var.user;
  const { id } = c.req.valid("param");
  const inline = c.req.valid("query").inline === "1";
  if (!isUuid(id)) throw new ApiError(404, "NOT_FOUND");
  const [file] = await db.select().from(files).where(eq(files.id, id));
  if (!file) throw new ApiError(404, "NOT_FOUND");

  const allowed =
    file.ownerUserId === user.id ||
    (STAFF_ROLES.includes(user.roleId) ? await staffMayRead(db, user.roleId, file.id) : await ownerMayRead(db, user.id, file.id));
  if (!allowed) throw new ApiError(404, "NOT_FOUND");
  // Someone other than the applicant reading a file's document is recorded (docs/decisions/026-access-log.md).
  if (file.ownerUserId !== user.id || user.roleId !== ROLE.APPLICANT) {
    const target = await fileTarget(db, file.id);
    if (target && target.applicantUserId !== user.id)
      await recordAccess(db, user, "DOCUMENT", { ...target, details: { ...target.details, mode: inline ? "view" : "download" } });
  }

  // Only types the browser shows safely (PDF in its viewer, PNG/JPEG) may open inline; DOC/DOCX always download.
  const shown = inline && viewerKind(file.detectedType) !== null;
  const { stream, size } = await storage.read(file.storageKey);
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    status: 200,
    headers: {
      "Content-Type": file.mime,
      "Content-Length": String(size),
      "Content-Disposition": contentDisposition(file.originalName, shown ? "inline" : "attachment"),
      "X-Content-Type-Options": "nosniff",
      // Opened in a tab or the viewer's frame, an uploaded file is a unique opaque origin: no scripts, no forms, no cookies of ours.
      "Content-Security-Policy": shown ? INLINE_POLICY : ATTACHMENT_POLICY,
      "X-Frame-Options": shown ? "SAMEORIGIN" : "DENY",
      "Cache-Control": "private, no-store",
    },
  }) as never;
};
