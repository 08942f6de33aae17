import { createRoute, z } from "@hono/zod-openapi";
import { ActivityKindEntrySchema, RegistrationRowSchema, RegistrationSchema } from "#contracts/registrations";
import type { MiddlewareHandler } from "hono";
import { registrationFormSchema } from "#domain/forms/registration";
import { FACILITY_ROLES } from "#domain/roles";
import { ApiError, errorResponses } from "../../lib/errors";
import type { AppEnv } from "../../http/env";
import { allow } from "../../middleware/allow";
import { requireUser } from "../../middleware/auth";
import { idParam, json, listOk, listQuery, ok, security } from "../admin/shared";

// A verified facility admin (role 8) registers professionals and follows their registrations
// (DESIGN §4 "Health-facility admin", docs/decisions/010-facility-registrations.md). Documents, submit
// and reupload go through /applications/:id, which already lets the registering facility act as owner.

const tags = ["Pendaftaran Fasyankes"];

/** After the gate let role 8 through (403 FACILITY_ONLY): only once the Admin verified the facility (403 FACILITY_NOT_VERIFIED). */
export const requireVerifiedFacility: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user.isHospitalVerified) throw new ApiError(403, "FACILITY_NOT_VERIFIED");
  await next();
};
const middleware = [requireUser, allow(FACILITY_ROLES, { otherwise: "FACILITY_ONLY" }), requireVerifiedFacility];

export const listActivityKinds = createRoute({
  method: "get",
  path: "/activity-kinds",
  tags,
  summary: "Jenis kegiatan jalur Lainnya (OTH) yang aktif: {othersId} pada /register-competency-evaluation/path/{othersId}",
  security,
  middleware: [requireUser] as const,
  responses: {
    200: ok("Jenis kegiatan aktif", z.array(ActivityKindEntrySchema)),
    ...errorResponses(401),
  },
});

export const listRegistrations = createRoute({
  method: "get",
  path: "/registrations",
  tags,
  summary: "Pendaftaran tenaga kesehatan oleh Fasyankes ini, terbaru lebih dahulu, 20 per halaman; cari nama, surel, nomor registrasi",
  security,
  middleware,
  request: { query: z.object({ page: listQuery.page, q: listQuery.q }) },
  responses: { 200: listOk("Pendaftaran", RegistrationRowSchema), ...errorResponses(400, 401, 403) },
});

export const createRegistration = createRoute({
  method: "post",
  path: "/registrations",
  tags,
  summary: "Daftarkan tenaga kesehatan: akun pemohon (peran 3), data pribadi dan draf permohonan pada jalur REG, SPE atau OTH",
  description:
    "Skema domain/forms/registration.ts. Akun baru tidak dapat dipakai masuk sampai pemiliknya membuat kata sandi lewat Lupa kata sandi. " +
    "Surel milik akun lain, atau akun yang masih punya permohonan berjalan → 409 PROFESSIONAL_EMAIL_TAKEN (satu jawaban untuk keduanya).",
  security,
  middleware,
  request: { body: json(registrationFormSchema) },
  responses: { 201: ok("Draf dibuat", RegistrationSchema), ...errorResponses(400, 401, 403, 409, 413) },
});

export const getRegistration = createRoute({
  method: "get",
  path: "/registrations/{id}",
  tags,
  summary: "Satu pendaftaran Fasyankes ini: permohonan, tenaga kesehatan dan jenis kegiatan",
  security,
  middleware,
  request: { params: idParam },
  responses: { 200: ok("Pendaftaran", RegistrationSchema), ...errorResponses(401, 403, 404) },
});
