import { z } from "@hono/zod-openapi";
import { JALUR_IDS } from "#domain/documents";

// The public processing times (GET /public/processing-times for /waktu-proses): aggregates over the
// decisions of the last 12 months, never a person or a file. The page takes the types only.

export const StageTimesSchema = z
  .object({
    stage_id: z.number().int().openapi({ description: "Nomor tahap (halaman menamainya dari berkas bahasa)" }),
    sla_days: z.number().int().openapi({ description: "Hari yang diberikan untuk tahap ini (pengaturan SLA saat dihitung)" }),
    decided: z.number().int().nullable().openapi({ description: "Keputusan dalam 12 bulan terakhir; null bila ada tetapi kurang dari min_decided" }),
    median_days: z.number().nullable().openapi({ description: "Median hari dari mulai tahap sampai keputusan, 1 desimal; null bila kurang dari min_decided" }),
    p90_days: z.number().nullable().openapi({ description: "90% keputusan diambil dalam sekian hari (persentil ke-90, peringkat terdekat)" }),
    within_sla_percent: z.number().int().nullable().openapi({ description: "Persentase keputusan dalam SLA, dibulatkan" }),
  })
  .openapi("StageTimes");

export const ProcessingTimesSchema = z
  .object({
    computed_at: z.string().openapi({ format: "date-time", description: "Saat dihitung; dihitung ulang paling sering sekali sejam" }),
    window_from: z.string().openapi({ format: "date-time", description: "Awal jendela 12 bulan" }),
    min_decided: z.number().int().openapi({ description: "Di bawah jumlah keputusan ini angka tahap tidak ditampilkan" }),
    pathways: z.array(z.object({ jalur: z.enum(JALUR_IDS), stages: z.array(StageTimesSchema) })),
  })
  .openapi("ProcessingTimes");

export type StageTimes = z.infer<typeof StageTimesSchema>;
export type ProcessingTimes = z.infer<typeof ProcessingTimesSchema>;
