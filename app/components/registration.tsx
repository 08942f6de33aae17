import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { COUNTRIES } from "#domain/countries";
import { JALUR_IDS, type DocumentRequirement, type JalurId } from "#domain/documents";
import { GENDER_LABELS, GENDERS, IDENTITY_TYPES, PROFESSION_LABELS, PROFESSIONS } from "#domain/forms/profile.labels";
import { REGISTRATION_LABELS as L, uploadFilePath } from "#domain/forms/registration.labels";
import { CONSTRAINTS } from "#domain/forms/constraints.generated";
import type { FormInput } from "#domain/forms/registry";
import type { ActivityKind, Registration, RegistrationPage } from "~/utils/registration.server";
import { formatDate, formatDateTime } from "~/utils/format";
import { stageProgress } from "~/utils/review-query";
import * as a from "./admin.css";
import { Pager, listSearch } from "./admin";
import {
  ApplicationDocuments,
  ApplicationTimeline,
  DocumentErrorSummary,
  DocumentField,
  StatusBadge,
  UploadProgress,
  useUploadProgress,
  type DocumentErrors,
} from "./applicant";
import { ErrorSummary, Field, RadioGroup, SelectField, SubmitButton } from "./forms";
import { SlaState } from "./review";
import * as ui from "./ui.css";

// The facility admin's (role 8) "Pendaftaran" and "Status Pengajuan" (DESIGN §4 "Health-facility admin").

/** The JSON route the facility's upload forms use with JavaScript (progress bar), as /submission-form/upload does for applicants. */
export const FACILITY_UPLOAD_ENDPOINT = "/register-competency-evaluation/upload";

const COUNTRY_OPTIONS = COUNTRIES.map(([value, label]) => ({ value, label }));

/** /registration-path for role 8: what the facility can do and the three pathways. */
export function RegistrationIntro({ kinds }: { kinds: ActivityKind[] }) {
  const { t } = useTranslation("registration");
  return (
    <>
      <h1>{t("intro.title")}</h1>
      <p>{t("intro.lead")}</p>
      <section className={ui.card} aria-labelledby="intro-steps">
        <h2 id="intro-steps">{t("intro.stepsTitle")}</h2>
        <ol>
          <li>{t("intro.step1")}</li>
          <li>{t("intro.step2")}</li>
          <li>{t("intro.step3")}</li>
          <li>{t("intro.step4")}</li>
        </ol>
      </section>
      <section className={ui.card} aria-labelledby="intro-pathways">
        <h2 id="intro-pathways">{t("intro.pathwaysTitle")}</h2>
        <dl>
          {JALUR_IDS.map((jalur) => (
            <div key={jalur}>
              <dt>
                <strong>{t(`applicant:jalur.${jalur}`)}</strong>
              </dt>
              <dd>
                {t(`applicant:jalurDescription.${jalur}`)}
                {jalur === "OTH" ? ` ${t("intro.kinds", { kinds: kinds.map((k) => k.name).join(", ") })}` : null}
              </dd>
            </div>
          ))}
        </dl>
        <p>
          <Link to="/evaluation-requirements">{t("intro.requirements")}</Link>
        </p>
      </section>
      <p className={ui.row}>
        <Link to="/register-competency-evaluation" className={ui.button}>{t("intro.start")}</Link>
        <Link to="/application-status">{t("intro.status")}</Link>
      </p>
    </>
  );
}

/** The facility's registrations: search, a table with the label of each, paging; drafts link to their upload page. */
export function RegistrationTable({ page, params }: { page: RegistrationPage; params: Record<string, string> }) {
  const { t } = useTranslation("registration");
  return (
    <>
      <Form method="get" className={a.filters} role="search">
        <div className={a.filterField}>
          <label htmlFor="q" className={ui.label}>{t("list.search")}</label>
          <input id="q" name="q" type="search" className={ui.input} defaultValue={params.q ?? ""} maxLength={100} />
        </div>
        <button type="submit" className={ui.secondaryButton}>{t("list.searchButton")}</button>
        {params.q ? <Link to={listSearch(params, { q: undefined, page: undefined })}>{t("list.clear")}</Link> : null}
      </Form>
      {page.data.length === 0 ? (
        <p className={ui.card}>{params.q ? t("list.noMatch") : t("list.empty")}</p>
      ) : (
        <div className={a.tableScroll}>
          <table className={a.table}>
            <caption className={ui.muted}>{t("list.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("list.number")}</th>
                <th scope="col">{t("list.name")}</th>
                <th scope="col">{t("list.jalur")}</th>
                <th scope="col">{t("list.label")}</th>
                <th scope="col">{t("list.submittedAt")}</th>
                <th scope="col">{t("list.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((r) => (
                <tr key={r.id}>
                  <td>{r.registration_number}</td>
                  <td>
                    {r.applicant_name ?? "—"}
                    <br />
                    <span className={ui.muted}>{r.applicant_email}</span>
                  </td>
                  <td>
                    {t(`applicant:jalur.${r.jalur_id}`)}
                    {r.activity_kind ? ` — ${r.activity_kind.name}` : null}
                  </td>
                  <td>
                    <StatusBadge label={r.label.label} colour={r.label.colour} fallback="—" />
                  </td>
                  <td>{r.submitted_at ? formatDateTime(r.submitted_at) : t("list.notSubmitted")}</td>
                  <td>
                    <span className={ui.row}>
                      {!r.is_submitted ? (
                        <Link to={uploadFilePath(r, r.activity_kind?.id)} aria-label={t("list.continueOf", { name: r.applicant_name ?? r.registration_number })}>{t("list.continue")}</Link>
                      ) : null}
                      {r.status === "REUPLOAD" ? (
                        <Link to={`/application-status/application-status-detail?id=${r.id}#reupload-title`} aria-label={t("list.reuploadOf", { name: r.applicant_name ?? r.registration_number })}>
                          {t("list.reupload")}
                        </Link>
                      ) : null}
                      <Link to={`/application-status/application-status-detail?id=${r.id}`} aria-label={t("list.detailOf", { name: r.applicant_name ?? r.registration_number })}>
                        {t("list.detail")}
                      </Link>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager meta={page.meta} params={params} noun={t("list.noun")} />
    </>
  );
}

/** /register-competency-evaluation/registration-path: REG, SPE or OTH (with its kind of activity). */
export function PathwayChoice({ kinds, lastResult }: { kinds: ActivityKind[]; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("registration");
  const [form, fields] = useForm<FormInput<"pathwayChoice">>({
    id: "registration-pathway",
    lastResult,
    constraint: CONSTRAINTS.pathwayChoice,
    shouldValidate: "onSubmit",
  });
  return (
    <>
      <h1>{t("choice.title")}</h1>
      <p>{t("choice.lead")}</p>
      <section className={ui.card}>
        <ErrorSummary
          form={form}
          fields={[
            { meta: fields.jalur_id, label: L.jalur_id },
            { meta: fields.activity_kind_id, label: L.activity_kind_id },
          ]}
        />
        <Form method="post" {...getFormProps(form)}>
          <RadioGroup
            meta={fields.jalur_id}
            legend={L.jalur_id}
            options={JALUR_IDS.map((jalur) => ({ value: jalur, label: t(`applicant:jalur.${jalur}`), description: t(`applicant:jalurDescription.${jalur}`) }))}
          />
          <RadioGroup
            meta={fields.activity_kind_id}
            legend={L.activity_kind_id}
            hint={t("choice.kindHint")}
            options={kinds.map((k) => ({ value: String(k.id), label: k.name, description: k.description ?? undefined }))}
          />
          <SubmitButton>{t("choice.continue")}</SubmitButton>
        </Form>
      </section>
      <p>
        <Link to="/register-competency-evaluation">{t("back")}</Link>
      </p>
    </>
  );
}

export interface ProfessionalFormData {
  jalur: JalurId;
  kind: ActivityKind | null;
  institutions: Array<{ id: number; name: string }>;
  specializations: Array<{ id: number; name: string }>;
}

const PERSON_FIELDS = [
  "full_name",
  "email",
  "identity_type",
  "identity_number",
  "nationality",
  "birth_place",
  "birth_date",
  "gender",
  "address",
  "phone",
  "profession",
  "institution_id",
  "graduation_country",
  "graduation_year",
  "specialization_id",
] as const;

/** /register-competency-evaluation/path/…: the professional's data; the pathway and kind come from the URL. */
export function ProfessionalForm({ loaded, lastResult }: { loaded: ProfessionalFormData; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("registration");
  const { jalur, kind, institutions, specializations } = loaded;
  const [form, fields] = useForm<FormInput<"registration">>({
    id: "professional",
    lastResult,
    defaultValue: { jalur_id: jalur, activity_kind_id: kind ? String(kind.id) : undefined, identity_type: "PASPOR" },
    constraint: CONSTRAINTS.registration,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const choose = t("form.choose");
  const summary = PERSON_FIELDS.filter((k) => k !== "specialization_id" || jalur === "SPE").map((k) => ({ meta: fields[k], label: L[k] }));
  return (
    <>
      <h1>{t("form.title")}</h1>
      <p>
        {t("form.pathway")}: <strong>{t(`applicant:jalur.${jalur}`)}</strong>
        {kind ? ` — ${kind.name}` : null}
      </p>
      <p>{t("form.lead")}</p>
      <section className={ui.card}>
        <ErrorSummary form={form} fields={summary} />
        <Form method="post" {...getFormProps(form)} className={ui.formBlock}>
          <input type="hidden" name={fields.jalur_id.name} value={jalur} />
          {kind ? <input type="hidden" name={fields.activity_kind_id.name} value={String(kind.id)} /> : null}
          <Field meta={fields.full_name} label={L.full_name} autoComplete="off" />
          <Field meta={fields.email} label={L.email} type="email" hint={t("form.emailHint")} autoComplete="off" inputMode="email" />
          <RadioGroup meta={fields.identity_type} legend={L.identity_type} options={IDENTITY_TYPES.map((v) => ({ value: v, label: t(`form.identityType.${v}`) }))} />
          <Field meta={fields.identity_number} label={L.identity_number} autoComplete="off" />
          <SelectField meta={fields.nationality} label={L.nationality} options={COUNTRY_OPTIONS} placeholder={choose} />
          <Field meta={fields.birth_place} label={L.birth_place} />
          <Field meta={fields.birth_date} label={L.birth_date} type="date" hint={t("form.birthDateHint")} />
          <RadioGroup meta={fields.gender} legend={L.gender} options={GENDERS.map((v) => ({ value: v, label: GENDER_LABELS[v] }))} />
          <Field meta={fields.address} label={L.address} />
          <Field meta={fields.phone} label={L.phone} type="tel" inputMode="tel" />
          <SelectField meta={fields.profession} label={L.profession} options={PROFESSIONS.map((v) => ({ value: v, label: PROFESSION_LABELS[v] }))} placeholder={choose} />
          <SelectField meta={fields.institution_id} label={L.institution_id} options={institutions.map((i) => ({ value: String(i.id), label: i.name }))} placeholder={choose} />
          <SelectField meta={fields.graduation_country} label={L.graduation_country} options={COUNTRY_OPTIONS} placeholder={choose} />
          <Field meta={fields.graduation_year} label={L.graduation_year} inputMode="numeric" />
          {jalur === "SPE" ? (
            <SelectField meta={fields.specialization_id} label={L.specialization_id} options={specializations.map((s) => ({ value: String(s.id), label: s.name }))} placeholder={choose} />
          ) : null}
          <SubmitButton>{t("form.submit")}</SubmitButton>
        </Form>
      </section>
      <p>
        <Link to="/register-competency-evaluation/registration-path">{t("form.changePathway")}</Link>
      </p>
    </>
  );
}

/** …/upload-file?id=: one input per document of the pathway, save or submit (the applicant's upload pieces). */
export function FacilityUploadForm({
  registration,
  requirements,
  idempotencyKey,
  errors: postErrors,
}: {
  registration: Registration;
  requirements: DocumentRequirement[];
  idempotencyKey: string;
  errors: DocumentErrors | undefined;
}) {
  const { t } = useTranslation("registration");
  const upload = useUploadProgress("adaptation", FACILITY_UPLOAD_ENDPOINT);
  const errors = upload.errors ?? postErrors;
  const { application, professional, activity_kind } = registration;
  const current = new Map(application.documents.map((d) => [d.requirement_id, d]));
  return (
    <>
      <h1>{t("upload.title")}</h1>
      <p>
        {t("upload.lead", { name: professional.full_name, number: application.registration_number, jalur: t(`applicant:jalur.${application.jalur_id}`) })}
        {activity_kind ? ` — ${activity_kind.name}` : null}
      </p>
      <DocumentErrorSummary errors={errors} requirements={requirements} />
      <section className={ui.card}>
        <Form method="post" encType="multipart/form-data" reloadDocument onSubmit={upload.onSubmit}>
          {requirements.map((r) => (
            <DocumentField key={r.id} requirement={r} current={current.get(r.id)} error={errors?.documents[r.id]} />
          ))}
          <div className={ui.row}>
            <button type="submit" className={ui.secondaryButton} formAction={`?id=${application.id}&intent=save`}>
              {t("upload.save")}
            </button>
            <button type="submit" className={ui.button} formAction={`?id=${application.id}&intent=submit&key=${idempotencyKey}`}>
              {t("upload.submit")}
            </button>
          </div>
          <UploadProgress percent={upload.percent} />
        </Form>
      </section>
      <p>
        <Link to="/register-competency-evaluation">{t("back")}</Link>
      </p>
    </>
  );
}

/** /application-status/application-status-detail?id= for role 8: as the applicant's, plus who and a reupload form. */
export function FacilityStatusDetail({
  registration,
  reuploadItems,
  errors: postErrors,
}: {
  registration: Registration;
  reuploadItems: Array<{ requirement: DocumentRequirement; reason: string }>;
  errors: DocumentErrors | undefined;
}) {
  const { t } = useTranslation(["registration", "applicant"]);
  const { application, professional, activity_kind } = registration;
  const progress = stageProgress(application);
  const upload = useUploadProgress("reupload", FACILITY_UPLOAD_ENDPOINT);
  const errors = upload.errors ?? postErrors;
  const current = new Map(application.documents.map((d) => [d.requirement_id, d]));
  return (
    <>
      <h1>{t("detail.title")}</h1>
      <section className={ui.card} aria-labelledby="who-title">
        <h2 id="who-title">{professional.full_name}</h2>
        <dl className={a.details}>
          <dt>{t("detail.email")}</dt>
          <dd>{professional.email}</dd>
          <dt>{t("list.number")}</dt>
          <dd>{application.registration_number}</dd>
          <dt>{t("list.jalur")}</dt>
          <dd>
            {t(`applicant:jalur.${application.jalur_id}`)}
            {activity_kind ? ` — ${activity_kind.name}` : null}
          </dd>
          <dt>{t("list.label")}</dt>
          <dd>
            <StatusBadge label={application.label.label} colour={application.label.colour} fallback="—" />
          </dd>
          <dt>{t("list.submittedAt")}</dt>
          <dd>{application.submitted_at ? formatDateTime(application.submitted_at) : t("list.notSubmitted")}</dd>
          <dt>{t("applicant:status.stage")}</dt>
          <dd>{progress.open?.name ?? application.tahap?.name ?? "—"}</dd>
          <dt>{t("applicant:status.holder")}</dt>
          <dd>{progress.holder ?? "—"}</dd>
          <dt>{t("applicant:status.deadline")}</dt>
          <dd>
            {formatDate(progress.deadline)}
            {progress.deadline ? " · " : null}
            <SlaState daysLeft={progress.daysLeft} overdue={progress.overdue} />
          </dd>
        </dl>
        {!application.is_submitted ? (
          <p>
            <Link to={uploadFilePath(application, activity_kind?.id)} className={ui.button}>{t("list.continue")}</Link>
          </p>
        ) : null}
      </section>
      {application.status === "REUPLOAD" ? (
        <section className={ui.card} aria-labelledby="reupload-title">
          <h2 id="reupload-title">{t("detail.reuploadTitle")}</h2>
          <p>{t("detail.reuploadLead")}</p>
          <DocumentErrorSummary errors={errors} requirements={reuploadItems.map((i) => i.requirement)} />
          <Form method="post" action={`/application-status/application-status-detail?id=${application.id}`} encType="multipart/form-data" reloadDocument onSubmit={upload.onSubmit}>
            {reuploadItems.map(({ requirement, reason }) => (
              <DocumentField key={requirement.id} requirement={requirement} reason={reason} current={current.get(requirement.id)} error={errors?.documents[requirement.id]} />
            ))}
            <button type="submit" className={ui.button}>{t("detail.reuploadSubmit")}</button>
            <UploadProgress percent={upload.percent} />
          </Form>
        </section>
      ) : null}
      <ApplicationTimeline timeline={application.timeline} />
      <ApplicationDocuments documents={application.documents} />
      <p>
        <Link to="/application-status">{t("detail.back")}</Link>
      </p>
    </>
  );
}
