import { createRoute, z } from "@hono/zod-openapi";
import { coded as m } from "#domain/validation-codes";
import { apiField } from "#domain/validation-details";
import { ListSchema, ReviewDetailSchema } from "#contracts/review";
import { JALUR_IDS } from "#domain/documents";
import { CURSOR_MAX_LENGTH, CURSOR_PATTERN, DIRS, SORTS, TABS } from "#domain/review-filters";
import { decisionBodySchema } from "#domain/forms/review";
import { STAFF_ROLES } from "#domain/roles";
import { STAGE_IDS } from "#domain/workflow";
import { errorResponses } from "../../lib/errors";
import { allow } from "../../middleware/allow";
import { requireUser } from "../../middleware/auth";
import { emptyAsAbsent, ok } from "../../http/openapi";
import { decodeCursor } from "../../services/review/paging";

// The review workflow (docs/decisions/018-review-api-rules.md): lists, CSV, detail, decisions.

const tags = ["Peninjauan"];
const security = [{ ApiKey: [], Bearer: [] }];

/** Staff roles only (403 STAFF_ONLY), before any query or body is read. */
const staffOnly = allow(STAFF_ROLES, { otherwise: "STAFF_ONLY" });

// Query values arrive as text; an empty one counts as absent.
/** An empty query value ("?q=") read as absent: an optional parameter. */
const optional = <T extends z.ZodType>(schema: T) => emptyAsAbsent(schema.optional());
const oneOf = <T extends string>(field: string, values: readonly [T, ...T[]]) => z.enum(values, { error: () => m("oneOf", { field }) });
const wholeNumber = (field: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\s*\d{1,7}\s*$/, m("integer", { field }))
    .transform(Number)
    .pipe(z.number().min(min, m("min_value", { field, min })).max(max, m("max_value", { field, max })));

const Q_MAX = 100;

const BAD_CURSOR = m("bad_cursor");
/** A page link's cursor, read into where its page starts or ends; one this API did not make is refused. */
const cursor = z
  .string()
  .max(CURSOR_MAX_LENGTH, BAD_CURSOR)
  .regex(CURSOR_PATTERN, BAD_CURSOR)
  .transform((text, ctx) => {
    const decoded = decodeCursor(text);
    if (!decoded) ctx.addIssue({ code: "custom", message: BAD_CURSOR });
    return decoded ?? z.NEVER;
  });

export const ListQuerySchema = z.object({
  tab: optional(oneOf(apiField("tab"), TABS)).openapi({ description: "action (default; role 1: all) atau all" }),
  page: optional(wholeNumber(apiField("page"), 1, 1_000_000)),
  q: optional(z.string().max(Q_MAX, m("too_long", { field: apiField("search"), max: Q_MAX }))).openapi({ description: "Nomor registrasi, nama atau e-mail" }),
  jalur: optional(oneOf(apiField("jalur"), JALUR_IDS)),
  stage: optional(
    wholeNumber(apiField("stage"), 1, 99).refine((n) => (STAGE_IDS as readonly number[]).includes(n), m("oneOf", { field: apiField("stage") })),
  ).openapi({ description: "Tahap yang terbuka, atau tahap tersimpan bila tidak ada yang terbuka" }),
  label: optional(wholeNumber(apiField("status"), 1, 13)).openapi({ description: "Nomor aturan label status (1–13)" }),
  overdue: optional(oneOf(apiField("overdue"), ["1", "0"]).transform((v) => v === "1")),
  sort: optional(oneOf(apiField("sort"), SORTS)),
  dir: optional(oneOf(apiField("dir"), DIRS)),
  cursor: optional(cursor).openapi({
    description: "Dari `cursors` jawaban halaman lain (tautan ke halaman sebelum/sesudahnya); tanpa kursor, halaman dibaca dari nomornya",
    type: "string",
  }),
});

const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });

export const list = createRoute({
  method: "get",
  path: "/review/applications",
  tags,
  summary: "Daftar permohonan yang boleh dilihat peran ini: tab, pencarian, filter, urutan, 25 per halaman",
  security,
  middleware: [requireUser, staffOnly] as const,
  request: { query: ListQuerySchema },
  responses: {
    200: { description: "Satu halaman dan jumlah kedua tab", content: { "application/json": { schema: ListSchema } } },
    ...errorResponses(400, 401, 403),
  },
});

export const exportCsv = createRoute({
  method: "get",
  path: "/review/applications.csv",
  tags,
  summary: "Semua baris daftar (kueri yang sama, tanpa halaman) sebagai CSV UTF-8 dengan BOM, dialirkan",
  security,
  middleware: [requireUser, staffOnly] as const,
  request: { query: ListQuerySchema.omit({ page: true, cursor: true }) },
  responses: {
    200: { description: "CSV", content: { "text/csv": { schema: z.string() } } },
    ...errorResponses(400, 401, 403),
  },
});

export const getOne = createRoute({
  method: "get",
  path: "/review/applications/{id}",
  tags,
  summary: "Rincian permohonan untuk peninjau: data, dokumen (semua versi), riwayat, SLA, keputusan yang tersedia",
  security,
  middleware: [requireUser, staffOnly] as const,
  request: { params: idParam },
  responses: { 200: ok("Rincian", ReviewDetailSchema), ...errorResponses(401, 403, 404) },
});

export const decide = createRoute({
  method: "post",
  path: "/review/applications/{id}/decisions",
  tags,
  summary: "Putuskan tahap yang terbuka: PASSED, FAILED (catatan wajib) atau REUPLOAD (catatan dan dokumen wajib)",
  security,
  middleware: [requireUser, staffOnly] as const,
  request: { params: idParam, body: { required: true, content: { "application/json": { schema: decisionBodySchema } } } },
  responses: { 200: ok("Rincian sesudah keputusan", ReviewDetailSchema), ...errorResponses(400, 401, 403, 404, 409, 413) },
});
