import { createRoute, z } from "@hono/zod-openapi";
import { emptyAsAbsent, pageParam } from "../../http/openapi";
import { coded } from "#domain/validation-codes";
import { apiField } from "#domain/validation-details";
import { AccessLogPageSchema } from "#contracts/access-log";
import { DATA_SUBJECT_ROLES, SUPER_ADMIN_ONLY } from "#domain/roles";
import { errorResponses } from "../../lib/errors";
import { allow } from "../../middleware/allow";
import { requireUser } from "../../middleware/auth";

// The access log (docs/decisions/026-access-log.md): read-only; rows are written by the reads they record.

const tags = ["Log Akses"];
const security = [{ ApiKey: [], Bearer: [] }];

const day = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, coded("iso_date", { field }))
    .refine(
      (v) => !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      coded("no_such_date", { field }),
    )
    .optional();

export const ownAccessLog = createRoute({
  method: "get",
  path: "/me/access-log",
  tags,
  summary: "Siapa yang melihat data saya: pemohon (datanya sendiri) atau Admin Fasyankes (tenaga kesehatan yang didaftarkannya), terbaru dulu, 25 per halaman",
  security,
  middleware: [requireUser, allow(DATA_SUBJECT_ROLES, { otherwise: "not-found" })] as const,
  request: { query: z.object({ page: emptyAsAbsent(pageParam) }) },
  responses: {
    200: { description: "Satu halaman log akses", content: { "application/json": { schema: AccessLogPageSchema } } },
    ...errorResponses(400, 401, 404),
  },
});

export const searchAccessLog = createRoute({
  method: "get",
  path: "/admin/access-log",
  tags,
  summary: "Seluruh log akses: cari pemohon, staf dan periode, terbaru dulu, 25 per halaman; pencarian ini sendiri dicatat",
  security,
  middleware: [requireUser, allow(SUPER_ADMIN_ONLY)] as const,
  request: {
    query: z
      .object({
        page: emptyAsAbsent(pageParam),
        applicant: emptyAsAbsent(
          z
            .string()
            .max(100, coded("too_long", { field: apiField("applicant"), max: 100 }))
            .optional(),
        ).openapi({ description: "Nama, e-mail atau nomor registrasi" }),
        staff: emptyAsAbsent(
          z
            .string()
            .max(100, coded("too_long", { field: apiField("staff"), max: 100 }))
            .optional(),
        ).openapi({ description: "Nama staf" }),
        from: emptyAsAbsent(day(apiField("from"))),
        to: emptyAsAbsent(day(apiField("to"))),
      })
      .refine((q) => !q.from || !q.to || q.from <= q.to, { message: coded("not_before", { field: apiField("to"), target: apiField("from") }), path: ["to"] }),
  },
  responses: {
    200: { description: "Satu halaman log akses", content: { "application/json": { schema: AccessLogPageSchema } } },
    ...errorResponses(400, 401, 403),
  },
});
