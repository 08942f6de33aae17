import { Readable } from "node:stream";
import { GUIDEBOOK_MAX_MB, CMS_LABELS, type AnnouncementForm, type FaqForm, type NavbarLinksForm, type WelcomeForm } from "#domain/forms/cms";
import { ApiError } from "../../lib/errors";
import type { AppRouteHandler } from "../../http/env";
import * as cms from "../../services/cms";
import { receiveSingleFile } from "../../services/uploads/single";
import type * as routes from "./cms.routes";

export const getWelcome: AppRouteHandler<typeof routes.getWelcome> = async (c) => c.json({ data: await cms.welcomeContent(c.var.deps.db) }, 200);

/** Short public cache, revalidated by ETag (the file's SHA-256) or Last-Modified, so a new upload shows within minutes. */
export const GUIDEBOOK_CACHE_CONTROL = "public, max-age=300, must-revalidate";

export const getGuidebook: AppRouteHandler<typeof routes.getGuidebook> = async (c) => {
  const { db, storage } = c.var.deps;
  const current = await cms.currentGuidebook(db);
  if (!current) throw new ApiError(404, "NOT_FOUND");
  const etag = `"${current.file.sha256}"`;
  const lastModified = current.updatedAt.toUTCString();
  const headers = { ETag: etag, "Last-Modified": lastModified, "Cache-Control": GUIDEBOOK_CACHE_CONTROL };
  const ifNoneMatch = c.req.header("if-none-match");
  const ifModifiedSince = Date.parse(c.req.header("if-modified-since") ?? "");
  const notModified = ifNoneMatch
    ? ifNoneMatch.split(",").some((t) => t.trim() === etag || t.trim() === `W/${etag}` || t.trim() === "*")
    : !Number.isNaN(ifModifiedSince) && Math.floor(current.updatedAt.getTime() / 1000) * 1000 <= ifModifiedSince;
  if (notModified) return new Response(null, { status: 304, headers }) as never;
  const { stream, size } = await storage.read(current.file.storageKey);
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    status: 200,
    headers: {
      ...headers,
      "Content-Type": "application/pdf",
      "Content-Length": String(size),
      "Content-Disposition": 'inline; filename="buku-panduan-adaptasi-nakes-lln.pdf"',
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox", // an uploaded file, as /files/:id serves it
    },
  }) as never;
};

export const getCms: AppRouteHandler<typeof routes.getCms> = async (c) => c.json({ data: await cms.cmsContent(c.var.deps.db) }, 200);

export const putWelcome: AppRouteHandler<typeof routes.putWelcome> = async (c) =>
  c.json({ data: await cms.updateSetting(c.var.deps.db, c.var.user, "welcome", c.req.valid("json") as WelcomeForm) }, 200);

export const putNavbarLinks: AppRouteHandler<typeof routes.putNavbarLinks> = async (c) =>
  c.json({ data: await cms.updateSetting(c.var.deps.db, c.var.user, "navbar_links", (c.req.valid("json") as NavbarLinksForm).links) }, 200);

export const putFaq: AppRouteHandler<typeof routes.putFaq> = async (c) =>
  c.json({ data: await cms.updateSetting(c.var.deps.db, c.var.user, "faq", c.req.valid("json") as FaqForm) }, 200);

export const uploadGuidebook: AppRouteHandler<typeof routes.uploadGuidebook> = async (c) => {
  const stored = await receiveSingleFile(c.var.deps, c.req.raw, {
    field: "file",
    maxMb: GUIDEBOOK_MAX_MB,
    allowedExtnames: "pdf",
    label: CMS_LABELS.guidebook,
  });
  return c.json({ data: await cms.saveGuidebook(c.var.deps.db, c.var.user, stored) }, 200);
};

type A = typeof routes.announcements;

const createAnnouncement: AppRouteHandler<A["create"]> = async (c) =>
  c.json({ data: await cms.createAnnouncement(c.var.deps.db, c.var.user, c.req.valid("json") as AnnouncementForm) }, 201);
const getAnnouncement: AppRouteHandler<A["get"]> = async (c) =>
  c.json({ data: await cms.getAnnouncement(c.var.deps.db, cms.rowId(c.req.valid("param").id)) }, 200);
const updateAnnouncement: AppRouteHandler<A["update"]> = async (c) =>
  c.json({ data: await cms.updateAnnouncement(c.var.deps.db, c.var.user, cms.rowId(c.req.valid("param").id), c.req.valid("json") as AnnouncementForm) }, 200);
const deactivateAnnouncement: AppRouteHandler<A["deactivate"]> = async (c) =>
  c.json({ data: await cms.setAnnouncementActive(c.var.deps.db, c.var.user, cms.rowId(c.req.valid("param").id), false) }, 200);
const activateAnnouncement: AppRouteHandler<A["activate"]> = async (c) =>
  c.json({ data: await cms.setAnnouncementActive(c.var.deps.db, c.var.user, cms.rowId(c.req.valid("param").id), true) }, 200);

export const announcements = {
  create: createAnnouncement,
  get: getAnnouncement,
  update: updateAnnouncement,
  deactivate: deactivateAnnouncement,
  activate: activateAnnouncement,
};
