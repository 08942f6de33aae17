import { Readable } from "node:stream";
import { and, eq, or } from "drizzle-orm";
import { STAFF_ROLES } from "../../../domain/roles";
import { applicationDocuments, applications, files } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import type { AppRouteHandler } from "../../lib/types";
import { isUuid } from "../../services/applications";
import type * as routes from "./files.routes";

/** RFC 6266 / 5987: the display name, UTF-8 and percent-encoded, with a plain ASCII fallback. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export const getFile: AppRouteHandler<typeof routes.getFile> = async (c) => {
  const { db, storage } = c.var.deps;
  const user = c.var.user;
  const { id } = c.req.valid("param");
  if (!isUuid(id)) throw new ApiError(404, "NOT_FOUND");
  const [file] = await db.select().from(files).where(eq(files.id, id));
  if (!file) throw new ApiError(404, "NOT_FOUND");

  let allowed = file.ownerUserId === user.id;
  if (!allowed) {
    // Reviewers (issue 5 narrows this to their stages) read any submitted application's documents;
    // the applicant and the facility that registered them read their application's.
    const staff = STAFF_ROLES.includes(user.roleId);
    const [link] = await db
      .select({ id: applications.id })
      .from(applicationDocuments)
      .innerJoin(applications, eq(applications.id, applicationDocuments.applicationId))
      .where(
        and(
          eq(applicationDocuments.fileId, file.id),
          staff
            ? eq(applications.isSubmitted, true)
            : or(eq(applications.applicantUserId, user.id), eq(applications.submittedByUserId, user.id)),
        ),
      )
      .limit(1);
    allowed = !!link;
  }
  if (!allowed) throw new ApiError(404, "NOT_FOUND");

  const { stream, size } = await storage.read(file.storageKey);
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    status: 200,
    headers: {
      "Content-Type": file.mime,
      "Content-Length": String(size),
      "Content-Disposition": contentDisposition(file.originalName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  }) as never;
};
