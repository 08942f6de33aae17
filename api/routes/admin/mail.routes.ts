import { createRoute, z } from "@hono/zod-openapi";
import { FailedMailSchema, MailDeliverySchema } from "#contracts/admin";
import { SUPER_ADMIN_ONLY } from "#domain/roles";
import { errorResponses } from "../../lib/errors";
import { allow } from "../../middleware/allow";
import { requireUser } from "../../middleware/auth";
import { idParam, ok, security } from "./shared";

// /mail-outbox: the mails the worker gave up on (docs/decisions/020-mail-outbox.md), and sending one again.

const tags = ["Admin: Surel"];
const middleware = [requireUser, allow(SUPER_ADMIN_ONLY)];

export const listFailedMails = createRoute({
  method: "get",
  path: "/admin/mail-outbox/failed",
  tags,
  summary: "Surel yang gagal terkirim setelah percobaan terakhir, terbaru dahulu (paling banyak 500)",
  security,
  middleware,
  responses: { 200: ok("Surel gagal", z.array(FailedMailSchema)), ...errorResponses(401, 403) },
});

export const mailDelivery = createRoute({
  method: "get",
  path: "/admin/mail-outbox/delivery",
  tags,
  summary: "Apakah surel keluar dari instans ini: dikirim, ditahan (salinan basis data dengan PUBLIC_URL lain) atau dialihkan (MAIL_REDIRECT_TO)",
  security,
  middleware,
  responses: { 200: ok("Keadaan pengiriman surel", MailDeliverySchema), ...errorResponses(401, 403) },
});

export const resendFailedMail = createRoute({
  method: "post",
  path: "/admin/mail-outbox/{id}/resend",
  tags,
  summary: "Kirim ulang surel yang gagal: kembali menunggu, dengan hitungan percobaan baru",
  security,
  middleware,
  request: { params: idParam },
  responses: { 200: ok("Surel menunggu dikirim", z.object({ id: z.string(), status: z.literal("pending") })), ...errorResponses(401, 403, 404) },
});
