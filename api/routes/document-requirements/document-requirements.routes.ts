import { createRoute, z } from "@hono/zod-openapi";
import { DocumentRequirementSchema, DocumentRequirementsQuerySchema } from "#contracts/document-requirements";
import { errorResponses } from "../../lib/errors";

export const listDocumentRequirements = createRoute({
  method: "get",
  path: "/document-requirements",
  tags: ["Dokumen"],
  summary: "Dokumen persyaratan yang aktif, urut order_num",
  request: { query: DocumentRequirementsQuerySchema },
  responses: {
    200: {
      description: "Dokumen persyaratan",
      content: { "application/json": { schema: z.object({ data: z.array(DocumentRequirementSchema) }) } },
    },
    ...errorResponses(400),
  },
});
