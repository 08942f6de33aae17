import { ApiError } from "../../lib/errors";
import type { AppRouteHandler } from "../../http/env";
import { listFailedMails as failedMails, outboxCounts, resendFailedMail as resend } from "../../services/mail-outbox";
import type * as routes from "./mail.routes";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const listFailedMails: AppRouteHandler<typeof routes.listFailedMails> = async (c) => {
  const rows = await failedMails(c.var.deps.db);
  const data = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    recipient: r.recipient,
    subject: r.subject,
    attempts: r.attempts,
    last_error: r.lastError,
    created_at: r.createdAt.toISOString(),
  }));
  return c.json({ data }, 200);
};

export const mailDelivery: AppRouteHandler<typeof routes.mailDelivery> = async (c) => {
  const { db, mailer } = c.var.deps;
  const [state, { pending }] = await Promise.all([mailer.delivery(), outboxCounts(db)]);
  return c.json({ data: { ...state, pending } }, 200);
};

/** Back to pending, due now; the worker is woken so it goes at once. A mail not (or no longer) failed is 404. */
export const resendFailedMail: AppRouteHandler<typeof routes.resendFailedMail> = async (c) => {
  const { id } = c.req.valid("param");
  if (!UUID.test(id) || !(await resend(c.var.deps.db, id))) throw new ApiError(404, "NOT_FOUND");
  c.var.deps.mailer.wake();
  return c.json({ data: { id, status: "pending" as const } }, 200);
};
