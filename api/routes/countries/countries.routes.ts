import { createRoute, z } from "@hono/zod-openapi";
import { CountrySchema } from "#contracts/reference";

export const listCountries = createRoute({
  method: "get",
  path: "/countries",
  tags: ["Referensi"],
  summary: "Daftar negara (nama dalam bahasa Indonesia) untuk pilihan kewarganegaraan",
  responses: {
    200: {
      description: "Negara, urut nama",
      content: { "application/json": { schema: z.object({ data: z.array(CountrySchema) }) } },
    },
  },
});
