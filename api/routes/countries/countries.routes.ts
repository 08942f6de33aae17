import { createRoute, z } from "@hono/zod-openapi";

export const CountrySchema = z
  .object({
    code: z.string().openapi({ description: "ISO 3166-1 alpha-2", example: "MY" }),
    name: z.string().openapi({ example: "Malaysia" }),
  })
  .openapi("Country");

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
