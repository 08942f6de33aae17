import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { wibDate } from "#domain/time-zone";
import { applications } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import type { AppEnv, AppRouteHandler } from "../../lib/types";
import { recordAccess } from "../../services/access-log";
import { isUuid } from "../../services/applications";
import { collectDataExport, dataExportZip } from "../../services/data-export";
import type { Context } from "hono";
import type { SQL } from "drizzle-orm";
import type * as routes from "./data-export.routes";
import { componentLogger } from "../../lib/log";

/** 429 with Retry-After once an account has downloaded its allowance of the hour; params: retry_after_sec. */
export function dataExportRateLimited(retryAfterSec: number): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfterSec / 60));
  return new ApiError(429, "RATE_LIMITED", undefined, { "Retry-After": String(retryAfterSec) }, undefined, {
    kind: "data_export",
    retry_after_sec: retryAfterSec,
    minutes,
  });
}

/** Counts the download, reads what the ZIP holds, records the read, then streams the ZIP. */
async function serve(c: Context<AppEnv>, subjectUserId: string, applicationsWhere: SQL | undefined, fileName: string) {
  const { db, storage, config, dataExportRateLimiter } = c.var.deps;
  const user = c.var.user;
  const hit = await dataExportRateLimiter.hit(user.id);
  if (hit.count > config.rateLimits.dataExportsPerHour) throw dataExportRateLimited(hit.retryAfterSec);
  const exported = await collectDataExport(db, subjectUserId, applicationsWhere);
  // The download is in the access log (the person's own too), before a byte is sent; no row, no ZIP (503).
  await recordAccess(db, user, "DATA_EXPORT", { applicantUserId: subjectUserId, details: { files: String(exported.files.length) } });
  const logger = componentLogger(config.logger, "data-export");
  const zip = dataExportZip(storage, exported, (err) => logger.error({ err }, "data export ZIP failed"));
  return new Response(Readable.toWeb(zip) as ReadableStream, {
    status: 200,
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

const today = () => wibDate(new Date()).replace(/-/g, "");

export const ownDataExport: AppRouteHandler<typeof routes.ownDataExport> = async (c) => {
  return (await serve(c as never, c.var.user.id, undefined, `data-saya-${today()}.zip`)) as never;
};

export const registrationDataExport: AppRouteHandler<typeof routes.registrationDataExport> = async (c) => {
  const { db } = c.var.deps;
  const { id } = c.req.valid("param");
  if (!isUuid(id)) throw new ApiError(404, "NOT_FOUND");
  // Only a professional this facility registered; any other id reads as not found.
  const [app] = await db
    .select({ applicant: applications.applicantUserId, registration: applications.registrationNumber })
    .from(applications)
    .where(and(eq(applications.id, id), eq(applications.submittedByUserId, c.var.user.id)));
  if (!app) throw new ApiError(404, "NOT_FOUND");
  const name = (app.registration ?? "tenaga-kesehatan").replace(/[^A-Za-z0-9-]/g, "_");
  return (await serve(c as never, app.applicant, eq(applications.submittedByUserId, c.var.user.id), `data-${name}-${today()}.zip`)) as never;
};
