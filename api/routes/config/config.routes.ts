import { createRoute, z } from "@hono/zod-openapi";
import { PublicConfigSchema } from "#contracts/config";

export const getPublicConfig = createRoute({
  method: "get",
  path: "/config/public",
  tags: ["Konfigurasi"],
  summary: "Pengaturan publik portal (tautan navbar, tautan FAQ)",
  responses: {
    200: { description: "Pengaturan", content: { "application/json": { schema: z.object({ data: PublicConfigSchema }) } } },
  },
});
