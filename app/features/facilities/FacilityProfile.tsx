import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { facilityTypeKey, facilityTypeOptions, type VerificationState } from "#domain/facility";
import type { FormInput } from "#domain/forms/registry";
import type { MyFacility } from "~/features/facilities/facility.server";
import { formatDateTime } from "~/utils/format";
import * as d from "~/components/details.css";
import { ErrorSummary, Field, SelectField, SubmitButton } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { rules as facilityDataRules } from "#domain/forms/live/facilityData.generated";
import { useLiveValidation } from "~/utils/live-validation";

// The facility admin's own pages (role 8, DESIGN §4): the facility fields shared by /sign-up/fasyankes
// and /personal-data, and the verification cycle of /personal-data (the figures of /dashboard are in
// __dashboard.tsx, so /personal-data does not load their table code).

type Fields = Record<string, FieldMetadata<any>>;

const FACILITY_FIELD_NAMES = ["facility_name", "facility_type", "address", "licence_number", "contact_phone", "contact_email"] as const;

/** The error summary's entries for the facility fields, in the order they show. */
export function facilitySummary(fields: Fields, t: (key: string) => string) {
  return FACILITY_FIELD_NAMES.map((name) => ({ meta: fields[name], label: t(`facility:fields.${name}`) }));
}

/** Name, type, address, licence number and contact of the facility. */
export function FacilityFields({ fields }: { fields: Fields }) {
  const { t } = useTranslation("facility");
  return (
    <>
      <Field meta={fields.facility_name} label={t("fields.facility_name")} autoComplete="organization" hint={t("hints.facility_name")} />
      <SelectField meta={fields.facility_type} label={t("fields.facility_type")} options={facilityTypeOptions(t)} />
      <Field meta={fields.address} label={t("fields.address")} autoComplete="address-line1" hint={t("hints.address")} />
      <Field meta={fields.licence_number} label={t("fields.licence_number")} autoComplete="off" hint={t("hints.licence_number")} />
      <Field meta={fields.contact_phone} label={t("fields.contact_phone")} type="tel" inputMode="numeric" hint={t("hints.contact_phone")} />
      <Field meta={fields.contact_email} label={t("fields.contact_email")} type="email" inputMode="email" hint={t("hints.contact_email")} />
    </>
  );
}

const STATE_COLOUR: Record<VerificationState, keyof typeof ui.badgeColour> = { verified: "green", pending: "yellow", rejected: "red", notSubmitted: "none" };

export function VerificationBadge({ state }: { state: VerificationState }) {
  const { t } = useTranslation("facility");
  return <span className={`${ui.badge} ${ui.badgeColour[STATE_COLOUR[state]]}`}>{t(`state.${state}`)}</span>;
}

/** The rejection reason, where the admin cannot miss it. */
export function RejectionNotice({ reason }: { reason: string | null }) {
  const { t } = useTranslation("facility");
  return (
    <section className={ui.errorSummary} aria-labelledby="rejection-title">
      <h2 id="rejection-title">{t("personal.rejectedTitle")}</h2>
      {reason ? (
        <p>
          {t("personal.rejectedReason")} <strong>{reason}</strong>
        </p>
      ) : null}
      <p className={ui.flush}>{t("personal.rejectedNext")}</p>
    </section>
  );
}

/** The data as sent, read-only (pending or verified). */
function FacilityDetails({ data }: { data: MyFacility }) {
  const { t } = useTranslation("facility");
  const f = data.facility;
  const empty = t("personal.empty");
  const rows: Array<[string, string | null | undefined]> = [
    [t("fields.facility_name"), f?.facility_name],
    [t("fields.facility_type"), f ? t(facilityTypeKey(f.facility_type)) : null],
    [t("fields.address"), f?.address],
    [t("fields.licence_number"), f?.licence_number],
    [t("fields.contact_phone"), f?.contact_phone],
    [t("fields.contact_email"), f?.contact_email],
    [t("fields.admin_name"), data.full_name],
    [t("fields.admin_email"), data.email],
    [t("fields.admin_nik"), f?.admin_nik],
    [t("fields.admin_phone"), f?.admin_phone],
    [t("fields.position_id"), f?.position_name],
  ];
  return (
    <dl className={d.facts}>
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value || empty}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The form's first values: the facility as saved (the sign-up's data at first), numbers as strings. */
function defaults(data: MyFacility): Record<string, string> {
  const f = data.facility;
  const values: Record<string, string | null | undefined> = {
    facility_name: f?.facility_name,
    facility_type: f?.facility_type,
    address: f?.address,
    licence_number: f?.licence_number,
    contact_phone: f?.contact_phone,
    contact_email: f?.contact_email,
    admin_nik: f?.admin_nik,
    admin_phone: f?.admin_phone ?? data.phone,
    position_id: f?.position_id ? String(f.position_id) : undefined,
  };
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""));
}

/** A refusal the read-only view must still show (a post while pending or once verified answers 409). */
function formErrorOf(lastResult: SubmissionResult<string[]> | undefined): string | undefined {
  return lastResult?.error?.[""]?.[0];
}

/**
 * /personal-data for role 8: not sent or rejected → the form ("Simpan dan kirim untuk verifikasi");
 * pending or verified → the data read-only, with the state.
 */
export function FacilityPersonalData({
  data,
  editable,
  positions,
  lastResult,
}: {
  data: MyFacility;
  editable: boolean;
  positions: Array<{ id: number; name: string }>;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("facility");
  const refused = editable ? undefined : formErrorOf(lastResult);
  return (
    <>
      <h1>{t("personal.title")}</h1>
      <p>{t("personal.lead")}</p>
      <p>
        {t("personal.status")}: <VerificationBadge state={data.state} />
      </p>
      {refused ? (
        <div className={ui.errorSummary} role="alert">
          <p className={ui.flush}>{refused}</p>
        </div>
      ) : null}
      {data.state === "rejected" ? <RejectionNotice reason={data.reason} /> : null}
      {data.state === "pending" ? <p>{t("personal.pending", { date: formatDateTime(data.submitted_at) })}</p> : null}
      {data.state === "verified" ? <p>{t("personal.verified")}</p> : null}
      {data.state === "notSubmitted" ? <p>{t("personal.notSubmitted")}</p> : null}
      {editable ? (
        <FacilityDataForm data={data} positions={positions} lastResult={lastResult} />
      ) : (
        <section className={ui.card}>
          <FacilityDetails data={data} />
        </section>
      )}
    </>
  );
}

function FacilityDataForm({
  data,
  positions,
  lastResult,
}: {
  data: MyFacility;
  positions: Array<{ id: number; name: string }>;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("facility");
  const [form, fields] = useForm<FormInput<"facilityData">>({
    id: "facility-data",
    lastResult,
    defaultValue: defaults(data),
    ...useLiveValidation(facilityDataRules),
  });
  const summary = [
    ...facilitySummary(fields, t),
    { meta: fields.admin_nik, label: t("facility:fields.admin_nik") },
    { meta: fields.admin_phone, label: t("facility:fields.admin_phone") },
    { meta: fields.position_id, label: t("facility:fields.position_id") },
  ];
  return (
    <section className={ui.card}>
      <ErrorSummary form={form} fields={summary} />
      <Form method="post" {...getFormProps(form)} className={ui.formBlock}>
        <h2>{t("personal.facilitySection")}</h2>
        <FacilityFields fields={fields} />
        <h2>{t("personal.adminSection")}</h2>
        <div className={ui.field}>
          <span className={ui.label}>{t("fields.admin_name")}</span>
          <span>{data.full_name}</span>
        </div>
        <div className={ui.field}>
          <span className={ui.label}>{t("fields.admin_email")}</span>
          <span>{data.email}</span>
          <span className={ui.hint}>{t("hints.accountEmail")}</span>
        </div>
        <Field meta={fields.admin_nik} label={t("fields.admin_nik")} inputMode="numeric" autoComplete="off" hint={t("hints.admin_nik")} />
        <Field meta={fields.admin_phone} label={t("fields.admin_phone")} type="tel" inputMode="numeric" autoComplete="tel" hint={t("hints.admin_phone")} />
        <SelectField meta={fields.position_id} label={t("fields.position_id")} options={positions.map((p) => ({ value: String(p.id), label: p.name }))} />
        <SubmitButton>{data.state === "rejected" ? t("personal.resubmit") : t("personal.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
