import { z } from "@hono/zod-openapi";
import { JALUR_IDS } from "#domain/documents";

// The queue at a glance (GET /admin/performance for /kinerja, roles 1 and 2): counts and days only, each
// stage and body by its id (the page words them). docs/decisions/034-performance-dashboard.md says what
// each number means.

const stageId = z.number().int().openapi({ description: "Tahap (domain/workflow.ts)" });
const days = (description: string) =>
  z
    .number()
    .nullable()
    .openapi({ description: `${description}; 1 desimal; null bila tidak ada keputusan` });

export const QueueStageSchema = z
  .object({
    stage_id: stageId,
    jalur_id: z.enum(JALUR_IDS),
    sla_days: z.number().int(),
    waiting: z.number().int().openapi({ description: "Berkas yang menunggu keputusan tahap ini sekarang" }),
    overdue: z.number().int().openapi({ description: "Di antaranya yang tenggatnya (mulai tahap + SLA) sudah lewat" }),
  })
  .openapi("PerformanceQueueStage");

export const WeekFlowSchema = z
  .object({
    week: z.string().openapi({ description: "Senin awal minggu (WIB), YYYY-MM-DD", example: "2026-11-23" }),
    jalur_id: z.enum(JALUR_IDS),
    received: z.number().int().openapi({ description: "Berkas yang dikirim pertama kali minggu itu" }),
    decided: z
      .number()
      .int()
      .openapi({ description: "Berkas yang mendapat keputusan akhir minggu itu (tidak lulus di tahap mana pun, atau lulus tahap terakhir)" }),
  })
  .openapi("PerformanceWeekFlow");

export const StageMonthSchema = z
  .object({
    stage_id: stageId,
    month: z.string().openapi({ description: "Bulan keputusan (WIB), YYYY-MM", example: "2026-11" }),
    decided: z.number().int().openapi({ description: "Keputusan tahap ini bulan itu" }),
    median_days: days("Median hari dari mulai tahap sampai keputusan"),
    p90_days: days("Persentil ke-90 (peringkat terdekat) hari dari mulai tahap sampai keputusan"),
  })
  .openapi("PerformanceStageMonth");

export const BodySlaSchema = z
  .object({
    role_id: z.number().int().openapi({ description: "Badan peninjau yang memutuskan (peran)" }),
    decided: z.number().int(),
    within_sla: z.number().int().openapi({ description: "Keputusan yang diambil paling lambat pada tenggat tahapnya" }),
    within_sla_percent: z.number().nullable().openapi({ description: "within_sla ÷ decided × 100, 1 desimal; null bila tidak ada keputusan" }),
  })
  .openapi("PerformanceBodySla");

export const PerformanceSchema = z
  .object({
    computed_at: z.string().openapi({ format: "date-time" }),
    jalur_id: z.enum(JALUR_IDS).nullable().openapi({ description: "Jalur yang disaring; null: semua" }),
    period: z.string().openapi({ description: "Bulan terakhir yang ditampilkan, YYYY-MM", example: "2026-11" }),
    weeks_from: z.string().openapi({ format: "date-time", description: "Awal 26 minggu" }),
    months_from: z.string().openapi({ format: "date-time", description: "Awal 12 bulan" }),
    until: z.string().openapi({ format: "date-time", description: "Akhir 12 bulan (akhir bulan periode, atau sekarang)" }),
    weeks_until: z
      .string()
      .openapi({ format: "date-time", description: "Akhir 26 minggu (akhir minggu hari terakhir periode, atau sekarang): minggu dihitung utuh" }),
    sla: z.array(z.object({ stage_id: stageId, days: z.number().int() })).openapi({ description: "SLA tiap tahap saat dihitung" }),
    queue: z.array(QueueStageSchema),
    weeks: z.array(WeekFlowSchema),
    stage_months: z.array(StageMonthSchema),
    bodies: z.array(BodySlaSchema),
  })
  .openapi("Performance");

export type Performance = z.infer<typeof PerformanceSchema>;
export type QueueStage = z.infer<typeof QueueStageSchema>;
export type WeekFlow = z.infer<typeof WeekFlowSchema>;
export type StageMonth = z.infer<typeof StageMonthSchema>;
export type BodySla = z.infer<typeof BodySlaSchema>;
