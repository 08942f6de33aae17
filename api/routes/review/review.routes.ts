import { createRoute, z } from "@hono/zod-openapi";
import { JALUR_IDS } from "#domain/documents";
import { DIRS, SORTS, TABS } from "#domain/review-filters";
import { decisionBodySchema } from "#domain/forms/review";
import { STAFF_ROLES } from "#domain/roles";
import { DECISIONS, STAGE_IDS } from "#domain/workflow";
import { validationMessage as m } from "#domain/validation";
import { errorResponses } from "../../lib/errors";
import { allow } from "../../middleware/allow";
import { requireUser } from "../../middleware/auth";
import { ApplicationSchema, LabelSchema, StatusSchema } from "#contracts/applications";
import { ProfileSchema } from "#contracts/profile";

// The review workflow (docs/contracts/review-api.md): lists, CSV, detail, decisions.

const tags = ["Peninjauan"];
const security = [{ ApiKey: [], Bearer: [] }];

/** Staff roles only (403 STAFF_ONLY), before any query or body is read. */
const staffOnly = allow(STAFF_ROLES, { otherwise: "STAFF_ONLY" });


// Query values arrive as text; an empty one counts as absent.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
const oneOf = <T extends string>(field: string, values: readonly [T, ...T[]]) => z.enum(values, { error: () => m("oneOf", { field }) });
const wholeNumber = (field: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\s*\d{1,7}\s*$/, m("integer", { field }))
    .transform(Number)
    .pipe(z.number().min(min, m("min_value", { field, min })).max(max, m("max_value", { field, max })));

const Q_MAX = 100;

export const ListQuerySchema = z.object({
  tab: optional(oneOf("Tab", TABS)).openapi({ description: "action (default; role 1: all) atau all" }),
  page: optional(wholeNumber("Halaman", 1, 1_000_000)),
  q: optional(z.string().max(Q_MAX, `Pencarian ${m("max", { length: Q_MAX })}`)).openapi({ description: "Nomor registrasi, nama atau e-mail" }),
  jalur: optional(oneOf("Jalur", JALUR_IDS)),
  stage: optional(
    wholeNumber("Tahap", 1, 99).refine((n) => (STAGE_IDS as readonly number[]).includes(n), m("oneOf", { field: "Tahap" })),
  ).openapi({ description: "Tahap yang terbuka, atau tahap tersimpan bila tidak ada yang terbuka" }),
  label: optional(wholeNumber("Status", 1, 13)).openapi({ description: "Nomor aturan label status (1–13)" }),
  overdue: optional(oneOf("Lewat tenggat", ["1", "0"]).transform((v) => v === "1")),
  sort: optional(oneOf("Urutan", SORTS)),
  dir: optional(oneOf("Arah urutan", DIRS)),
});

const StageRef = z.object({ id: z.number().int(), name: z.string() });

export const ReviewRowSchema = z
  .object({
    id: z.string().uuid(),
    registration_number: z.string(),
    applicant_name: z.string().nullable(),
    applicant_email: z.string().nullable(),
    jalur_id: z.enum(JALUR_IDS),
    status: StatusSchema.nullable(),
    is_submitted: z.boolean(),
    stage: StageRef.nullable(),
    open_stage: StageRef.nullable().openapi({ description: "Tahap yang menunggu keputusan" }),
    label: LabelSchema,
    submitted_at: z.string().nullable(),
    deadline_at: z.string().nullable(),
    days_left: z.number().int().nullable().openapi({ description: "Hari tersisa (dibulatkan menjauhi nol), negatif bila lewat tenggat" }),
    overdue: z.boolean(),
    may_decide: z.boolean(),
    submitted_by_facility: z.boolean(),
  })
  .openapi("ReviewRow");

const ListSchema = z.object({
  data: z.array(ReviewRowSchema),
  meta: z.object({
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
    counts: z.object({ action: z.number().int(), all: z.number().int() }),
  }),
});

export const ReviewDetailSchema = z
  .object({
    application: ApplicationSchema,
    applicant: ProfileSchema.extend({
      kind: z.enum(["WNI", "WNA"]),
      institution_name: z.string().nullable(),
      specialization_name: z.string().nullable(),
    }),
    submitted_by: z.object({ name: z.string().nullable(), email: z.string().nullable(), facility: z.boolean() }),
    documents: z.array(
      z.object({
        requirement_id: z.number().int(),
        name: z.string(),
        merged: z.boolean(),
        versions: z.array(
          z.object({
            file_id: z.string().uuid(),
            original_name: z.string(),
            size: z.number().int(),
            detected_type: z.string(),
            uploaded_at: z.string(),
            version: z.number().int(),
            is_current: z.boolean(),
          }),
        ),
      }),
    ),
    portfolio: z.array(
      z.object({ kind: z.string(), title: z.string(), institution: z.string().nullable(), year: z.number().int().nullable(), description: z.string().nullable() }),
    ),
    achievements: z.object({
      items: z.array(
        z.object({ type_code: z.string(), type_name: z.string(), title: z.string(), year: z.number().int().nullable(), description: z.string().nullable() }),
      ),
      done: z.boolean(),
    }),
    audit: z.array(
      z.object({
        id: z.number().int(),
        at: z.string(),
        action: z.string(),
        actor_name: z.string().nullable(),
        actor_role: z.number().int(),
        from: z.string().nullable(),
        to: z.string().nullable(),
        from_stage_id: z.number().int().nullable(),
        from_status: StatusSchema.nullable(),
        to_stage_id: z.number().int().nullable(),
        to_status: StatusSchema.nullable(),
        note: z.string().nullable().openapi({ description: "Untuk pemohon" }),
        internal_note: z.string().nullable().openapi({ description: "Hanya untuk peninjau" }),
        details: z.array(z.object({ requirement_id: z.number().int(), reason: z.string() })).nullable(),
      }),
    ),
    sla: z
      .object({
        stage: StageRef,
        started_at: z.string().nullable(),
        deadline_at: z.string().nullable(),
        days: z.number().int().nullable(),
        days_left: z.number().int().nullable(),
        overdue: z.boolean(),
      })
      .nullable(),
    open_stage: StageRef.nullable(),
    may_decide: z.boolean(),
    decisions: z.array(z.enum(DECISIONS)),
  })
  .openapi("ReviewDetail");

const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });
const ok = <T extends z.ZodType>(description: string, data: T) => ({
  description,
  content: { "application/json": { schema: z.object({ data }) } },
});

export const list = createRoute({
  method: "get",
  path: "/review/applications",
  tags,
  summary: "Daftar permohonan yang boleh dilihat peran ini: tab, pencarian, filter, urutan, 25 per halaman",
  security,
  middleware: [requireUser, staffOnly] as const,
  request: { query: ListQuerySchema },
  responses: { 200: { description: "Satu halaman dan jumlah kedua tab", content: { "application/json": { schema: ListSchema } } }, ...errorResponses(400, 401, 403) },
});

export const exportCsv = createRoute({
  method: "get",
  path: "/review/applications.csv",
  tags,
  summary: "Semua baris daftar (kueri yang sama, tanpa halaman) sebagai CSV UTF-8 dengan BOM, dialirkan",
  security,
  middleware: [requireUser, staffOnly] as const,
  request: { query: ListQuerySchema.omit({ page: true }) },
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
