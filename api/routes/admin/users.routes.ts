import { createRoute, z } from "@hono/zod-openapi";
import { coded } from "#domain/validation-codes";
import { apiField } from "#domain/validation-details";
import { StaffDetailSchema, StaffSchema } from "#contracts/admin";
import { reasonSchema, staffCreateSchema, staffUpdateSchema } from "#domain/forms/admin";
import { STAFF_ROLE_FILTERS, SUPER_ADMIN_ONLY } from "#domain/roles";
import { errorResponses } from "../../lib/errors";
import { jsonObject } from "../../lib/validation";
import { allow } from "../../middleware/allow";
import { requireUser } from "../../middleware/auth";
import { idParam, json, listOk, listQuery, ok, security } from "./shared";

// /user-list: the Super Admin's staff accounts.

const tags = ["Admin: Pengguna"];
const middleware = [requireUser, allow(SUPER_ADMIN_ONLY)];

export const listUsers = createRoute({
  method: "get",
  path: "/admin/users",
  tags,
  summary: "Akun staf (peran 1, 2, 4, 5, 6, 7), 25 per halaman, cari nama/surel, saring peran dan status",
  security,
  middleware,
  request: {
    query: z.object({
      ...listQuery,
      role: z.enum(STAFF_ROLE_FILTERS, { error: () => coded("oneOf", { field: apiField("role") }) }).optional(),
    }),
  },
  responses: { 200: listOk("Akun staf", StaffSchema), ...errorResponses(400, 401, 403) },
});

export const createUser = createRoute({
  method: "post",
  path: "/admin/users",
  tags,
  summary: "Buat akun staf; akun langsung aktif tanpa kata sandi dan pemiliknya menerima surel untuk membuat kata sandi",
  security,
  middleware,
  request: { body: json(staffCreateSchema) },
  responses: { 201: ok("Akun dibuat", StaffDetailSchema), ...errorResponses(400, 401, 403, 409, 413) },
});

export const getUser = createRoute({
  method: "get",
  path: "/admin/users/{id}",
  tags,
  summary: "Satu akun staf dengan riwayat tindakan admin",
  security,
  middleware,
  request: { params: idParam },
  responses: { 200: ok("Akun staf", StaffDetailSchema), ...errorResponses(401, 403, 404) },
});

export const updateUser = createRoute({
  method: "put",
  path: "/admin/users/{id}",
  tags,
  summary: "Ubah nama, peran dan jabatan",
  security,
  middleware,
  request: { params: idParam, body: json(staffUpdateSchema) },
  responses: { 200: ok("Akun staf", StaffDetailSchema), ...errorResponses(400, 401, 403, 404, 409, 413) },
});

export const deactivateUser = createRoute({
  method: "post",
  path: "/admin/users/{id}/deactivate",
  tags,
  summary: "Nonaktifkan akun (alasan wajib); semua sesinya langsung berakhir",
  security,
  middleware,
  request: { params: idParam, body: json(reasonSchema) },
  responses: { 200: ok("Akun staf", StaffDetailSchema), ...errorResponses(400, 401, 403, 404, 409, 413) },
});

export const reactivateUser = createRoute({
  method: "post",
  path: "/admin/users/{id}/reactivate",
  tags,
  summary: "Aktifkan kembali akun (alasan wajib)",
  security,
  middleware,
  request: { params: idParam, body: json(reasonSchema) },
  responses: { 200: ok("Akun staf", StaffDetailSchema), ...errorResponses(400, 401, 403, 404, 409, 413) },
});

export const sendPasswordReset = createRoute({
  method: "post",
  path: "/admin/users/{id}/password-reset",
  tags,
  summary: "Kirim surel atur ulang kata sandi ke pemilik akun",
  security,
  middleware,
  request: { params: idParam, body: { required: false, content: { "application/json": { schema: jsonObject({}) } } } },
  responses: {
    200: ok("Surel dikirim", z.object({ sent: z.literal(true), email: z.string() })),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});
