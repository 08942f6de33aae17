import { createRoute, z } from "@hono/zod-openapi";
import { announcementSchema, faqSchema, navbarLinksSchema, welcomeSchema } from "#domain/forms/cms";
import { ADMIN_ONLY } from "#domain/roles";
import { AnnouncementSchema, CmsContentSchema, GuidebookSchema, WelcomeContentSchema } from "#contracts/cms";
import { FaqLinksSchema, NavbarLinkSchema, WelcomeTextsSchema } from "#contracts/config";
import { errorResponses } from "../../lib/errors";
import { allow } from "../../middleware/allow";
import { requireUser } from "../../middleware/auth";
import { idParam, json, ok, security } from "../admin/shared";

// /master-cms: what the public pages show, edited by the Admin (role 2). Two public reads
// (/welcome's content, the guidebook PDF) and the Admin's endpoints under /admin/cms.

const tags = ["Admin: CMS"];
const middleware = [requireUser, allow(ADMIN_ONLY)];

export const getWelcome = createRoute({
  method: "get",
  path: "/cms/welcome",
  tags: ["Konfigurasi"],
  summary: "Isi halaman /welcome: teks sambutan dan pengumuman aktif terbaru",
  responses: { 200: ok("Isi /welcome", WelcomeContentSchema) },
});

export const getGuidebook = createRoute({
  method: "get",
  path: "/cms/guidebook",
  tags: ["Konfigurasi"],
  summary: "Buku panduan yang diunggah Admin (PDF; ETag/Last-Modified, 304); 404 bila memakai berkas bawaan",
  responses: {
    200: { description: "PDF", content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } } },
    304: { description: "Tidak berubah" },
    ...errorResponses(404),
  },
});

export const getCms = createRoute({
  method: "get",
  path: "/admin/cms",
  tags,
  summary: "Semua isi CMS, termasuk pengumuman dan jadwal yang nonaktif",
  security,
  middleware,
  responses: {
    200: ok("Isi CMS", CmsContentSchema),
    ...errorResponses(401, 403),
  },
});

export const putWelcome = createRoute({
  method: "put",
  path: "/admin/cms/welcome",
  tags,
  summary: "Simpan teks sambutan /welcome (judul, teks pembuka)",
  security,
  middleware,
  request: { body: json(welcomeSchema) },
  responses: { 200: ok("Tersimpan", WelcomeTextsSchema), ...errorResponses(400, 401, 403, 413) },
});

export const putNavbarLinks = createRoute({
  method: "put",
  path: "/admin/cms/navbar-links",
  tags,
  summary: "Simpan tautan tambahan navbar (maks. 8; label ≤ 40 karakter; alamat https:// atau /jalur)",
  security,
  middleware,
  request: { body: json(navbarLinksSchema) },
  responses: { 200: ok("Tersimpan", z.array(NavbarLinkSchema)), ...errorResponses(400, 401, 403, 413) },
});

export const putFaq = createRoute({
  method: "put",
  path: "/admin/cms/faq",
  tags,
  summary: "Simpan alamat FAQ per halaman (https://)",
  security,
  middleware,
  request: { body: json(faqSchema) },
  responses: { 200: ok("Tersimpan", FaqLinksSchema), ...errorResponses(400, 401, 403, 413) },
});

export const uploadGuidebook = createRoute({
  method: "post",
  path: "/admin/cms/guidebook",
  tags,
  summary: "Unggah buku panduan (isian file, PDF menurut isinya, maks. 5MB)",
  security,
  middleware,
  // No declared body: the validator would parse it into memory; the handler streams it.
  description: "Isi multipart/form-data dengan isian berkas file.",
  responses: { 200: ok("Tersimpan", GuidebookSchema), ...errorResponses(400, 401, 403) },
});

const announcementById = "/admin/cms/announcements/{id}";
const announcement = (description: string) => ok(description, AnnouncementSchema);

export const announcements = {
  create: createRoute({
    method: "post",
    path: "/admin/cms/announcements",
    tags,
    summary: "Tambah pengumuman (aktif, tampil di /welcome)",
    security,
    middleware,
    request: { body: json(announcementSchema) },
    responses: { 201: announcement("Dibuat"), ...errorResponses(400, 401, 403, 413) },
  }),
  get: createRoute({
    method: "get",
    path: announcementById,
    tags,
    summary: "Satu pengumuman",
    security,
    middleware,
    request: { params: idParam },
    responses: { 200: announcement("Pengumuman"), ...errorResponses(401, 403, 404) },
  }),
  update: createRoute({
    method: "put",
    path: announcementById,
    tags,
    summary: "Ubah pengumuman",
    security,
    middleware,
    request: { params: idParam, body: json(announcementSchema) },
    responses: { 200: announcement("Tersimpan"), ...errorResponses(400, 401, 403, 404, 413) },
  }),
  deactivate: createRoute({
    method: "post",
    path: `${announcementById}/deactivate` as const,
    tags,
    summary: "Nonaktifkan: tidak lagi tampil di /welcome",
    security,
    middleware,
    request: { params: idParam },
    responses: { 200: announcement("Dinonaktifkan"), ...errorResponses(401, 403, 404) },
  }),
  activate: createRoute({
    method: "post",
    path: `${announcementById}/activate` as const,
    tags,
    summary: "Aktifkan kembali (terbit ulang sebagai yang terbaru)",
    security,
    middleware,
    request: { params: idParam },
    responses: { 200: announcement("Diaktifkan"), ...errorResponses(401, 403, 404) },
  }),
};
