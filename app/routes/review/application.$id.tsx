import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useWorkflowWords } from "~/utils/workflow-words";
import { decisionBody, decisionForm } from "#domain/forms/review";
import { ConfirmPanel } from "~/components/ConfirmPanel";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import {
  ApplicantSection,
  AuditSection,
  DecisionForm,
  DetailSummary,
  DocumentsSection,
  PortfolioSection,
  SideViewer,
  StickySummary,
} from "~/routes/review/__review";
import * as d from "~/components/details.css";
import * as r from "~/routes/review/__review.css";
import * as ui from "~/components/ui.css";
import { requireUser } from "~/utils/guards.server";
import { REVIEW_AREAS } from "~/routes/review/__review-query";
import { decisionAwaitingConfirmation, postDecision, reviewArea, reviewDetail, type ReviewDetail } from "~/routes/review/__review.server";
import { applicantShown, labelledAnswers } from "~/utils/applicant-shown.server";
import { toastCookie } from "~/utils/session.server";
import { formErrorsFor, i18next } from "~/utils/i18n.server";
import { titled } from "~/utils/page-title";
import { ROLE } from "#domain/roles";
import { NO_LABEL_RULE } from "#domain/status-label";

// /application/:id (roles 1, 5, 6, 7) and /application-list/:id (roles 2, 4): one application as the
// reviewer's role sees it, and the decision on its open stage when the API says the role may take it.

export const handle = titled("applicationDetail");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const area = reviewArea(request);
  const me = await requireUser(request, context, { roles: area.roles });
  const detail = await reviewDetail(context, params.id ?? "");
  // The fields' labels are said here: the page then needs no text of the applicant's namespace.
  const t = await i18next.getFixedT(request, "applicant");
  // The Super Admin manages the decision letter of a file whose process ended.
  const { application } = detail;
  const ended = !detail.open_stage && (application.status === "PASSED" || application.status === "FAILED");
  const letters = me.user.role_id === ROLE.SUPER_ADMIN && ended ? `/application/${application.id}/surat` : null;
  return { base: area.base, detail, shown: labelledAnswers(applicantShown(detail.applicant), t), letters };
}

/** Where an API error of `documents.<n>.reason` belongs on the form: the row that n-th document came from. */
function fieldErrorsOf(details: Array<{ path: string; message: string }> | undefined, rows: number[]) {
  const out: Record<string, string[]> = {};
  for (const d of details ?? []) {
    const doc = /^documents\.(\d+)\.reason$/.exec(d.path);
    const name = doc
      ? `documents[${rows[Number(doc[1])] ?? 0}].reason`
      : ["note", "internal_note", "documents", "decision", "stage_id"].includes(d.path)
        ? d.path
        : null;
    if (name) (out[name] ??= []).push(d.message);
  }
  return out;
}

type Alert = { status: number; message: string };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const area = reviewArea(request);
  await requireUser(request, context, { roles: area.roles });
  const id = params.id ?? "";
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: decisionForm(), formatError: await formErrorsFor(request) });
  if (submission.status !== "success")
    return data({ result: submission.reply(), alert: null as Alert | null, detail: null as ReviewDetail | null }, { status: 400 });
  const confirm = decisionAwaitingConfirmation(form, submission.value);
  if (confirm) return { confirm, decision: submission.value.decision };
  const { body, rows } = decisionBody(submission.value);
  const outcome = await postDecision(context, id, body);
  if (outcome.ok) {
    const t = await i18next.getFixedT(request, "review");
    const { rule } = outcome.detail.application.label;
    const label = rule === NO_LABEL_RULE ? null : (await i18next.getFixedT(request))(`statusLabel.${rule}`);
    const message = label ? t("toast.decisionSavedWithStatus", { label }) : t("toast.decisionSaved");
    return redirect(`${area.base}/${encodeURIComponent(id)}`, { headers: { "Set-Cookie": await toastCookie({ severity: "success", message }) } });
  }
  const { status, error } = outcome;
  if (status === 409 || status === 403) {
    // Decided meanwhile (another tab, another reviewer) or not this role's stage: say so and show the state as it is now.
    return data(
      { result: submission.reply({ resetForm: true }), alert: { status, message: error.message } as Alert | null, detail: await reviewDetail(context, id) },
      { status },
    );
  }
  const fieldErrors = status === 400 ? fieldErrorsOf(error.details, rows) : {};
  const formErrors = Object.keys(fieldErrors).length > 0 ? undefined : [error.message];
  return data(
    { result: submission.reply({ fieldErrors, formErrors }), alert: null as Alert | null, detail: null as ReviewDetail | null },
    { status: status >= 500 ? 503 : 400 },
  );
}

export default function ApplicationDetail() {
  const { t } = useTranslation(["review", "common"]);
  const words = useWorkflowWords();
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const location = useLocation();
  const acted = answer && "result" in answer ? answer : undefined;
  const detail = acted?.detail ?? loaded.detail;
  const { application } = detail;
  const listHref = loaded.base;
  if (answer && "confirm" in answer) {
    // A decision that closes the file is final: the page asks Yes/No before anything is saved (spec §9).
    const question = t(answer.decision === "FAILED" ? "decision.confirmFailed" : "decision.confirmFinalPass", {
      stage: detail.open_stage ? words.stage(detail.open_stage.id) : "",
      number: application.registration_number,
    });
    return (
      <>
        <h1>{t("detail.title", { number: application.registration_number ?? "—" })}</h1>
        <ConfirmPanel question={question} fields={answer.confirm} back={location.pathname} />
      </>
    );
  }
  return (
    <>
      <p>
        <Link to={listHref}>{t("detail.back")}</Link>
      </p>
      <h1>
        {t("detail.titleLead")} <span className={d.number}>{application.registration_number ?? "—"}</span>
      </h1>
      {acted?.alert ? (
        <div className={ui.errorSummary} role="alert">
          <p className={ui.flush}>
            <strong>{t(acted.alert.status === 409 ? "decision.conflictTitle" : "decision.forbiddenTitle")}</strong>
          </p>
          <p className={ui.flush}>{acted.alert.message}</p>
        </div>
      ) : null}
      <StickySummary detail={detail} />
      <DetailSummary detail={detail} />
      <ApplicantSection detail={detail} shown={loaded.shown} />
      {/* From 992 px the document viewer sits beside the documents and the decision form (review.css.ts workspace). */}
      <div className={r.workspace}>
        <div>
          <DocumentsSection detail={detail} base={listHref} />
          <PortfolioSection detail={detail} />
          {application.jalur_id === "SPE" ? (
            <p>
              <Link to={`${listHref}/${application.id}/additional-requirements`}>{t("detail.additional")}</Link>
            </p>
          ) : null}
          <AuditSection audit={detail.audit} documents={detail.documents} />
          {loaded.letters ? (
            <p>
              <Link to={loaded.letters}>{t("detail.lettersLink")}</Link>
            </p>
          ) : null}
          {detail.may_decide && detail.open_stage ? (
            <DecisionForm key={`${detail.open_stage.id}-${application.status}`} detail={detail} lastResult={acted?.alert ? null : acted?.result} />
          ) : (
            <section className={ui.card} aria-labelledby="decision-title">
              <h2 id="decision-title">{t("decision.heading")}</h2>
              <p className={ui.flush}>{detail.open_stage ? t("decision.notYours", { stage: words.stage(detail.open_stage.id) }) : t("decision.nothingOpen")}</p>
            </section>
          )}
        </div>
        <SideViewer />
      </div>
    </>
  );
}

/** An unknown id, or one this role may not see (the API answers 404 for both): a 404 with a way back. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("review");
  const location = useLocation();
  if (!isRouteErrorResponse(error) || error.status !== 404) return <GeneralErrorBoundary />;
  const base = location.pathname.startsWith(REVIEW_AREAS.list.base + "/") ? REVIEW_AREAS.list.base : REVIEW_AREAS.adaptation.base;
  return (
    <section className={ui.card} aria-labelledby="error-title">
      <h1 id="error-title">{t("detail.notFound")}</h1>
      <p>{t("detail.notFoundHint")}</p>
      <Link to={base} className={ui.button}>
        {t("detail.back")}
      </Link>
    </section>
  );
}
