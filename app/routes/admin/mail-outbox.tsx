import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ROLE } from "#domain/roles";
import * as a from "~/components/admin.css";
import * as ui from "~/components/ui.css";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { adminApi, adminLoad, redirectWithToast } from "~/utils/admin.server";
import { formatDateTime } from "~/utils/format";
import { requireUser } from "~/utils/guards.server";
import { i18next } from "~/utils/i18n.server";
import { titled } from "~/utils/page-title";

// /mail-outbox: the mails the worker gave up on after the last attempt (docs/decisions/020-mail-outbox.md),
// each with "Kirim ulang", a plain POST form, so it works without JavaScript; above them, whether mail
// leaves this instance at all (held on a copy of the database, or redirected: docs/decisions/024-database-copies.md).

export const handle = titled("mailOutbox");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.SUPER_ADMIN] });
  const [failed, delivery] = await Promise.all([adminLoad(context, "/admin/mail-outbox/failed"), adminLoad(context, "/admin/mail-outbox/delivery")]);
  return { mails: failed.data, delivery: delivery.data };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.SUPER_ADMIN] });
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const recipient = String(form.get("recipient") ?? "");
  const t = await i18next.getFixedT(request, "admin");
  const r = await adminApi(context, "POST", `/admin/mail-outbox/${encodeURIComponent(id)}/resend`);
  if (!r.ok) return redirectWithToast("/mail-outbox", t("mailOutbox.notFound"), "error");
  return redirectWithToast("/mail-outbox", t("mailOutbox.resent", { recipient }));
}

export default function MailOutbox() {
  const { t } = useTranslation("admin");
  const { mails, delivery } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("mailOutbox.title")}</h1>
      {delivery.mail === "sending" ? null : (
        <section className={ui.errorSummary} role="status" aria-labelledby="mail-delivery-title">
          <h2 id="mail-delivery-title">{t(delivery.mail === "held" ? "mailOutbox.heldTitle" : "mailOutbox.redirectedTitle")}</h2>
          <p>{t(delivery.mail === "held" ? "mailOutbox.held" : "mailOutbox.redirected")}</p>
          {delivery.mail === "redirected" && !delivery.jobs ? <p>{t("mailOutbox.jobsHeld")}</p> : null}
          <p className={ui.flush}>{t("mailOutbox.pending", { pending: delivery.pending })}</p>
        </section>
      )}
      <p>{t("mailOutbox.lead")}</p>
      {mails.length === 0 ? (
        <p className={ui.card}>{t("mailOutbox.empty")}</p>
      ) : (
        <div className={a.tableScroll}>
          <table className={a.table}>
            <thead>
              <tr>
                <th scope="col">{t("mailOutbox.recipient")}</th>
                <th scope="col">{t("mailOutbox.subject")}</th>
                <th scope="col">{t("mailOutbox.kind")}</th>
                <th scope="col">{t("mailOutbox.attempts")}</th>
                <th scope="col">{t("mailOutbox.lastError")}</th>
                <th scope="col">{t("mailOutbox.createdAt")}</th>
                <th scope="col">{t("mailOutbox.action")}</th>
              </tr>
            </thead>
            <tbody>
              {mails.map((m) => (
                <tr key={m.id}>
                  <td>{m.recipient}</td>
                  <td>{m.subject}</td>
                  <td>{m.kind}</td>
                  <td>{m.attempts}</td>
                  <td>{m.last_error ?? "—"}</td>
                  <td>{formatDateTime(m.created_at)}</td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="id" value={m.id} />
                      <input type="hidden" name="recipient" value={m.recipient} />
                      <button type="submit" className={ui.secondaryButton} aria-label={`${t("mailOutbox.resend")}: ${m.recipient}`}>
                        {t("mailOutbox.resend")}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
