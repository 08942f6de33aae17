import { and, asc, eq, sql } from "drizzle-orm";
import { documentRequirements } from "../../db/schema";
import type { AppRouteHandler } from "../../http/env";
import type * as routes from "./document-requirements.routes";

export const listDocumentRequirements: AppRouteHandler<typeof routes.listDocumentRequirements> = async (c) => {
  const { jalur } = c.req.valid("query");
  const t = documentRequirements;
  const rows = await c.var.deps.db
    .select()
    .from(t)
    .where(and(eq(t.isActive, true), jalur ? eq(t.jalurId, jalur) : undefined))
    // Pathways in the spec's order (REG, SPE, OTH), then each pathway's own order.
    .orderBy(sql`array_position(array['REG', 'SPE', 'OTH'], ${t.jalurId})`, asc(t.orderNum), asc(t.id));
  return c.json(
    {
      data: rows.map((r) => ({
        id: r.id,
        jalur_id: r.jalurId,
        name: r.name,
        description: r.description,
        help_text: r.helpText,
        max_size: r.maxSize,
        allowed_extnames: r.allowedExtnames,
        order_num: r.orderNum,
        is_active: r.isActive,
        created_at: r.createdAt.toISOString(),
        updated_at: r.updatedAt?.toISOString() ?? null,
        is_kek: r.isKek,
        allowed_mimetypes: r.allowedMimetypes,
        merged: r.merged,
      })),
    },
    200,
  );
};
