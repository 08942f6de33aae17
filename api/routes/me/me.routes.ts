import { createRoute, z } from "@hono/zod-openapi";
import { MeSchema } from "#contracts/me";
import { errorResponses } from "../../lib/errors";
import { newPasswordRule } from "#domain/forms/accounts";
import { jsonObject, requiredText } from "../../lib/validation";
import { requireUser } from "../../middleware/auth";
import { jsonBody } from "../../http/openapi";

const tags = ["Pengguna"];
const security = [{ ApiKey: [], Bearer: [] }];

export const getMe = createRoute({
  method: "get",
  path: "/admin/get-me",
  tags,
  summary: "Pengguna yang sedang masuk",
  security,
  middleware: [requireUser] as const,
  responses: {
    200: { description: "Data pengguna", content: { "application/json": { schema: z.object({ data: MeSchema }) } } },
    ...errorResponses(401),
  },
});

export const changePassword = createRoute({
  method: "post",
  path: "/me/password",
  tags,
  summary: "Ganti kata sandi; semua sesi lain diakhiri",
  security,
  middleware: [requireUser] as const,
  request: {
    body: jsonBody(
      jsonObject({
        current_password: requiredText("current_password", 1024),
        new_password: newPasswordRule("Kata Sandi Baru"),
      }),
    ),
  },
  responses: {
    200: {
      description: "Kata sandi diganti",
      content: { "application/json": { schema: z.object({ data: z.object({ ok: z.literal(true) }) }) } },
    },
    ...errorResponses(400, 401, 413),
  },
});
