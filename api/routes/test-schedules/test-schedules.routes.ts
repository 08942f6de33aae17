import { createRoute, z } from "@hono/zod-openapi";
import { AdminTestScheduleSchema, TestScheduleSchema } from "#contracts/test-schedules";
import { testScheduleSchema } from "#domain/forms/cms";
import { ADMIN_ONLY } from "#domain/roles";
import { errorResponses } from "../../lib/errors";
import { allow } from "../../middleware/allow";
import { requireUser } from "../../middleware/auth";
import { idParam, json, ok, security } from "../admin/shared";

export const listTestSchedules = createRoute({
  method: "get",
  path: "/test-schedules",
  tags: ["Jadwal"],
  summary: "Jadwal uji kompetensi yang aktif, urut waktu mulai",
  responses: {
    200: {
      description: "Jadwal",
      content: { "application/json": { schema: z.object({ data: z.array(TestScheduleSchema) }) } },
    },
  },
});

// --- /master-cms: the Admin (role 2) keeps the schedule; inactive entries stay for the record. -------

const adminTags = ["Admin: CMS"];
const middleware = [requireUser, allow(ADMIN_ONLY)];

const entry = (description: string) => ok(description, AdminTestScheduleSchema);
const byId = "/admin/test-schedules/{id}";

export const admin = {
  create: createRoute({
    method: "post",
    path: "/admin/test-schedules",
    tags: adminTags,
    summary: "Tambah jadwal (waktu tanpa zona dibaca sebagai WIB; selesai ≥ mulai; batas pendaftaran ≤ mulai)",
    security,
    middleware,
    request: { body: json(testScheduleSchema) },
    responses: { 201: entry("Dibuat"), ...errorResponses(400, 401, 403, 413) },
  }),
  get: createRoute({
    method: "get",
    path: byId,
    tags: adminTags,
    summary: "Satu jadwal, juga yang nonaktif",
    security,
    middleware,
    request: { params: idParam },
    responses: { 200: entry("Jadwal"), ...errorResponses(401, 403, 404) },
  }),
  update: createRoute({
    method: "put",
    path: byId,
    tags: adminTags,
    summary: "Ubah jadwal",
    security,
    middleware,
    request: { params: idParam, body: json(testScheduleSchema) },
    responses: { 200: entry("Tersimpan"), ...errorResponses(400, 401, 403, 404, 413) },
  }),
  deactivate: createRoute({
    method: "post",
    path: `${byId}/deactivate` as const,
    tags: adminTags,
    summary: "Nonaktifkan: tidak lagi tampil di /test-schedule",
    security,
    middleware,
    request: { params: idParam },
    responses: { 200: entry("Dinonaktifkan"), ...errorResponses(401, 403, 404) },
  }),
  activate: createRoute({
    method: "post",
    path: `${byId}/activate` as const,
    tags: adminTags,
    summary: "Aktifkan kembali",
    security,
    middleware,
    request: { params: idParam },
    responses: { 200: entry("Diaktifkan"), ...errorResponses(401, 403, 404) },
  }),
};
