import { createRoute, z } from "@hono/zod-openapi";

const dateTime = (description?: string) => z.string().openapi({ format: "date-time", description });

export const TestScheduleSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    location: z.string(),
    starts_at: dateTime(),
    ends_at: dateTime().nullable(),
    registration_deadline: dateTime("Batas akhir pendaftaran").nullable(),
    notes: z.string().nullable(),
  })
  .openapi("TestSchedule");

export const listTestSchedules = createRoute({
  method: "get",
  path: "/test-schedules",
  tags: ["Jadwal"],
  summary: "Jadwal uji kompetensi yang aktif, urut waktu mulai",
  responses: {
    200: {
      description: "Jadwal",
      content: { "application/json": { schema: z.object({ data: z.array(TestScheduleSchema) }) } },
    },
  },
});
