import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Letter } from "#contracts/letters";
import { adminSchemas } from "#domain/forms/admin";
import type { FormInput } from "#domain/forms/registry";
import { rules as reasonRules } from "#domain/forms/live/reason.generated";
import { ROLE } from "#domain/roles";
import { ConfirmPanel } from "~/components/ConfirmPanel";
import * as d from "~/components/details.css";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, SubmitButton, TextareaField } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { adminApi, adminLoad, redirectWithToast } from "~/utils/admin.server";
import { awaitingConfirmation } from "~/utils/confirm.server";
import { refusalReply } from "~/utils/form-reply.server";
import { formatDate } from "~/utils/format";
import { requireUser } from "~/utils/guards.server";
import { formErrorsFor, i18next } from "~/utils/i18n.server";
import { titled } from "~/utils/page-title";
import { useLiveValidation } from "~/utils/live-validation";

export const handle = titled("letters");

// /application/:id/surat: the Super Admin's view of a file's decision letters — revoke the valid one with a
// reason (asked Yes/No first, recorded in the admin log), then issue a new one.

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.SUPER_ADMIN] });
  const id = params.id ?? "";
  const letters = await adminLoad(context, `/admin/applications/${encodeURIComponent(id)}/letters`);
  return { id, letters: letters.data };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.SUPER_ADMIN] });
  const id = params.id ?? "";
  const self = `/application/${encodeURIComponent(id)}/surat`;
  const form = await request.formData();
  const t = await i18next.getFixedT(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "reissue") {
    const r = await adminApi(context, "POST", `/admin/applications/${encodeURIComponent(id)}/letters`);
    if (!r.ok) return redirectWithToast(self, r.error.message, "error");
    return redirectWithToast(self, t("verify:letters.reissued_toast", { number: r.body.data.number }));
  }
  if (intent !== "revoke") return redirectWithToast(self, t("verify:letters.none"), "error");
  const submission = parseWithZod(form, { schema: adminSchemas().reason, formatError: await formErrorsFor(request) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const number = String(form.get("number") ?? "");
  // Revoking is final: asked Yes/No first (spec §9).
  const confirm = awaitingConfirmation(form);
  if (confirm) return { confirm, number };
  const r = await adminApi(context, "POST", "/admin/letters/revoke", { body: { number, reason: submission.value.reason } });
  if (!r.ok) return data({ result: refusalReply(submission, r.error) }, { status: r.status >= 500 ? 503 : 400 });
  return redirectWithToast(self, t("verify:letters.revoked_toast", { number }));
}

export default function LetterAdmin() {
  const { t } = useTranslation(["common", "review", "verify"]);
  const { id, letters } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const valid = letters.find((l) => !l.revoked_at);
  if (answer && "confirm" in answer) {
    return (
      <>
        <h1>{t("verify:letters.title")}</h1>
        <ConfirmPanel question={t("verify:letters.revokeConfirm", { number: answer.number })} fields={answer.confirm} back={`/application/${id}/surat`} />
      </>
    );
  }
  return (
    <>
      <p>
        <Link to={`/application/${id}`}>{t("review:detail.back")}</Link>
      </p>
      <h1>{t("verify:letters.title")}</h1>
      {letters.length === 0 ? <p className={ui.card}>{t("verify:letters.none")}</p> : <LetterList letters={letters} />}
      {valid ? (
        <RevokeForm number={valid.number} result={answer && "result" in answer ? answer.result : undefined} />
      ) : letters.length > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="reissue" />
          <button type="submit" className={ui.button}>
            {t("verify:letters.reissue")}
          </button>
        </Form>
      ) : null}
    </>
  );
}

function LetterList({ letters }: { letters: Letter[] }) {
  const { t } = useTranslation(["common", "verify"]);
  return (
    <ul className={ui.checklist}>
      {letters.map((l) => (
        <li key={l.number} className={ui.card} style={{ overflowWrap: "anywhere", marginBottom: 0 }}>
          <dl className={d.facts}>
            <dt>{t("verify:letters.number")}</dt>
            <dd>{l.number}</dd>
            <dt>{t("verify:letters.issued")}</dt>
            <dd>{formatDate(l.issued_at)}</dd>
            <dt>{t("verify:letters.state")}</dt>
            <dd>{l.revoked_at ? t("verify:letters.revoked", { date: formatDate(l.revoked_at), reason: l.revoke_reason ?? "" }) : t("verify:letters.valid")}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function RevokeForm({ number, result }: { number: string; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation(["common", "verify"]);
  const [form, fields] = useForm<FormInput<"reason">>({ id: "revoke-letter", lastResult: result, ...useLiveValidation(reasonRules) });
  return (
    <section className={ui.card} aria-labelledby="revoke-title">
      <h2 id="revoke-title">{t("verify:letters.revoke")}</h2>
      <ErrorSummary form={form} fields={[{ meta: fields.reason, label: t("verify:letters.revokeReason") }]} />
      <Form method="post" className={ui.formBlock} {...getFormProps(form)}>
        <input type="hidden" name="number" value={number} />
        <TextareaField meta={fields.reason} label={t("verify:letters.revokeReason")} />
        <SubmitButton name="intent" value="revoke">
          {t("verify:letters.revoke")}
        </SubmitButton>
      </Form>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
