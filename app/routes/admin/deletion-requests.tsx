import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { DeletionRequestRow } from "#contracts/deletion-requests";
import { deletionRequestSchemas } from "#domain/forms/deletion-requests";
import { rules as deletionDecisionRules } from "#domain/forms/live/deletionDecision.generated";
import type { FormInput } from "#domain/forms/registry";
import { ROLE } from "#domain/roles";
import { ConfirmPanel } from "~/components/ConfirmPanel";
import { DataTable } from "~/components/DataTable";
import * as d from "~/components/details.css";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, RadioGroup, SubmitButton, TextareaField } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { adminApi, redirectWithToast } from "~/utils/admin.server";
import { listSearch, Pager } from "~/components/Pager";
import { accessToken, orUnavailable } from "~/utils/api.server";
import { awaitingConfirmation } from "~/utils/confirm.server";
import { refusalReply } from "~/utils/form-reply.server";
import { formatDate, formatDateTime } from "~/utils/format";
import { requireUser } from "~/utils/guards.server";
import { formErrorsFor, i18next } from "~/utils/i18n.server";
import { useLiveValidation } from "~/utils/live-validation";
import { titled } from "~/utils/page-title";
import { UserListTabs } from "~/routes/admin/__UserListTabs";

export const handle = titled("deletionRequests");

const SELF = "/deletion-requests";
/** A request's id as the API takes it; anything else names no request. */
const ID = /^[1-9]\d{0,8}$/;

/** One request by its id (the list filtered to it), or null. */
async function findRequest(context: LoaderFunctionArgs["context"], id: string) {
  if (!ID.test(id)) return null;
  const r = orUnavailable(await context.api.call("GET", "/admin/deletion-requests", { token: await accessToken(context), query: { id } }));
  return r.data[0] ?? null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.SUPER_ADMIN] });
  const url = new URL(request.url);
  // A page number or id the API would refuse is read as none (never a 400 page).
  const rawPage = url.searchParams.get("page") ?? "";
  const params: Record<string, string> = /^\d{1,6}$/.test(rawPage) && Number(rawPage) > 1 ? { page: rawPage } : {};
  const id = url.searchParams.get("id") ?? "";
  const [list, selected] = await Promise.all([
    context.api.call("GET", "/admin/deletion-requests", { token: await accessToken(context), query: params }).then(orUnavailable),
    id ? findRequest(context, id) : Promise.resolve(null),
  ]);
  return { ...list, params, selected, missing: id !== "" && !selected };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.SUPER_ADMIN] });
  const t = await i18next.getFixedT(request, "admin");
  const form = await request.formData();
  const id = String(form.get("request_id") ?? "");
  const found = form.get("intent") === "decide" ? await findRequest(context, id) : null;
  if (!found) return redirectWithToast(SELF, t("deletionRequests.notFound"), "error");
  if (found.status !== "PENDING") return redirectWithToast(SELF, t("deletionRequests.alreadyDecided"), "error");
  const submission = parseWithZod(form, { schema: deletionRequestSchemas().deletionDecision, formatError: await formErrorsFor(request) });
  if (submission.status !== "success") return data({ result: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  // Either way the decision is final and the person reads it: asked Yes/No first (spec §9), what goes shown above.
  const confirm = awaitingConfirmation(form);
  if (confirm) return { confirm, check: submission.value };
  const r = await adminApi(context, "POST", `/admin/deletion-requests/${found.id}/decision`, { body: submission.value });
  const name = found.applicant_name;
  if (r.ok) return redirectWithToast(SELF, t(submission.value.decision === "APPROVE" ? "deletionRequests.approved" : "deletionRequests.rejected", { name }));
  if (r.status === 409) return redirectWithToast(SELF, t("deletionRequests.alreadyDecided"), "error");
  if (r.status === 404) return redirectWithToast(SELF, t("deletionRequests.notFound"), "error");
  return data({ result: refusalReply(submission, r.error) }, { status: r.status >= 500 ? 503 : 400 });
}

/** /deletion-requests: the Super Admin lists the requests to delete an account (pending first) and decides each, with a reason. */
export default function DeletionRequests() {
  const { t } = useTranslation("admin");
  const { data: rows, meta, params, selected, missing } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const back = `${SELF}${listSearch(params)}`;

  if (selected && acted && "confirm" in acted) {
    const approve = acted.check.decision === "APPROVE";
    return (
      <>
        <h1>{t("deletionRequests.title")}</h1>
        <section className={ui.card} aria-labelledby="deletion-check-title">
          <h2 id="deletion-check-title">{t("deletionRequests.checkTitle")}</h2>
          <dl className={d.facts}>
            <dt>{t("deletionRequests.col.applicant")}</dt>
            <dd>{selected.applicant_name}</dd>
            <dt>{t("deletionRequests.fields.decision")}</dt>
            <dd>{approve ? t("deletionRequests.approve") : t("deletionRequests.reject")}</dd>
            <dt>{t("deletionRequests.fields.reason")}</dt>
            <dd className={d.typed}>{acted.check.reason}</dd>
          </dl>
        </section>
        <ConfirmPanel
          question={t(approve ? "deletionRequests.confirmApprove" : "deletionRequests.confirmReject", { name: selected.applicant_name })}
          fields={acted.confirm}
          back={`${SELF}?id=${selected.id}`}
        />
      </>
    );
  }

  return (
    <>
      <UserListTabs />
      <h1>{t("deletionRequests.title")}</h1>
      <p>{t("deletionRequests.lead")}</p>
      <ul>
        <li>{t("deletionRequests.approveMeans")}</li>
        <li>{t("deletionRequests.rejectMeans")}</li>
      </ul>
      {missing ? (
        <p role="alert" className={ui.errorSummary}>
          {t("deletionRequests.notFound")}
        </p>
      ) : null}
      {selected ? <Selected request={selected} back={back} lastResult={acted && "result" in acted ? acted.result : undefined} /> : null}
      <h2>{t("deletionRequests.list")}</h2>
      {rows.length === 0 ? (
        <p className={ui.card}>{t("deletionRequests.empty")}</p>
      ) : (
        <DataTable
          caption={t("deletionRequests.list")}
          captionClassName="visually-hidden"
          rows={rows}
          columns={[
            { header: t("deletionRequests.col.sent"), cell: (r) => formatDate(r.created_at) },
            { header: t("deletionRequests.col.applicant"), cell: (r) => <Applicant request={r} /> },
            {
              header: t("deletionRequests.col.registration"),
              cell: (r) => (r.registration_numbers.length ? r.registration_numbers.join(", ") : t("deletionRequests.none")),
            },
            { header: t("deletionRequests.col.note"), cell: (r) => (r.note ? <span className={d.typed}>{r.note}</span> : t("deletionRequests.noNote")) },
            { header: t("deletionRequests.col.status"), cell: (r) => t(`deletionRequests.status.${r.status}`) },
            { header: t("deletionRequests.col.decision"), cell: (r) => <Decision request={r} /> },
          ]}
        />
      )}
      <Pager meta={meta} params={params} noun={t("deletionRequests.noun")} />
    </>
  );
}

function Applicant({ request }: { request: DeletionRequestRow }) {
  return (
    <>
      {request.applicant_name}
      <br />
      <span className={ui.muted}>{request.applicant_email}</span>
    </>
  );
}

/** A decided request: who, when and why; a pending one: the link to its decision form. */
function Decision({ request }: { request: DeletionRequestRow }) {
  const { t } = useTranslation("admin");
  if (request.status === "PENDING") {
    return (
      <Link to={`${SELF}?id=${request.id}#keputusan`} aria-label={t("deletionRequests.decideFor", { name: request.applicant_name })}>
        {t("deletionRequests.decide")}
      </Link>
    );
  }
  return (
    <>
      {t("deletionRequests.decidedBy", { date: formatDateTime(request.decided_at), name: request.decided_by_name ?? t("deletionRequests.none") })}
      <br />
      <span className={d.typed}>{request.reason}</span>
    </>
  );
}

/** The chosen request: its facts and, while pending, the decision form (approve or reject, with a reason). */
function Selected({ request, back, lastResult }: { request: DeletionRequestRow; back: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("admin");
  const [form, fields] = useForm<FormInput<"deletionDecision">>({
    id: `deletion-decision-${request.id}`,
    lastResult,
    ...useLiveValidation(deletionDecisionRules),
  });
  const options = [
    { value: "APPROVE", label: t("deletionRequests.approve"), description: t("deletionRequests.approveHint") },
    { value: "REJECT", label: t("deletionRequests.reject"), description: t("deletionRequests.rejectHint") },
  ];
  return (
    <section className={ui.card} aria-labelledby="keputusan" id="keputusan-section">
      <h2 id="keputusan" tabIndex={-1}>
        {t("deletionRequests.decisionTitle", { name: request.applicant_name })}
      </h2>
      <dl className={d.facts}>
        <dt>{t("deletionRequests.email")}</dt>
        <dd>{request.applicant_email}</dd>
        <dt>{t("deletionRequests.col.registration")}</dt>
        <dd>{request.registration_numbers.length ? request.registration_numbers.join(", ") : t("deletionRequests.none")}</dd>
        <dt>{t("deletionRequests.col.sent")}</dt>
        <dd>{formatDateTime(request.created_at)}</dd>
        <dt>{t("deletionRequests.col.note")}</dt>
        <dd className={d.typed}>{request.note ?? t("deletionRequests.noNote")}</dd>
        <dt>{t("deletionRequests.col.status")}</dt>
        <dd>{t(`deletionRequests.status.${request.status}`)}</dd>
      </dl>
      {request.status === "PENDING" ? (
        <>
          <ErrorSummary
            form={form}
            fields={[
              { meta: fields.decision, label: t("deletionRequests.fields.decision") },
              { meta: fields.reason, label: t("deletionRequests.fields.reason") },
            ]}
          />
          <Form method="post" {...getFormProps(form)} className={ui.formBlock}>
            <input type="hidden" name="intent" value="decide" />
            <input type="hidden" name="request_id" value={request.id} />
            <RadioGroup meta={fields.decision} legend={t("deletionRequests.fields.decision")} options={options} />
            <TextareaField meta={fields.reason} label={t("deletionRequests.fields.reason")} hint={t("deletionRequests.reasonHint")} />
            <SubmitButton>{t("deletionRequests.submit")}</SubmitButton>
          </Form>
        </>
      ) : (
        <p className={ui.flush}>{t("deletionRequests.alreadyDecided")}</p>
      )}
      <p className={ui.flush}>
        <Link to={back}>{t("deletionRequests.back")}</Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
