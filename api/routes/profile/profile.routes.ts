import { createRoute, z } from "@hono/zod-openapi";
import { ProfileSchema } from "#contracts/profile";
import { profileFormSchema } from "#domain/forms/profile";
import { errorResponses } from "../../lib/errors";
import { requireUser } from "../../middleware/auth";
import { ok } from "../../http/openapi";

const tags = ["Data Pribadi"];
const security = [{ ApiKey: [], Bearer: [] }];

export const getProfile = createRoute({
  method: "get",
  path: "/me/profile",
  tags,
  summary: "Data pribadi pemohon (terisi dari akun bila belum disimpan)",
  security,
  middleware: [requireUser] as const,
  responses: { 200: ok("Data pribadi", ProfileSchema), ...errorResponses(401) },
});

export const putProfile = createRoute({
  method: "put",
  path: "/me/profile",
  tags,
  summary: "Simpan data pribadi (skema domain/forms/profile.ts)",
  security,
  middleware: [requireUser] as const,
  request: { body: { required: true, content: { "application/json": { schema: profileFormSchema } } } },
  responses: { 200: ok("Data pribadi", ProfileSchema), ...errorResponses(400, 401, 413) },
});

export const uploadPhoto = createRoute({
  method: "post",
  path: "/me/profile/photo",
  tags,
  summary: "Unggah pas foto (isian photo, JPG/PNG, maks. 2MB)",
  security,
  middleware: [requireUser] as const,
  // No declared body: the validator would parse it into memory; the handler streams it.
  description: "Isi multipart/form-data dengan isian berkas photo.",
  responses: { 200: ok("Foto disimpan", z.object({ file_id: z.string().uuid() })), ...errorResponses(400, 401, 413, 429) },
});
