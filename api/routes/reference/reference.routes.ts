import { createRoute, z } from "@hono/zod-openapi";
import { AchievementTypeSchema, InstitutionSchema, InstitutionsQuerySchema, SpecializationSchema } from "#contracts/reference";
import { errorResponses } from "../../lib/errors";
import { ok } from "../../http/openapi";

const tags = ["Referensi"];

export const listInstitutions = createRoute({
  method: "get",
  path: "/institutions",
  tags,
  summary: "Institusi pendidikan luar negeri yang aktif (maks. 50, cari berdasarkan nama)",
  request: { query: InstitutionsQuerySchema },
  responses: {
    200: ok("Institusi", z.array(InstitutionSchema)),
    ...errorResponses(400),
  },
});

export const listSpecializations = createRoute({
  method: "get",
  path: "/specializations",
  tags,
  summary: "Spesialisasi yang aktif",
  responses: { 200: ok("Spesialisasi", z.array(SpecializationSchema)) },
});

export const listAchievementTypes = createRoute({
  method: "get",
  path: "/achievement-types",
  tags,
  summary: "Jenis capaian kinerja",
  responses: { 200: ok("Jenis capaian", z.array(AchievementTypeSchema)) },
});
