import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { coded } from "#domain/validation-codes";
import { apiField } from "#domain/validation-details";
import type { AppEnv } from "./env";

/** Serves the OpenAPI document of every route at `path`, with the api-key and bearer schemes. */
export function documentApi(app: OpenAPIHono<AppEnv>, path: string) {
  app.openAPIRegistry.registerComponent("securitySchemes", "ApiKey", {
    type: "apiKey",
    in: "header",
    name: "x-adaptasiapikey",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "Bearer", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
  });
  app.doc(path, {
    openapi: "3.0.3",
    info: {
      title: "Adaptasi Nakes LLN API",
      version: "1.0.0",
      description: "API Portal Adaptasi Tenaga Kesehatan Lulusan Luar Negeri. Setiap panggilan membawa header x-adaptasiapikey.",
    },
    security: [{ ApiKey: [] }],
  });
}

/** A 200/201 answer as every resource gives it: `{ data }` around the schema. */
export const ok = <T extends z.ZodType>(description: string, data: T) => ({
  description,
  content: { "application/json": { schema: z.object({ data }) } },
});

/** A required JSON body of the schema. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { "application/json": { schema } } });

/** A query value sent empty ("?page=", a GET form's untouched box) read as absent. */
export const emptyAsAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema);

/** `?page=`: a list's page, a whole number of up to six digits; absent is the first. */
export const pageParam = z
  .string()
  .regex(/^\d{1,6}$/, coded("integer", { field: apiField("page") }))
  .optional()
  .openapi({ example: "1" });
