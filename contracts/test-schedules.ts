import { z } from "@hono/zod-openapi";

// The competency test schedule (GET /test-schedules for /test-schedule; /admin/test-schedules for the
// Admin's /master-cms): the API validates and documents with these schemas; the portal's pages are
// typed with the types below (types only; no zod reaches a page).

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

/** The Admin's view keeps inactive entries for the record. */
export const AdminTestScheduleSchema = TestScheduleSchema.extend({ is_active: z.boolean() }).openapi("AdminTestSchedule");

export type TestSchedule = z.infer<typeof TestScheduleSchema>;
export type AdminTestSchedule = z.infer<typeof AdminTestScheduleSchema>;
