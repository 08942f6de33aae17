import { createRoute, z } from "@hono/zod-openapi";
import { EntrySchema } from "#contracts/admin";
import { REFERENCE_SCHEMAS, type ReferenceKind } from "#domain/forms/admin";
import { ADMIN_ONLY, ADMIN_ROLES, SUPER_ADMIN_ONLY } from "#domain/roles";
import { errorResponses } from "../../lib/errors";
import { allow } from "../../middleware/allow";
import { requireUser } from "../../middleware/auth";
import { idParam, json, listOk, listQuery, ok, security } from "./shared";

// The reference lists: /specialization-list and /institution-list (Super Admin),
// /master-position (Admin). The same seven endpoints for each; in use → deactivate, never delete.

// Generic in the body's schema and the path, so each list's routes keep their own (the portal's typed
// client reads them from the router).
function referenceRoutes<S extends z.ZodType, P extends string>(schema: S, path: P, roles: readonly number[], tag: string) {
  const tags = [tag];
  const middleware = [requireUser, allow(roles)];
  const body = json(schema);
  const entry = (description: string) => ok(description, EntrySchema);
  const byId = `${path}/{id}` as const;
  return {
    list: createRoute({
      method: "get",
      path,
      tags,
      summary: "Daftar, 25 per halaman, cari nama, saring status (active/inactive)",
      security,
      middleware,
      request: { query: z.object(listQuery) },
      responses: { 200: listOk("Entri", EntrySchema), ...errorResponses(400, 401, 403) },
    }),
    create: createRoute({
      method: "post",
      path,
      tags,
      summary: "Tambah entri",
      security,
      middleware,
      request: { body },
      responses: { 201: entry("Entri dibuat"), ...errorResponses(400, 401, 403, 409, 413) },
    }),
    get: createRoute({
      method: "get",
      path: byId,
      tags,
      summary: "Satu entri",
      security,
      middleware,
      request: { params: idParam },
      responses: { 200: entry("Entri"), ...errorResponses(401, 403, 404) },
    }),
    update: createRoute({
      method: "put",
      path: byId,
      tags,
      summary: "Ubah entri",
      security,
      middleware,
      request: { params: idParam, body },
      responses: { 200: entry("Entri"), ...errorResponses(400, 401, 403, 404, 409, 413) },
    }),
    deactivate: createRoute({
      method: "post",
      path: `${byId}/deactivate` as const,
      tags,
      summary: "Nonaktifkan: tidak lagi muncul sebagai pilihan",
      security,
      middleware,
      request: { params: idParam },
      responses: { 200: entry("Entri"), ...errorResponses(401, 403, 404) },
    }),
    activate: createRoute({
      method: "post",
      path: `${byId}/activate` as const,
      tags,
      summary: "Aktifkan kembali",
      security,
      middleware,
      request: { params: idParam },
      responses: { 200: entry("Entri"), ...errorResponses(401, 403, 404) },
    }),
    remove: createRoute({
      method: "delete",
      path: byId,
      tags,
      summary: "Hapus entri yang tidak pernah dipakai (409 ENTRY_IN_USE bila dipakai)",
      security,
      middleware,
      request: { params: idParam },
      responses: { 200: ok("Dihapus", z.object({ id: z.number().int(), deleted: z.literal(true) })), ...errorResponses(401, 403, 404, 409) },
    }),
  };
}

/** The routes of a reference list: of any list (its body any kind's, its path any path), or of one. */
export type ReferenceRoutes<S extends z.ZodType = (typeof REFERENCE_SCHEMAS)[ReferenceKind], P extends string = string> = ReturnType<
  typeof referenceRoutes<S, P>
>;

export const specializations = referenceRoutes(REFERENCE_SCHEMAS.specialization, "/admin/specializations", SUPER_ADMIN_ONLY, "Admin: Spesialisasi");
export const institutions = referenceRoutes(REFERENCE_SCHEMAS.institution, "/admin/institutions", SUPER_ADMIN_ONLY, "Admin: Institusi");
export const positions = referenceRoutes(REFERENCE_SCHEMAS.position, "/admin/positions", ADMIN_ONLY, "Admin: Master Jabatan");

export const positionOptions = createRoute({
  method: "get",
  path: "/admin/position-options",
  tags: ["Admin: Master Jabatan"],
  summary: "Jabatan aktif, untuk formulir akun staf",
  security,
  middleware: [requireUser, allow(ADMIN_ROLES)] as const,
  responses: { 200: ok("Jabatan aktif", z.array(z.object({ id: z.number().int(), name: z.string() }))), ...errorResponses(401, 403) },
});
