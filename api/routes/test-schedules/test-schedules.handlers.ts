import { asc, eq } from "drizzle-orm";
import type { TestScheduleForm } from "#domain/forms/cms";
import { testSchedules } from "../../db/schema";
import type { AppRouteHandler } from "../../http/env";
import { createTestSchedule, getTestSchedule, rowId, setTestScheduleActive, testScheduleOut, updateTestSchedule } from "../../services/cms";
import type * as routes from "./test-schedules.routes";

export const listTestSchedules: AppRouteHandler<typeof routes.listTestSchedules> = async (c) => {
  const rows = await c.var.deps.db
    .select()
    .from(testSchedules)
    .where(eq(testSchedules.isActive, true))
    .orderBy(asc(testSchedules.startsAt), asc(testSchedules.id));
  // The public list leaves out is_active: every entry in it is active.
  const data = rows.map((r) => {
    const { is_active: _active, ...entry } = testScheduleOut(r);
    return entry;
  });
  return c.json({ data }, 200);
};

type A = typeof routes.admin;

const create: AppRouteHandler<A["create"]> = async (c) =>
  c.json({ data: await createTestSchedule(c.var.deps.db, c.var.user, c.req.valid("json") as TestScheduleForm) }, 201);
const get: AppRouteHandler<A["get"]> = async (c) => c.json({ data: await getTestSchedule(c.var.deps.db, rowId(c.req.valid("param").id)) }, 200);
const update: AppRouteHandler<A["update"]> = async (c) =>
  c.json({ data: await updateTestSchedule(c.var.deps.db, c.var.user, rowId(c.req.valid("param").id), c.req.valid("json") as TestScheduleForm) }, 200);
const deactivate: AppRouteHandler<A["deactivate"]> = async (c) =>
  c.json({ data: await setTestScheduleActive(c.var.deps.db, c.var.user, rowId(c.req.valid("param").id), false) }, 200);
const activate: AppRouteHandler<A["activate"]> = async (c) =>
  c.json({ data: await setTestScheduleActive(c.var.deps.db, c.var.user, rowId(c.req.valid("param").id), true) }, 200);

export const admin = { create, get, update, deactivate, activate };
