import { z } from "@hono/zod-openapi";
import { DECISIONS } from "#domain/workflow";
import { ApplicationSchema, applicationRowFields, LabelSchema, StageRefSchema, StatusSchema } from "./applications";
import { ProfileSchema } from "./profile";

// The review lists and the review detail as the API answers them (GET /review/applications, …/:id,
// and a decision's answer): the API validates and documents with these schemas; the portal's
// review pages use their types.

export const StageRef = StageRefSchema;

export const ReviewRowSchema = z
  .object({
    ...applicationRowFields,
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

export const ListSchema = z.object({
  data: z.array(ReviewRowSchema),
  meta: z.object({
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
    counts: z.object({ action: z.number().int(), all: z.number().int() }),
  }),
  cursors: z
    .object({ before: z.string().nullable(), after: z.string().nullable() })
    .openapi({ description: "Untuk tautan ke halaman sebelum (before) dan sesudah (after) halaman ini: parameter cursor" }),
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
      z.object({
        kind: z.string(),
        title: z.string(),
        institution: z.string().nullable(),
        year: z.number().int().nullable(),
        description: z.string().nullable(),
      }),
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

export type ReviewRow = z.infer<typeof ReviewRowSchema>;
export type ReviewListMeta = z.infer<typeof ListSchema>["meta"];
export type ReviewListCursors = z.infer<typeof ListSchema>["cursors"];
export type ReviewDetail = z.infer<typeof ReviewDetailSchema>;
export type DocumentVersion = ReviewDetail["documents"][number]["versions"][number];
export type ReviewAuditEntry = ReviewDetail["audit"][number];
export type Sla = NonNullable<ReviewDetail["sla"]>;
