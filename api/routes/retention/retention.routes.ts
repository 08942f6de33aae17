import { createRoute, z } from "@hono/zod-openapi";
import { emptyAsAbsent, pageParam } from "../../http/openapi";
import { coded } from "#domain/validation-codes";
import { apiField } from "#domain/validation-details";
import { RetentionPageSchema } from "#contracts/retention";
import { APPLICANT_ROLES, SUPER_ADMIN_ONLY } from "#domain/roles";
import { errorResponses } from "../../lib/errors";
import { allow } from "../../middleware/allow";
import { requireUser } from "../../middleware/auth";

// Kept no longer than needed (docs/decisions/029-retention-and-deletion.md).

const tags = ["Penyimpanan Data"];
const security = [{ ApiKey: [], Bearer: [] }];

export const plannedDeletions = createRoute({
  method: "get",
  path: "/admin/retention",
  tags,
  summary: "Yang akan dihapus atau dianonimkan oleh tugas penyimpanan data, dan kapan: paling awal dulu, 25 per halaman",
  security,
  middleware: [requireUser, allow(SUPER_ADMIN_ONLY)] as const,
  request: {
    query: z.object({
      page: emptyAsAbsent(pageParam),
    }),
  },
  responses: {
    200: { description: "Pengaturan dan satu halaman rencana penghapusan", content: { "application/json": { schema: RetentionPageSchema } } },
    ...errorResponses(400, 401, 403),
  },
});

export const deleteOwnAccount = createRoute({
  method: "delete",
  path: "/me/account",
  tags,
  summary: "Pemohon yang belum pernah mengajukan permohonan menghapus akunnya sendiri, dengan draf, data pribadi dan berkasnya",
  security,
  middleware: [requireUser, allow(APPLICANT_ROLES, { otherwise: "not-found" })] as const,
  responses: {
    200: {
      description: "Akun dihapus; sesinya berakhir",
      content: { "application/json": { schema: z.object({ data: z.object({ deleted: z.literal(true) }) }) } },
    },
    ...errorResponses(401, 404, 409),
  },
});
