import { createRoute, z } from "@hono/zod-openapi";
import { JwksSchema, LettersSchema, LetterSchema, VerificationSchema } from "#contracts/letters";
import { DATA_SUBJECT_ROLES, SUPER_ADMIN_ONLY } from "#domain/roles";
import { errorResponses } from "../../lib/errors";
import { allow } from "../../middleware/allow";
import { requireUser } from "../../middleware/auth";

// The decision letters: the holder's (and the registering facility's) list and PDF, the public verification
// and keys, the Super Admin's revocation and new letter.

const tags = ["Surat Keterangan"];
const security = [{ ApiKey: [], Bearer: [] }];
const numberParam = z.object({
  number: z
    .string()
    .min(1)
    .max(60)
    .openapi({ param: { name: "number", in: "query" } }),
});

export const mine = createRoute({
  method: "get",
  path: "/me/letters",
  tags,
  summary:
    "Surat keterangan hasil adaptasi pemohon (Admin Fasyankes: tenaga kesehatan yang didaftarkannya; application_id menyaring satu berkas); diterbitkan saat prosesnya selesai",
  security,
  middleware: [requireUser, allow(DATA_SUBJECT_ROLES, { otherwise: "not-found" })] as const,
  request: { query: z.object({ application_id: z.string().max(60).optional() }) },
  responses: { 200: { description: "Surat, terbaru dahulu", content: { "application/json": { schema: LettersSchema } } }, ...errorResponses(401, 404) },
});

export const pdf = createRoute({
  method: "get",
  path: "/me/letters/pdf",
  tags,
  summary: "PDF surat keterangan (pemohon pemegangnya, atau Fasyankes yang mendaftarkannya)",
  security,
  middleware: [requireUser, allow(DATA_SUBJECT_ROLES, { otherwise: "not-found" })] as const,
  request: { query: numberParam },
  responses: {
    200: {
      description: "application/pdf, Content-Disposition attachment",
      content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } },
    },
    ...errorResponses(401, 404),
  },
});

export const keys = createRoute({
  method: "get",
  path: "/public/letter-keys",
  tags,
  summary: "Kunci publik penanda tangan surat (JWK Set, Ed25519): untuk memeriksa token QR surat tanpa jaringan; juga di /.well-known/adaptasi-keys.json",
  responses: { 200: { description: "JWK Set", content: { "application/json": { schema: JwksSchema } } } },
});

export const verifyToken = createRoute({
  method: "post",
  path: "/public/letters/verify-token",
  tags,
  summary: "Periksa surat dari token QR-nya: sah, dicabut (dengan tanggal) atau tidak dikenal; dibatasi per alamat (429)",
  request: { body: { content: { "application/json": { schema: z.object({ token: z.string().max(2000) }) } } } },
  responses: {
    200: { description: "Hasil pemeriksaan", content: { "application/json": { schema: z.object({ data: VerificationSchema }) } } },
    ...errorResponses(400, 429),
  },
});

export const verifyNumber = createRoute({
  method: "post",
  path: "/public/letters/verify",
  tags,
  summary:
    "Periksa surat dari nomor dan tanggal lahir pemegangnya: nomor atau tanggal yang salah sama-sama 'tidak dikenal'; dibatasi per alamat dan per nomor (429)",
  request: {
    body: {
      content: { "application/json": { schema: z.object({ number: z.string().max(60), birth_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }) } },
    },
  },
  responses: {
    200: { description: "Hasil pemeriksaan", content: { "application/json": { schema: z.object({ data: VerificationSchema }) } } },
    ...errorResponses(400, 429),
  },
});

export const ofApplication = createRoute({
  method: "get",
  path: "/admin/applications/{id}/letters",
  tags,
  summary: "Super Admin: surat keterangan sebuah berkas",
  security,
  middleware: [requireUser, allow(SUPER_ADMIN_ONLY)] as const,
  request: { params: z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) }) },
  responses: { 200: { description: "Surat, terbaru dahulu", content: { "application/json": { schema: LettersSchema } } }, ...errorResponses(401, 403, 404) },
});

export const revoke = createRoute({
  method: "post",
  path: "/admin/letters/revoke",
  tags,
  summary: "Super Admin: cabut surat dengan alasan (dicatat di log admin); pemeriksaan lalu menjawab 'dicabut'",
  security,
  middleware: [requireUser, allow(SUPER_ADMIN_ONLY)] as const,
  request: {
    body: { content: { "application/json": { schema: z.object({ number: z.string().min(1).max(60), reason: z.string().trim().min(1).max(500) }) } } },
  },
  responses: {
    200: { description: "Surat yang dicabut", content: { "application/json": { schema: z.object({ data: LetterSchema }) } } },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const reissue = createRoute({
  method: "post",
  path: "/admin/applications/{id}/letters",
  tags,
  summary: "Super Admin: terbitkan surat baru untuk berkas yang suratnya sudah dicabut semua",
  security,
  middleware: [requireUser, allow(SUPER_ADMIN_ONLY)] as const,
  request: { params: z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) }) },
  responses: {
    201: { description: "Surat baru", content: { "application/json": { schema: z.object({ data: LetterSchema }) } } },
    ...errorResponses(401, 403, 404, 409),
  },
});
