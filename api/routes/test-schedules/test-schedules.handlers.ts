import { asc, eq } from "drizzle-orm";
import { testSchedules } from "../../db/schema";
import type { AppRouteHandler } from "../../lib/types";
import type * as routes from "./test-schedules.routes";

export const listTestSchedules: AppRouteHandler<typeof routes.listTestSchedules> = async (c) => {
  const rows = await c.var.deps.db
    .select()
    .from(testSchedules)
    .where(eq(testSchedules.isActive, true))
    .orderBy(asc(testSchedules.startsAt), asc(testSchedules.id));
  return c.json(
    {
      data: rows.map((r) => ({
        id: r.id,
        title: r.title,
        location: r.location,
        starts_at: r.startsAt.toISOString(),
        ends_at: r.endsAt?.toISOString() ?? null,
        registration_deadline: r.registrationDeadline?.toISOString() ?? null,
        notes: r.notes,
      })),
    },
    200,
  );
};
