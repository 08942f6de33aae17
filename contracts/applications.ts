import { z } from "@hono/zod-openapi";
import { JALUR_IDS } from "#domain/documents";
import { APPLICATION_STATUSES, LABEL_COLOURS } from "#domain/status-label";
import { rules } from "#domain/validation";
import { coded, labelRef } from "#domain/validation-codes";

// The application as the API answers it (GET /applications/current, /applications/:id, the review
// detail, a facility's registration): the API validates and documents with these schemas, the
// portal types its pages with the types below. Types only cross to the portal; no zod reaches a page.

/** An application's stored status and its label (spec §4), as every resource that shows an application answers them. */
/** A reference to a named row by its id and its stored name: a position, an activity kind. */
export const RefSchema = z.object({ id: z.number().int(), name: z.string() });

/** A stage of the workflow by its id: a page words it in the request's language (locales/<lng>/workflow.json). */
export const StageRefSchema = z.object({ id: z.number().int().openapi({ description: "Tahap (stage id)" }) });

export const StatusSchema = z.enum(APPLICATION_STATUSES);

/**
 * One move of an application: who did what, from which (stage, status) to which, by their ids and codes;
 * a page words them in the request's language.
 */
export const MoveSchema = z.object({
  at: z.string(),
  action: z.string(),
  actor_role: z.number().int().openapi({ description: "Peran pelaku (role_id)" }),
  from_stage_id: z.number().int().nullable(),
  from_status: StatusSchema.nullable(),
  to_stage_id: z.number().int().nullable(),
  to_status: StatusSchema.nullable(),
});
/** Spec §4's label by its rule (1–12; 13: no label) and its colour: a page words the rule in the request's language. */
export const LabelSchema = z.object({ rule: z.number().int(), colour: z.enum(LABEL_COLOURS) });

/** The first columns of every list of applications (the review lists, a facility's registrations). */
export const applicationRowFields = {
  id: z.string().uuid(),
  registration_number: z.string(),
  applicant_name: z.string().nullable(),
  applicant_email: z.string().nullable(),
  jalur_id: z.enum(JALUR_IDS),
};

export const ApplicationSchema = z
  .object({
    id: z.string().uuid(),
    registration_number: z.string().openapi({ example: "ADP-2026-000123" }),
    jalur_id: z.enum(JALUR_IDS),
    status: StatusSchema.nullable(),
    is_submitted: z.boolean(),
    tahap: StageRefSchema.nullable(),
    label: LabelSchema,
    submitted_at: z.string().nullable(),
    stage_started_at: z.string().nullable(),
    stage_deadline: z.string().nullable(),
    holder_roles: z
      .array(z.number().int())
      .nullable()
      .openapi({ description: "Peran yang memegang berkas (role_id); portal menamainya dalam bahasa permintaan" }),
    documents: z.array(
      z.object({
        requirement_id: z.number().int(),
        name: z.string(),
        file_id: z.string().uuid(),
        original_name: z.string(),
        size: z.number().int(),
        uploaded_at: z.string(),
        version: z.number().int(),
      }),
    ),
    missing: z.array(z.number().int()),
    reupload: z.array(
      z.object({
        requirement_id: z.number().int(),
        reason: z.string(),
        fixed: z.boolean().openapi({ description: "Sudah diunggah ulang sejak diminta; berkas dikirim kembali lewat /reupload/submit" }),
      }),
    ),
    achievements_done: z.boolean(),
    timeline: z.array(MoveSchema.extend({ note: z.string().nullable() })),
  })
  .openapi("Application");

/** What the applicant's workspace (/) shows of the current application: its state and how many documents are missing. */
export const ApplicationSummarySchema = z
  .object({
    id: z.string().uuid(),
    jalur_id: z.enum(JALUR_IDS),
    status: StatusSchema.nullable(),
    is_submitted: z.boolean(),
    tahap: StageRefSchema.nullable(),
    label: LabelSchema,
    missing_count: z.number().int().openapi({ description: "Dokumen wajib yang belum diunggah" }),
  })
  .openapi("ApplicationSummary");
export type ApplicationSummary = z.infer<typeof ApplicationSummarySchema>;

export type Application = z.infer<typeof ApplicationSchema>;

/**
 * Every version of every document of one application, oldest first (GET /applications/:id/file-history): when
 * each was uploaded and, once replaced, when and for which reviewer's reason (the "Perbaikan Berkas" request).
 */
export const FileHistorySchema = z
  .object({
    application_id: z.string().uuid(),
    documents: z.array(
      z.object({
        requirement_id: z.number().int(),
        name: z.string(),
        versions: z.array(
          z.object({
            version: z.number().int(),
            file_id: z.string().uuid(),
            original_name: z.string(),
            size: z.number().int(),
            uploaded_at: z.string(),
            is_current: z.boolean(),
            replaced_at: z.string().nullable().openapi({ description: "Saat versi berikutnya diunggah; null bila belum diganti" }),
            replaced_reason: z
              .string()
              .nullable()
              .openapi({ description: "Alasan peninjau pada permintaan Perbaikan Berkas yang dijawab versi berikutnya; null bila diganti sendiri (draf)" }),
          }),
        ),
      }),
    ),
  })
  .openapi("FileHistory");

export type FileHistory = z.infer<typeof FileHistorySchema>;
export type FileHistoryDocument = FileHistory["documents"][number];
export type ApplicationDocument = Application["documents"][number];
export type StatusLabel = z.infer<typeof LabelSchema>;

// The SPE pathway's extras (spec §3 session working data: portfolio, achievementType, isAchievementDone):
// the same shape is sent and answered.

/** The most rows of a portfolio or of the achievements one save sends. */
const ENTRIES_MAX = 50;
const year = z.number().int().min(1950).max(2100).nullable().optional();
const optionalText = (max: number) => rules.optionalText({ max }).nullable();

export const PortfolioSchema = z
  .object({
    entries: z
      .array(
        z.object({
          kind: rules.text(labelRef("applicant:portfolio.fields.kind"), { max: 50 }),
          title: rules.text(labelRef("applicant:portfolio.fields.title"), { max: 200 }),
          institution: optionalText(200),
          year,
          description: optionalText(2000),
        }),
      )
      .max(ENTRIES_MAX, coded("too_many_entries", { max: ENTRIES_MAX })),
  })
  .openapi("Portfolio");

export const AchievementsSchema = z
  .object({
    items: z
      .array(
        z.object({
          type_code: rules.text(labelRef("applicant:achievement.fields.type_code"), { max: 50 }),
          title: rules.text(labelRef("applicant:achievement.fields.title"), { max: 200 }),
          year,
          description: optionalText(2000),
        }),
      )
      .max(ENTRIES_MAX, coded("too_many_entries", { max: ENTRIES_MAX })),
    done: z.boolean(),
  })
  .openapi("Achievements");

export type Portfolio = z.infer<typeof PortfolioSchema>;
export type PortfolioEntry = Portfolio["entries"][number];
export type Achievements = z.infer<typeof AchievementsSchema>;
export type AchievementItem = Achievements["items"][number];
