import { createRoute, z } from "@hono/zod-openapi";
import { SlaStageSchema } from "#contracts/admin";
import { committeeSchema, slaSchema } from "#domain/forms/admin";
import { SUPER_ADMIN_ONLY } from "#domain/roles";
import { errorResponses } from "../../lib/errors";
import { allow } from "../../middleware/allow";
import { requireUser } from "../../middleware/auth";
import { json, ok, security } from "./shared";

// /sla-setting: days allowed per review stage, and the committee's name after role 1's label.

const tags = ["Admin: SLA"];
const middleware = [requireUser, allow(SUPER_ADMIN_ONLY)];

export const getSla = createRoute({
  method: "get",
  path: "/admin/sla",
  tags,
  summary: "Hari yang diizinkan per tahap, untuk setiap tahap setiap jalur",
  security,
  middleware,
  responses: { 200: ok("SLA", z.array(SlaStageSchema)), ...errorResponses(401, 403) },
});

export const putSla = createRoute({
  method: "put",
  path: "/admin/sla",
  tags,
  summary: "Simpan hari per tahap (stage_<id>: 1–365, semua tahap); tenggat berkas yang menunggu di tahap yang berubah dihitung ulang",
  security,
  middleware,
  request: { body: json(slaSchema) },
  responses: {
    200: ok(
      "SLA tersimpan",
      z.object({
        stages: z.array(SlaStageSchema),
        changed: z.array(z.object({ stage_id: z.number().int(), from: z.number().int(), to: z.number().int(), applications: z.number().int() })),
      }),
    ),
    ...errorResponses(400, 401, 403, 413),
  },
});

export const putCommitteeName = createRoute({
  method: "put",
  path: "/admin/committee-name",
  tags,
  summary: "Simpan nama komite yang mengikuti label peran 'Super Admin' (wajib, 3–100 karakter); tampil di konfigurasi publik (committeeName)",
  security,
  middleware,
  request: { body: json(committeeSchema) },
  responses: { 200: ok("Nama komite tersimpan", z.object({ committee_name: z.string() })), ...errorResponses(400, 401, 403, 413) },
});
