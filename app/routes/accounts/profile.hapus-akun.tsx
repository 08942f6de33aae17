import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { OwnDeletionRequest } from "#contracts/deletion-requests";
import { deletionRequestSchemas } from "#domain/forms/deletion-requests";
import { rules as deletionRequestRules } from "#domain/forms/live/deletionRequest.generated";
import type { FormInput } from "#domain/forms/registry";
import { APPLICANT_ROLES } from "#domain/roles";
import * as a from "~/components/admin.css";
import { ConfirmPanel } from "~/components/ConfirmPanel";
import * as d from "~/components/details.css";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, SubmitButton, TextareaField } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { accessToken, orUnavailable } from "~/utils/api.server";
import { logoutResponse } from "~/utils/auth.server";
import { toastCookie } from "~/utils/session.server";
import { awaitingConfirmation } from "~/utils/confirm.server";
import { refusalReply } from "~/utils/form-reply.server";
import { formatDate } from "~/utils/format";
import { requireUser } from "~/utils/guards.server";
import { formErrorsFor, i18next } from "~/utils/i18n.server";
import { useLiveValidation } from "~/utils/live-validation";
import { titled } from "~/utils/page-title";

export const handle = titled("deleteAccount");

const SELF = "/profile/hapus-akun";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: [...APPLICANT_ROLES] });
  const state = orUnavailable(await context.api.call("GET", "/me/deletion-request", { token: await accessToken(context) }));
  return state.data;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: [...APPLICANT_ROLES] });
  const t = await i18next.getFixedT(request, "common");
  const form = await request.formData();
  const intent = form.get("intent");
  const token = await accessToken(context);
  // An applicant with a submitted application asks; the Super Admin decides (Yes/No first).
  if (intent === "request") {
    const submission = parseWithZod(form, { schema: deletionRequestSchemas().deletionRequest, formatError: await formErrorsFor(request) });
    if (submission.status !== "success") return data({ result: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
    const confirm = awaitingConfirmation(form);
    if (confirm) return { confirm };
    const r = await context.api.call("POST", "/me/deletion-request", { token, body: submission.value });
    if (r.ok) return redirect(SELF, { headers: { "Set-Cookie": await toastCookie({ severity: "success", message: t("deleteAccount.request.sent") }) } });
    const known = r.error.code === "DELETION_REQUEST_PENDING" || r.error.code === "DELETION_REQUEST_NOT_NEEDED";
    const error = known ? { ...r.error, message: t(`deleteAccount.request.errors.${r.error.code}`) } : r.error;
    return data({ result: refusalReply(submission, error) }, { status: r.status >= 500 ? 503 : r.status === 409 ? 409 : 400 });
  }
  // Only the Yes button's post deletes; anything else changes nothing.
  if (intent !== "confirm") return data({ message: t("deleteAccount.refused") }, { status: 400 });
  const auth = await context.auth();
  const r = await context.api.call("DELETE", "/me/account", { token });
  if (!r.ok) return data({ message: r.error.message }, { status: r.status >= 500 ? 503 : r.status === 409 ? 409 : 400 });
  // The account's sessions went with it: the cookie goes too.
  return logoutResponse(context.api, auth, "/welcome", { severity: "success", message: t("deleteAccount.done") });
}

/**
 * /profile/hapus-akun: an applicant who never submitted deletes their account, after Yes/No; one whose
 * application was submitted asks for it, and reads here the pending request or the decision's reason.
 */
export default function DeleteAccount() {
  const { t } = useTranslation("common");
  const state = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  if (acted && "confirm" in acted) {
    return (
      <>
        <h1>{t("deleteAccount.title")}</h1>
        <ConfirmPanel question={t("deleteAccount.request.question")} fields={acted.confirm} back={SELF} />
      </>
    );
  }
  return (
    <>
      <h1>{t("deleteAccount.title")}</h1>
      {state.has_submitted ? (
        <RequestDeletion latest={state.latest} lastResult={acted && "result" in acted ? acted.result : undefined} />
      ) : (
        <DeleteDirectly refused={acted && "message" in acted ? acted.message : null} />
      )}
    </>
  );
}

function DeleteDirectly({ refused }: { refused: string | null }) {
  const { t } = useTranslation("common");
  return (
    <>
      {refused ? (
        <p role="alert" className={ui.card}>
          {refused}
        </p>
      ) : null}
      <section className={ui.card} aria-labelledby="delete-question">
        <p>{t("deleteAccount.lead")}</p>
        <ul>
          <li>{t("deleteAccount.item1")}</li>
          <li>{t("deleteAccount.item2")}</li>
          <li>{t("deleteAccount.item3")}</li>
        </ul>
        <p>{t("deleteAccount.submitted")}</p>
        <p id="delete-question">
          <strong>{t("deleteAccount.question")}</strong>
        </p>
        <div className={ui.row}>
          <Form method="post">
            <button type="submit" name="intent" value="confirm" className={a.dangerButton} aria-describedby="delete-question">
              {t("confirm.yes")}
            </button>
          </Form>
          <Link to="/profile" className={ui.secondaryButton}>
            {t("confirm.no")}
          </Link>
        </div>
      </section>
    </>
  );
}

/** The request's state (pending, or rejected with its reason) and, unless one is pending, the form to ask. */
function RequestDeletion({ latest, lastResult }: { latest: OwnDeletionRequest | null; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("common");
  const [form, fields] = useForm<FormInput<"deletionRequest">>({ id: "deletion-request", lastResult, ...useLiveValidation(deletionRequestRules) });
  if (latest?.status === "PENDING") {
    return (
      <section className={ui.card} aria-labelledby="deletion-pending" role="status">
        <h2 id="deletion-pending">{t("deleteAccount.request.pendingTitle")}</h2>
        <p>{t("deleteAccount.request.pendingLead", { date: formatDate(latest.created_at) })}</p>
        {latest.note ? (
          <dl className={d.facts}>
            <dt>{t("deleteAccount.request.yourNote")}</dt>
            <dd className={d.typed}>{latest.note}</dd>
          </dl>
        ) : null}
      </section>
    );
  }
  return (
    <>
      {latest?.status === "REJECTED" ? (
        <section className={ui.card} aria-labelledby="deletion-rejected">
          <h2 id="deletion-rejected">{t("deleteAccount.request.rejectedTitle")}</h2>
          <p>{t("deleteAccount.request.rejectedLead", { sent: formatDate(latest.created_at), date: formatDate(latest.decided_at) })}</p>
          <dl className={d.facts}>
            <dt>{t("deleteAccount.request.reason")}</dt>
            <dd className={d.typed}>{latest.reason}</dd>
          </dl>
          <p className={ui.flush}>{t("deleteAccount.request.again")}</p>
        </section>
      ) : null}
      <section className={ui.card} aria-labelledby="deletion-request-title">
        <h2 id="deletion-request-title">{t("deleteAccount.request.title")}</h2>
        <p>{t("deleteAccount.request.lead")}</p>
        <p>{t("deleteAccount.request.approvedMeans")}</p>
        <ErrorSummary form={form} fields={[{ meta: fields.note, label: t("deleteAccount.request.note") }]} />
        <Form method="post" {...getFormProps(form)} className={ui.formBlock}>
          <input type="hidden" name="intent" value="request" />
          <TextareaField meta={fields.note} label={t("deleteAccount.request.note")} hint={t("deleteAccount.request.noteHint")} />
          <SubmitButton>{t("deleteAccount.request.submit")}</SubmitButton>
        </Form>
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
