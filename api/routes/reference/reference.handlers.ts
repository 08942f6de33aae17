import { and, asc, eq, ilike } from "drizzle-orm";
import { achievementTypes, institutions, specializations } from "../../db/schema";
import type { AppRouteHandler } from "../../http/env";
import type * as routes from "./reference.routes";

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export const listInstitutions: AppRouteHandler<typeof routes.listInstitutions> = async (c) => {
  const { q, country } = c.req.valid("query");
  const t = institutions;
  const rows = await c.var.deps.db
    .select({ id: t.id, name: t.name, country: t.country })
    .from(t)
    .where(and(eq(t.isActive, true), q?.trim() ? ilike(t.name, likePattern(q.trim())) : undefined, country ? eq(t.country, country.toUpperCase()) : undefined))
    .orderBy(asc(t.name))
    .limit(50);
  return c.json({ data: rows }, 200);
};

export const listSpecializations: AppRouteHandler<typeof routes.listSpecializations> = async (c) => {
  const t = specializations;
  const rows = await c.var.deps.db.select({ id: t.id, name: t.name }).from(t).where(eq(t.isActive, true)).orderBy(asc(t.name));
  return c.json({ data: rows }, 200);
};

export const listAchievementTypes: AppRouteHandler<typeof routes.listAchievementTypes> = async (c) => {
  const t = achievementTypes;
  const rows = await c.var.deps.db.select({ code: t.code, name: t.name }).from(t).orderBy(asc(t.orderNum));
  return c.json({ data: rows }, 200);
};
