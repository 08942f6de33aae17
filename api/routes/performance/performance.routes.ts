import { createRoute, z } from "@hono/zod-openapi";
import { coded } from "#domain/validation-codes";
import { apiField } from "#domain/validation-details";
import { PerformanceSchema } from "#contracts/performance";
import { JALUR_IDS } from "#domain/documents";
import { PERIOD_PATTERN } from "#domain/performance";
import { ADMIN_ROLES } from "#domain/roles";
import { errorResponses } from "../../lib/errors";
import { emptyAsAbsent, ok } from "../../http/openapi";
import { allow } from "../../middleware/allow";
import { requireUser } from "../../middleware/auth";

// The queue at a glance (/kinerja): the Super Admin's and the Admin's counts over every file
// (docs/decisions/034-performance-dashboard.md).

const tags = ["Kinerja"];
const security = [{ ApiKey: [], Bearer: [] }];
// Query values arrive as text; an empty one counts as absent.
/** An empty query value ("?q=") read as absent: an optional parameter. */
const optional = <T extends z.ZodType>(schema: T) => emptyAsAbsent(schema.optional());

export const PerformanceQuerySchema = z.object({
  jalur: optional(z.enum(JALUR_IDS, { error: () => coded("oneOf", { field: apiField("jalur") }) })).openapi({ description: "REG, SPE atau OTH; tanpa: semua" }),
  period: optional(z.string().regex(PERIOD_PATTERN, coded("oneOf", { field: apiField("period") }))).openapi({
    description: "Bulan terakhir yang ditampilkan (YYYY-MM, salah satu dari 24 bulan terakhir); tanpa: bulan ini",
    example: "2026-11",
  }),
});

export const getPerformance = createRoute({
  method: "get",
  path: "/admin/performance",
  tags,
  summary: "Antrean per tahap hari ini, berkas masuk dan diputus per minggu, lama tiap tahap per bulan, dan bagian dalam SLA per badan peninjau",
  security,
  middleware: [requireUser, allow(ADMIN_ROLES)] as const,
  request: { query: PerformanceQuerySchema },
  responses: { 200: ok("Angka kinerja", PerformanceSchema), ...errorResponses(400, 401, 403) },
});
