import { z } from "@hono/zod-openapi";
import { pageParam } from "../../http/openapi";
import { coded } from "#domain/validation-codes";
import { apiField } from "#domain/validation-details";
import { PageMetaSchema } from "#contracts/admin";
import { ENTRY_STATUSES } from "#domain/forms/admin";

// Pieces every /admin route uses: the security, JSON envelopes, list paging and audit entries.

export const security = [{ ApiKey: [], Bearer: [] }];

export { jsonBody as json, ok } from "../../http/openapi";

export const listOk = <T extends z.ZodType>(description: string, row: T) => ({
  description,
  content: { "application/json": { schema: z.object({ data: z.array(row), meta: PageMetaSchema }) } },
});

/** ?page=&q=&status= shared by the lists; page is a whole number from 1. */
export const listQuery = {
  page: pageParam,
  q: z
    .string()
    .max(100, coded("too_long", { field: apiField("search"), max: 100 }))
    .optional(),
  status: z.enum(ENTRY_STATUSES, { error: () => coded("entry_status", { field: apiField("status") }) }).optional(),
};

export const pageOf = (page: string | undefined) => Math.max(1, Number(page ?? 1) || 1);

export const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });
