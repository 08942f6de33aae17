import { createRoute, z } from "@hono/zod-openapi";
import { coded } from "#domain/validation-codes";
import { apiField } from "#domain/validation-details";
import { errorResponses } from "../../lib/errors";
import { emailField, jsonObject, requiredText } from "../../lib/validation";
import { jsonBody } from "../../http/openapi";

const tags = ["Auth"];

export const TokenResponseSchema = z
  .object({
    token: z.object({
      type: z.literal("bearer"),
      token: z.string().openapi({ description: "Access token (JWT HS256, 1 jam)" }),
      refreshToken: z.string().openapi({ description: "Refresh token; sekali pakai, diganti pada setiap refresh" }),
    }),
  })
  .openapi("TokenResponse");

// Refresh tokens are 43 characters; the cap only keeps junk out.
const refreshTokenField = requiredText("refresh_token", 512);

export const login = createRoute({
  method: "post",
  path: "/login",
  tags,
  summary: "Masuk dengan e-mail dan kata sandi",
  request: {
    body: jsonBody(
      jsonObject({
        email: emailField(),
        // Generous for existing passwords, small enough to keep argon2 cheap.
        password: requiredText("password", 1024),
      }),
    ),
  },
  responses: {
    200: { description: "Token akses dan refresh", content: { "application/json": { schema: TokenResponseSchema } } },
    ...errorResponses(400, 401, 403, 413, 429),
  },
});

export const refresh = createRoute({
  method: "post",
  path: "/refresh",
  tags,
  summary: "Tukar refresh token dengan pasangan token baru (rotasi)",
  request: {
    body: jsonBody(jsonObject({ refresh_token: refreshTokenField })),
  },
  responses: {
    200: { description: "Pasangan token baru", content: { "application/json": { schema: TokenResponseSchema } } },
    ...errorResponses(400, 401, 413),
  },
});

export const revoke = createRoute({
  method: "post",
  path: "/revoke",
  tags,
  summary: "Akhiri sesi (logout) atau semua sesi pengguna",
  request: {
    body: jsonBody(
      jsonObject({
        refresh_token: refreshTokenField,
        all: z
          .boolean({ error: () => coded("invalid_type", { field: apiField("all"), kind: "boolean" }) })
          .optional()
          .default(false),
      }),
    ),
  },
  responses: {
    200: {
      description: "Jumlah refresh token yang dicabut",
      content: { "application/json": { schema: z.object({ data: z.object({ revoked: z.number().int() }) }) } },
    },
    ...errorResponses(400, 401, 413),
  },
});
