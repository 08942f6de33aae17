import { and, eq } from "drizzle-orm";
import { wibDate } from "#domain/time-zone";
import { applications } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import type { AppEnv, AppRouteHandler } from "../../http/env";
import { recordAccess } from "../../services/access-log";
import { isUuid } from "../../services/applications";
import { collectDataExport, dataExportArchive, snapshotOfTag } from "../../services/data-rights/data-export";
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

/** A single range of a Range header against `size` bytes; null when there is none to honour (absent, several, or not bytes). */
export function rangeOf(header: string | undefined, size: number): { start: number; end: number } | "unsatisfiable" | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    return suffix === 0 ? "unsatisfiable" : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return "unsatisfiable";
  return end < start ? null : { start, end };
}

/**
 * The ZIP of `subjectUserId`'s data as one resumable download (docs/decisions/028-data-export.md): its
 * size and a strong ETag first; a Range whose If-Range still names the same snapshot gets those bytes (206)
 * of the snapshot rebuilt, byte for byte. Only a download whose last byte was read counts toward the
 * hour's allowance; every download is in the access log once, at its start (a resumed one is not again).
 */
async function serve(c: Context<AppEnv>, subjectUserId: string, applicationsWhere: SQL | undefined, fileName: string) {
  const { db, storage, config, dataExportRateLimiter } = c.var.deps;
  const user = c.var.user;
  const used = await dataExportRateLimiter.peek(user.id);
  if (used.count >= config.rateLimits.dataExportsPerHour) throw dataExportRateLimited(used.retryAfterSec);
  const logger = componentLogger(config.logger, "data-export");
  const build = async (at: Date) =>
    dataExportArchive(storage, await collectDataExport(db, subjectUserId, applicationsWhere, at), (err) => logger.error({ err }, "data export ZIP failed"));

  const ifRange = c.req.header("if-range");
  const named = snapshotOfTag(ifRange);
  let archive = await build(named ?? new Date());
  // An If-Range that names another snapshot (the data changed since, or no ETag of ours): the whole ZIP, fresh.
  const sameSnapshot = ifRange === undefined || ifRange === archive.etag;
  if (!sameSnapshot && named) archive = await build(new Date());
  const range = sameSnapshot ? rangeOf(c.req.header("range"), archive.size) : null;
  const common = { "Accept-Ranges": "bytes", ETag: archive.etag, "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };
  if (range === "unsatisfiable") return new Response(null, { status: 416, headers: { ...common, "Content-Range": `bytes */${archive.size}` } });

  const part = range ?? { start: 0, end: archive.size - 1 };
  const resumed = range !== null && ifRange === archive.etag && range.start > 0;
  // The download is in the access log (the person's own too), before a byte is sent; no row, no ZIP (503).
  if (!resumed) await recordAccess(db, user, "DATA_EXPORT", { applicantUserId: subjectUserId, details: { files: String(archive.files) } });
  const body = archive.stream(part, async () => {
    await dataExportRateLimiter.hit(user.id);
  });
  return new Response(body, {
    status: range ? 206 : 200,
    headers: {
      ...common,
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Length": String(part.end - part.start + 1),
      ...(range ? { "Content-Range": `bytes ${part.start}-${part.end}/${archive.size}` } : {}),
    },
  });
}

/** The ZIP's size before it is downloaded (the page's link says it); nothing is read, counted or recorded. */
async function sizeOf(c: Context<AppEnv>, subjectUserId: string, applicationsWhere: SQL | undefined) {
  const { db, storage, config } = c.var.deps;
  const logger = componentLogger(config.logger, "data-export");
  const archive = dataExportArchive(storage, await collectDataExport(db, subjectUserId, applicationsWhere), (err) =>
    logger.error({ err }, "data export ZIP failed"),
  );
  return { data: { size: archive.size } };
}

const today = () => wibDate(new Date()).replace(/-/g, "");

export const ownDataExport: AppRouteHandler<typeof routes.ownDataExport> = async (c) => {
  return (await serve(c as never, c.var.user.id, undefined, `data-saya-${today()}.zip`)) as never;
};

export const ownDataExportSize: AppRouteHandler<typeof routes.ownDataExportSize> = async (c) => {
  return c.json(await sizeOf(c as never, c.var.user.id, undefined), 200);
};

/** The professional of one of this facility's registrations; any other id reads as not found. */
async function registered(c: Context<AppEnv>, id: string) {
  const { db } = c.var.deps;
  if (!isUuid(id)) throw new ApiError(404, "NOT_FOUND");
  const [app] = await db
    .select({ applicant: applications.applicantUserId, registration: applications.registrationNumber })
    .from(applications)
    .where(and(eq(applications.id, id), eq(applications.submittedByUserId, c.var.user.id)));
  if (!app) throw new ApiError(404, "NOT_FOUND");
  return { ...app, where: eq(applications.submittedByUserId, c.var.user.id) };
}

export const registrationDataExportSize: AppRouteHandler<typeof routes.registrationDataExportSize> = async (c) => {
  const app = await registered(c as never, c.req.valid("param").id);
  return c.json(await sizeOf(c as never, app.applicant, app.where), 200);
};

export const registrationDataExport: AppRouteHandler<typeof routes.registrationDataExport> = async (c) => {
  const app = await registered(c as never, c.req.valid("param").id);
  const name = (app.registration ?? "tenaga-kesehatan").replace(/[^A-Za-z0-9-]/g, "_");
  return (await serve(c as never, app.applicant, app.where, `data-${name}-${today()}.zip`)) as never;
};
