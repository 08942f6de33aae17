import { createRoute, z } from "@hono/zod-openapi";
import { ProcessingTimesSchema } from "#contracts/public";

export const processingTimes = createRoute({
  method: "get",
  path: "/public/processing-times",
  tags: ["Publik"],
  summary: "Waktu proses per jalur dan tahap: median dan persentil ke-90 hari, jumlah keputusan dan persentase dalam SLA, 12 bulan terakhir (agregat saja; dihitung ulang paling sering sekali sejam)",
  responses: {
    200: {
      description: "Waktu proses",
      content: { "application/json": { schema: z.object({ data: ProcessingTimesSchema }) } },
    },
  },
});
