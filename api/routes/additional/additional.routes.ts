import { createRoute, z } from "@hono/zod-openapi";
import { AdditionalListSchema } from "#contracts/additional";
import { additionalRequestSchema } from "#domain/forms/additional";
import { STAFF_ROLES } from "#domain/roles";
import { errorResponses } from "../../lib/errors";
import { allow } from "../../middleware/allow";
import { requireUser } from "../../middleware/auth";
import { ok } from "../../http/openapi";

// Extra documents a reviewer asks an SPE applicant for (/portfolio/additional-requirements).

const tags = ["Dokumen Tambahan"];
const security = [{ ApiKey: [], Bearer: [] }];

const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });

export const list = createRoute({
  method: "get",
  path: "/applications/{id}/additional-requirements",
  tags,
  summary: "Dokumen tambahan yang diminta peninjau untuk permohonan SPE",
  security,
  middleware: [requireUser] as const,
  request: { params: idParam },
  responses: { 200: ok("Permintaan dan berkasnya", AdditionalListSchema), ...errorResponses(401, 404) },
});

export const upload = createRoute({
  method: "post",
  path: "/applications/{id}/additional-requirements/{requestId}/file",
  tags,
  summary: "Unggah berkas untuk satu permintaan (multipart, isian `file`; JPG, PNG atau PDF, maks. 5MB)",
  security,
  middleware: [requireUser] as const,
  request: { params: idParam.extend({ requestId: z.string().openapi({ param: { name: "requestId", in: "path" } }) }) },
  responses: { 200: ok("Tersimpan", AdditionalListSchema), ...errorResponses(400, 401, 404, 409, 413, 429) },
});

export const request = createRoute({
  method: "post",
  path: "/review/applications/{id}/additional-requirements",
  tags,
  summary: "Peninjau tahap yang sedang terbuka meminta dokumen tambahan dari pemohon SPE",
  security,
  // Staff only, decided before the body is read (the access matrix); anyone else reads "not found"
  middleware: [requireUser, allow(STAFF_ROLES, { otherwise: "not-found" })] as const,
  request: { params: idParam, body: { required: true, content: { "application/json": { schema: additionalRequestSchema } } } },
  responses: { 201: ok("Permintaan dibuat", AdditionalListSchema), ...errorResponses(400, 401, 403, 404) },
});
