import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { facilityTypeKey } from "#domain/facility";
import { facilityAdminSchemas } from "#domain/forms/admin-facilities";
import { ROLE } from "#domain/roles";
import type { FormInput } from "#domain/forms/registry";
import { ActiveBadge, AuditList } from "~/components/admin-parts";
import * as a from "~/components/admin.css";
import * as d from "~/components/details.css";
import { VerificationBadge } from "~/routes/admin/__admin-facilities";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, RadioGroup, SubmitButton, TextareaField } from "~/components/forms";
import * as ui from "~/components/ui.css";
import type { FacilityAdminDetail, VerificationEntry } from "#contracts/admin";
import { adminApi, adminLoad, redirectWithToast } from "~/utils/admin.server";
import { formatDateTime } from "~/utils/format";
import { requireUser } from "~/utils/guards.server";
import { formErrorsFor, i18next } from "~/utils/i18n.server";
import { refusalReply } from "~/utils/form-reply.server";
import { titled } from "~/utils/page-title";
import { rules as facilityVerifyRules } from "#domain/forms/live/facilityVerify.generated";
import { useLiveValidation } from "~/utils/live-validation";

export const handle = titled((data?: { detail: { full_name: string } }) => ({ key: "facilityAdminDetail", subject: data?.detail.full_name }));

const apiPath = (id: string | undefined) => `/admin/facilities/${encodeURIComponent(id ?? "")}` as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.ADMIN] });
  const detail = await adminLoad(context, apiPath(params.id));
  return { detail: detail.data };
}

type Conflict = { message: string };
type Check = { verification_id: string; reason: string };
const INTENT_FIELD = "intent";
const INTENT_CONFIRM = "confirm";
const INTENT_EDIT = "edit";

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.ADMIN] });
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: facilityAdminSchemas().facilityVerify, formatError: await formErrorsFor(request) });
  const none = { conflict: null as Conflict | null, detail: null as FacilityAdminDetail | null, check: null as Check | null };
  if (submission.status !== "success") return data({ result: submission.reply() as SubmissionResult<string[]>, ...none }, { status: 400 });
  // A rejection is final: the first valid post only shows it back ("Periksa kembali"); "Ubah" returns to
  // the filled form; only the post carrying confirm=yes (everything checked again) reaches the API.
  const confirmed = form.get(INTENT_FIELD) === INTENT_CONFIRM;
  if (submission.value.decision === "REJECT" && !confirmed) {
    const result = submission.reply() as SubmissionResult<string[]>;
    if (form.get(INTENT_FIELD) === INTENT_EDIT) return data({ result, ...none });
    return data({
      result,
      ...none,
      check: { verification_id: String(submission.value.verification_id ?? ""), reason: submission.value.reason ?? "" } as Check | null,
    });
  }
  const res = await adminApi(context, "POST", `${apiPath(params.id)}/verify`, { body: submission.value });
  if (res.ok) {
    const t = await i18next.getFixedT(request, "admin");
    const name = res.body.data.facility?.facility_name ?? res.body.data.full_name;
    return redirectWithToast(
      `/admin-fasyankes-list/${params.id}`,
      t(submission.value.decision === "APPROVE" ? "fasyankes.approved" : "fasyankes.rejected", { name }),
    );
  }
  if (res.status === 409) {
    // Decided meanwhile (another admin, another tab) or sent again: say so and show the state as it is now.
    const fresh = await adminLoad(context, apiPath(params.id));
    return data(
      {
        result: submission.reply({ resetForm: true }) as SubmissionResult<string[]>,
        conflict: { message: res.error.message } as Conflict | null,
        detail: fresh.data as FacilityAdminDetail | null,
        check: null as Check | null,
      },
      { status: 409 },
    );
  }
  return data({ result: refusalReply(submission, res.error), ...none }, { status: res.status >= 500 ? 503 : 400 });
}

/** /admin-fasyankes-list/:id: a facility admin's account and facility, the decision on its newest submission, its history. */
export default function FacilityAdminPage() {
  const { t } = useTranslation(["admin", "accounts", "facility"]);
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const detail = acted?.detail ?? loaded.detail;
  const newest = detail.verifications[0];
  const facility = detail.facility;
  return (
    <>
      <p>
        <Link to="/admin-fasyankes-list">{t("fasyankes.back")}</Link>
      </p>
      <h1>{detail.full_name}</h1>
      <p>
        <VerificationBadge state={detail.verification_state} />
      </p>
      {acted?.conflict ? (
        <div className={ui.errorSummary} role="alert">
          <p className={ui.flush}>
            <strong>{t("fasyankes.conflictTitle")}</strong>
          </p>
          <p className={ui.flush}>{acted.conflict.message}</p>
        </div>
      ) : null}

      <section className={ui.card} aria-labelledby="facility-account-title">
        <h2 id="facility-account-title">{t("fasyankes.account")}</h2>
        <dl className={d.facts}>
          <dt>{t("fasyankes.email")}</dt>
          <dd>{detail.email}</dd>
          <dt>{t("fasyankes.activeStatus")}</dt>
          <dd>
            <ActiveBadge active={detail.is_active} />
          </dd>
          <dt>{t("fasyankes.created")}</dt>
          <dd>{formatDateTime(detail.created_at)}</dd>
        </dl>
      </section>

      <section className={ui.card} aria-labelledby="facility-data-title">
        <h2 id="facility-data-title">{t("fasyankes.facilityData")}</h2>
        {facility ? (
          <dl className={d.facts}>
            <dt>{t("facility:fields.facility_name")}</dt>
            <dd>{facility.facility_name}</dd>
            <dt>{t("facility:fields.facility_type")}</dt>
            <dd>{facility.facility_type ? t(facilityTypeKey(facility.facility_type)) : "—"}</dd>
            <dt>{t("facility:fields.address")}</dt>
            <dd>{facility.address}</dd>
            <dt>{t("facility:fields.licence_number")}</dt>
            <dd>{facility.licence_number}</dd>
            <dt>{t("facility:fields.contact_phone")}</dt>
            <dd>{facility.contact_phone}</dd>
            <dt>{t("facility:fields.contact_email")}</dt>
            <dd>{facility.contact_email ?? "—"}</dd>
            <dt>{t("fasyankes.adminNik")}</dt>
            <dd>{facility.admin_nik ?? "—"}</dd>
            <dt>{t("fasyankes.adminPhone")}</dt>
            <dd>{facility.admin_phone ?? "—"}</dd>
            <dt>{t("fasyankes.position")}</dt>
            <dd>{facility.position?.name ?? "—"}</dd>
            <dt>{t("fasyankes.facilityUpdated")}</dt>
            <dd>{formatDateTime(facility.updated_at)}</dd>
          </dl>
        ) : (
          <p className={ui.muted}>{t("fasyankes.noFacility")}</p>
        )}
      </section>

      {detail.verification_state === "pending" && newest && acted?.check ? (
        <RejectCheck entry={newest} name={facility?.facility_name ?? detail.full_name} check={acted.check} />
      ) : detail.verification_state === "pending" && newest ? (
        <DecisionForm key={newest.id} entry={newest} lastResult={acted?.conflict ? null : acted?.result} />
      ) : (
        <section className={ui.card} aria-labelledby="facility-decision-title">
          <h2 id="facility-decision-title">{t("fasyankes.decisionTitle")}</h2>
          <p className={ui.flush}>{t("fasyankes.noDecision")}</p>
        </section>
      )}

      <section className={ui.card} aria-labelledby="facility-history-title">
        <h2 id="facility-history-title">{t("fasyankes.history")}</h2>
        <History entries={detail.verifications} />
      </section>

      <section className={ui.card} aria-labelledby="facility-audit-title">
        <h2 id="facility-audit-title">{t("audit.title")}</h2>
        <AuditList entries={detail.audit} />
      </section>
    </>
  );
}

/** Approve or reject the pending entry; its id travels along so a form left open on an older entry is refused. */
function DecisionForm({ entry, lastResult }: { entry: VerificationEntry; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation(["admin", "accounts", "facility"]);
  const [form, fields] = useForm<FormInput<"facilityVerify">>({
    id: `facility-decision-${entry.id}`,
    lastResult,
    ...useLiveValidation(facilityVerifyRules),
  });
  const options = [
    { value: "APPROVE", label: t("fasyankes.approve"), description: t("fasyankes.approveHint") },
    { value: "REJECT", label: t("fasyankes.reject"), description: t("fasyankes.rejectHint") },
  ];
  return (
    <section className={ui.card} aria-labelledby="facility-decision-title">
      <h2 id="facility-decision-title">{t("fasyankes.decisionTitle")}</h2>
      <p>{t("fasyankes.decisionLead", { date: formatDateTime(entry.created_at) })}</p>
      <ErrorSummary
        form={form}
        fields={[
          { meta: fields.decision, label: t("fasyankes.fields.decision") },
          { meta: fields.reason, label: t("fasyankes.fields.reason") },
        ]}
      />
      <Form method="post" {...getFormProps(form)} className={ui.formBlock}>
        <input type="hidden" name="verification_id" value={entry.id} />
        <input type="hidden" name="intent" value="check" />
        <RadioGroup meta={fields.decision} legend={t("fasyankes.fields.decision")} options={options} />
        <TextareaField meta={fields.reason} label={t("fasyankes.fields.reason")} hint={t("fasyankes.reasonHint")} />
        <SubmitButton>{t("fasyankes.submit")}</SubmitButton>
      </Form>
    </section>
  );
}

/** "Periksa kembali": the rejection as it will be sent; Ubah goes back to the filled form, the last button sends it. */
function RejectCheck({ entry, name, check }: { entry: VerificationEntry; name: string; check: Check }) {
  const { t } = useTranslation(["admin", "common"]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const hidden = (
    <>
      <input type="hidden" name="verification_id" value={check.verification_id} />
      <input type="hidden" name="decision" value="REJECT" />
      <input type="hidden" name="reason" value={check.reason} />
    </>
  );
  return (
    <section className={ui.card} aria-labelledby="facility-check-title">
      <h2 id="facility-check-title" ref={heading} tabIndex={-1}>
        {t("fasyankes.checkTitle")}
      </h2>
      <p>{t("fasyankes.checkLead")}</p>
      <dl className={d.facts}>
        <dt>{t("fasyankes.checkFacility")}</dt>
        <dd>{name}</dd>
        <dt>{t("fasyankes.checkEntry")}</dt>
        <dd>{formatDateTime(entry.created_at)}</dd>
        <dt>{t("fasyankes.fields.decision")}</dt>
        <dd>{t("fasyankes.reject")}</dd>
        <dt>{t("fasyankes.fields.reason")}</dt>
        <dd>{check.reason}</dd>
      </dl>
      <p id="facility-check-question">
        <strong>{t("fasyankes.checkQuestion")}</strong>
      </p>
      <div className={ui.row}>
        <Form method="post">
          {hidden}
          <button type="submit" name="intent" value="confirm" className={a.dangerButton} aria-describedby="facility-check-question">
            {t("common:confirm.yes")}
          </button>
        </Form>
        <Form method="post">
          {hidden}
          <button type="submit" name="intent" value="edit" className={ui.secondaryButton}>
            {t("fasyankes.checkEdit")}
          </button>
        </Form>
        <Link to="." className={ui.secondaryButton}>
          {t("common:confirm.no")}
        </Link>
      </div>
    </section>
  );
}

function History({ entries }: { entries: VerificationEntry[] }) {
  const { t } = useTranslation(["admin", "accounts", "facility"]);
  if (entries.length === 0) return <p className={ui.muted}>{t("fasyankes.historyEmpty")}</p>;
  return (
    <ol className={a.audit}>
      {entries.map((e) => (
        <li key={e.id} className={a.auditEntry}>
          <p className={ui.flush}>
            <strong>{t("fasyankes.entry", { date: formatDateTime(e.created_at) })}</strong>
          </p>
          <p className={ui.flush}>
            {e.is_approved
              ? t("fasyankes.entryApproved", { date: formatDateTime(e.decided_at) })
              : e.is_rejected
                ? t("fasyankes.entryRejected", { date: formatDateTime(e.decided_at) })
                : t("fasyankes.entryPending")}
          </p>
          {e.reason ? <p className={ui.flush}>{t("fasyankes.entryReason", { reason: e.reason })}</p> : null}
        </li>
      ))}
    </ol>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
