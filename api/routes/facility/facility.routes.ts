import { createRoute, z } from "@hono/zod-openapi";
import { DashboardSchema, MyFacilitySchema } from "#contracts/facility";
import { facilityDataSchema, facilitySignUpSchema } from "#domain/forms/facility";
import { FACILITY_ROLES } from "#domain/roles";
import { errorResponses } from "../../lib/errors";
import { allow } from "../../middleware/allow";
import { requireUser } from "../../middleware/auth";
import { json, ok, security } from "../admin/shared";

// The facility admin's own account (role 8, DESIGN §4): sign-up, the facility data sent for
// verification from /personal-data, and the figures of /dashboard. The bodies are the portal's own
// form schemas (domain/forms/facility.ts), so the API answers with the messages the form shows.

const tags = ["Admin Fasyankes"];
// A signed-in user (401) who is a facility admin (403 otherwise).
const middleware = [requireUser, allow(FACILITY_ROLES)];

export const registerFacility = createRoute({
  method: "post",
  path: "/register/facility",
  tags,
  summary: "Pendaftaran akun Admin Fasyankes beserta data Fasyankes; surel aktivasi (24 jam) dikirim",
  request: { body: json(facilitySignUpSchema.openapi("FacilitySignUp")) },
  responses: {
    201: ok(
      "Selalu sama: akun dibuat (belum aktif, belum terverifikasi) dan surel aktivasi dikirim, atau — bila alamat surel sudah terdaftar — pemiliknya diberi tahu lewat surel",
      z.object({ email: z.string() }),
    ),
    ...errorResponses(400, 413, 429),
  },
});

export const getMyFacility = createRoute({
  method: "get",
  path: "/me/facility",
  tags,
  summary: "Data Fasyankes, data diri admin, dan status verifikasinya",
  security,
  middleware,
  responses: { 200: ok("Data Fasyankes", MyFacilitySchema), ...errorResponses(401, 403) },
});

export const putMyFacility = createRoute({
  method: "put",
  path: "/me/facility",
  tags,
  summary: "Simpan data Fasyankes dan kirim untuk verifikasi (pengajuan baru); ditolak bila masih menunggu atau sudah terverifikasi",
  security,
  middleware,
  request: { body: json(facilityDataSchema.openapi("FacilityData")) },
  responses: {
    200: ok("Terkirim, menunggu verifikasi", MyFacilitySchema),
    ...errorResponses(400, 401, 403, 409, 413),
  },
});

export const positionOptions = createRoute({
  method: "get",
  path: "/me/facility/position-options",
  tags,
  summary: "Jabatan aktif untuk data diri Admin Fasyankes",
  security,
  middleware,
  responses: { 200: ok("Jabatan aktif", z.array(z.object({ id: z.number().int(), name: z.string() }))), ...errorResponses(401, 403) },
});

export const getDashboard = createRoute({
  method: "get",
  path: "/me/facility/dashboard",
  tags,
  summary: "Beranda: status verifikasi, jumlah pendaftaran per label status, dan 10 aktivitas terbaru",
  security,
  middleware,
  responses: { 200: ok("Ringkasan Fasyankes", DashboardSchema), ...errorResponses(401, 403) },
});
