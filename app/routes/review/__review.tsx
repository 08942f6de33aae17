import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useWorkflowWords } from "~/utils/workflow-words";
import { stageById, type Decision } from "#domain/workflow";
import { rules as decisionRules } from "#domain/forms/live/decision.generated";
import type { FormInput } from "#domain/forms/registry";
import { formatDate, formatDateTime } from "~/utils/format";
import { useRoleName } from "~/utils/role-name";
import type { AuditEntry, ReviewDetail } from "~/routes/review/__review.server";
import type { LabelledAnswer } from "~/utils/applicant-shown.server";
import { formatSize, StatusBadge } from "~/components/StatusBadge";
import { ErrorSummary, RadioGroup, SubmitButton, TextareaField } from "~/components/forms";
import * as f from "~/components/forms.css";
import * as r from "./__review.css";
import * as ui from "~/components/ui.css";
import * as d from "~/components/details.css";
import { SlaState } from "~/components/SlaState";
import { Timeline, type TimelineEvent } from "~/components/Timeline";
import { UTC_OFFSET } from "#domain/time-zone";

// --- Detail -------------------------------------------------------------------------------------

function Answers({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className={d.facts}>
      {items.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value === null || value === undefined || value === "" ? "—" : value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/**
 * What the reviewer must keep in view while reading a long file: who, which number, its status, and the
 * way to the decision form. It stays at the top of the window as the page scrolls.
 */
export function StickySummary({ detail }: { detail: ReviewDetail }) {
  const { t } = useTranslation("review");
  const { application } = detail;
  const decides = detail.may_decide && detail.open_stage;
  return (
    <aside className={r.sticky} aria-label={t("detail.stickyLabel")}>
      <p className={r.stickyWho}>
        <strong>{detail.applicant.full_name ?? "—"}</strong> <span className={d.number}>{application.registration_number ?? "—"}</span>{" "}
        <StatusBadge of={application} />
      </p>
      <a href={decides ? "#keputusan" : "#audit-title"} className={r.stickyLink}>
        {decides ? t("decision.skip") : t("detail.toAudit")}
      </a>
    </aside>
  );
}

/** Status, pathway, the open stage with its deadline and SLA state, who submitted the file. */
export function DetailSummary({ detail }: { detail: ReviewDetail }) {
  const { t } = useTranslation(["review", "workflow"]);
  const words = useWorkflowWords();
  const { application, sla, open_stage, submitted_by } = detail;
  return (
    <section className={ui.card} aria-labelledby="summary-title">
      <h2 id="summary-title">
        {t("detail.status")}: <StatusBadge of={application} />
      </h2>
      <Answers
        items={[
          [t("detail.number"), application.registration_number ? <span className={d.number}>{application.registration_number}</span> : null],
          [t("detail.jalur"), t(`workflow:jalur.${application.jalur_id}`)],
          [t("detail.submittedAt"), formatDateTime(application.submitted_at)],
          [t("detail.decidedStage"), application.tahap ? words.stage(application.tahap.id) : null],
          [t("detail.openStage"), open_stage ? words.stage(open_stage.id) : t("detail.nothingOpen")],
          [
            t("detail.deadline"),
            sla?.deadline_at ? (
              <>
                {formatDate(sla.deadline_at)}
                {sla.days !== null ? ` (${t("detail.slaDays", { days: sla.days })})` : null} · <SlaState daysLeft={sla.days_left} overdue={sla.overdue} />
              </>
            ) : null,
          ],
          [
            t("detail.submittedBy"),
            submitted_by
              ? `${submitted_by.name ?? "—"}${submitted_by.email ? ` <${submitted_by.email}>` : ""}${submitted_by.facility ? ` (${t("list.viaFacility")})` : ""}`
              : null,
          ],
        ]}
      />
    </section>
  );
}

export function ApplicantSection({ detail, shown }: { detail: ReviewDetail; shown: LabelledAnswer[] }) {
  const { t } = useTranslation(["review", "workflow"]);
  const p = detail.applicant;
  return (
    <section className={ui.card} aria-labelledby="applicant-title">
      <h2 id="applicant-title">{t("detail.applicant")}</h2>
      {p.photo_file_id ? (
        <img src={`/files/${p.photo_file_id}`} alt={t("detail.photo", { name: p.full_name ?? "" })} className={r.preview} width={160} />
      ) : null}
      <Answers
        items={[
          ...shown.flatMap((a): Array<[string, ReactNode]> => {
            if (a.field === "specialization_id" && detail.application.jalur_id !== "SPE") return [];
            const row: [string, ReactNode] = [a.label, a.date && a.value ? formatDate(`${a.value}T00:00:00${UTC_OFFSET}`) : a.value];
            // The account's e-mail and kind follow the name.
            return a.field === "full_name"
              ? [row, [t("detail.email"), p.email], [t("detail.kind"), t(`detail.kinds.${p.kind}`, { defaultValue: p.kind })]]
              : [row];
          }),
        ]}
      />
    </section>
  );
}

function isImage(type: string) {
  return /^image\//.test(type) || /^(png|jpe?g)$/i.test(type);
}

function isPdf(type: string) {
  return /pdf/i.test(type);
}

/**
 * Every document with every version: images inline, each one in the document viewer (its own page) or, on a
 * wide screen, in the frame beside the decision form (a plain link aimed at the frame: no script), everything
 * downloadable.
 */
export function DocumentsSection({ detail, base }: { detail: ReviewDetail; base: string }) {
  const { t } = useTranslation("review");
  return (
    <section className={ui.card} aria-labelledby="documents-title">
      <h2 id="documents-title">{t("detail.documents")}</h2>
      {detail.documents.length === 0 ? <p className={ui.flush}>{t("detail.noDocuments")}</p> : null}
      {detail.documents.map((doc) => (
        <div key={doc.requirement_id} className={r.documentBlock}>
          <h3>{doc.name}</h3>
          <ul className={r.versions}>
            {[...doc.versions]
              .sort((a, b) => b.version - a.version)
              .map((v) => (
                <li key={v.file_id} className={`${r.version} ${v.is_current ? r.currentVersion : ""}`}>
                  <p className={ui.flush}>
                    <strong>{t("detail.version", { version: v.version })}</strong>
                    {v.is_current ? ` · ${t("detail.current")}` : ` · ${t("detail.replaced")}`} · {v.original_name} ({formatSize(v.size)}) ·{" "}
                    {formatDateTime(v.uploaded_at)}
                  </p>
                  {isImage(v.detected_type) ? (
                    <img
                      src={`/files/${v.file_id}`}
                      alt={t("detail.preview", { name: `${doc.name} — ${v.original_name}` })}
                      className={r.preview}
                      loading="lazy"
                    />
                  ) : null}
                  <p className={ui.row}>
                    <a
                      href={`${base}/${detail.application.id}/documents/${doc.requirement_id}?version=${v.version}`}
                      aria-label={t("detail.openLabel", { name: v.original_name, version: v.version })}
                    >
                      {t("detail.open")}
                    </a>
                    {isPdf(v.detected_type) || isImage(v.detected_type) ? (
                      <a
                        href={`/files/${v.file_id}?inline=1`}
                        target="penampil"
                        className={r.wideOnly}
                        aria-label={t("detail.besideLabel", { name: v.original_name, version: v.version })}
                      >
                        {t("detail.beside")}
                      </a>
                    ) : null}
                    <a
                      href={`/files/${v.file_id}`}
                      download={v.original_name}
                      aria-label={t("detail.downloadLabel", { name: v.original_name, version: v.version })}
                    >
                      {t("detail.download")}
                    </a>
                  </p>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** Beside the decision form on a wide screen: the frame the documents' "Tampilkan di samping" links open in. */
export function SideViewer() {
  const { t } = useTranslation("review");
  return (
    <aside className={r.side} aria-labelledby="viewer-title">
      <h2 id="viewer-title">{t("viewer.sideTitle")}</h2>
      <div className={r.sideStage}>
        <p className={r.sideHint}>{t("viewer.sideHint")}</p>
        <iframe name="penampil" title={t("viewer.sideTitle")} className={r.sideFrame} />
      </div>
    </aside>
  );
}

export function PortfolioSection({ detail }: { detail: ReviewDetail }) {
  const { t } = useTranslation("review");
  const { portfolio, achievements } = detail;
  if (detail.application.jalur_id !== "SPE" && portfolio.length === 0 && achievements.items.length === 0) return null;
  return (
    <section className={ui.card} aria-labelledby="portfolio-title">
      <h2 id="portfolio-title">{t("detail.portfolio")}</h2>
      {portfolio.length === 0 ? (
        <p>{t("detail.noPortfolio")}</p>
      ) : (
        <ul>
          {portfolio.map((p, i) => (
            <li key={i}>
              <strong>{p.title}</strong> ({p.kind}){p.institution ? ` — ${p.institution}` : ""}
              {p.year ? `, ${p.year}` : ""}
              {p.description ? <p className={ui.flush}>{p.description}</p> : null}
            </li>
          ))}
        </ul>
      )}
      <h3>{t("detail.achievements")}</h3>
      <p>{achievements.done ? t("detail.achievementsDone") : t("detail.achievementsNotDone")}</p>
      {achievements.items.length === 0 ? (
        <p className={ui.flush}>{t("detail.noAchievements")}</p>
      ) : (
        <ul>
          {achievements.items.map((a, i) => (
            <li key={i}>
              <strong>{a.title}</strong> ({a.type_name || a.type_code}){a.year ? `, ${a.year}` : ""}
              {a.description ? <p className={ui.flush}>{a.description}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The documents a REUPLOAD decision named (its details: `[{ requirement_id, reason }]`), by name. */
function auditDocuments(entry: AuditEntry, names: ReadonlyMap<number, string>): Array<{ name: string; reason: string }> {
  const raw = entry.details as unknown;
  const docs = Array.isArray(raw) ? raw : (raw as { documents?: unknown } | null)?.documents;
  if (!Array.isArray(docs)) return [];
  return docs
    .filter((d): d is { requirement_id?: number; reason?: string } => typeof d === "object" && d !== null && "reason" in d)
    .map((d) => ({ name: names.get(Number(d.requirement_id)) ?? `#${d.requirement_id ?? "?"}`, reason: String(d.reason ?? "") }));
}

/**
 * Who did what and when, the stage and its decision, the note for the applicant and the reviewers' internal note.
 * Role 1's name carries the committee's name (spec §6), as in the top bar; an unknown role shows its number.
 */
export function AuditSection({ audit, documents }: { audit: AuditEntry[]; documents: ReviewDetail["documents"] }) {
  const { t } = useTranslation("review");
  const roleOf = useRoleName();
  const names = new Map(documents.map((d) => [d.requirement_id, d.name]));
  const events: TimelineEvent[] = audit.map((entry) => {
    const role = roleOf(entry.actor_role);
    return {
      ...entry,
      key: entry.id,
      who: `${entry.actor_name ?? t("detail.system")}${role ? ` (${role})` : ""}`,
      internalNote: entry.internal_note,
      documents: auditDocuments(entry, names),
    };
  });
  return <Timeline events={events} title={t("detail.audit")} headingId="audit-title" forReviewers />;
}

// --- Decision form ------------------------------------------------------------------------------

/** What PASSED leads to at this stage, in the reviewer's words. */
function passedOutcome(stageId: number, t: (key: string, o?: Record<string, unknown>) => string, stageWords: (id: number) => string): string {
  const stage = stageById(stageId);
  if (!stage) return "";
  return stage.onPassed === "final" ? t("decision.passedFinal") : t("decision.passedNext", { stage: stageWords(stage.onPassed) });
}

/**
 * The decision on the open stage: PASSED / FAILED / REUPLOAD (as the API offers them), the note for the
 * applicant, the internal note, and for REUPLOAD a checkbox and a reason per current document.
 * The stage travels in a hidden field, so a form left open on a stage decided meanwhile is refused (409).
 */
export function DecisionForm({ detail, lastResult }: { detail: ReviewDetail; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("review");
  const words = useWorkflowWords();
  const stageId = detail.open_stage!.id;
  const currentDocs = detail.documents.filter((d) => d.versions.some((v) => v.is_current));
  const [form, fields] = useForm<FormInput<"decision">>({
    id: `decision-${stageId}`,
    lastResult,
    constraint: decisionRules.constraint,
    defaultValue: { documents: currentDocs.map((d) => ({ requirement_id: String(d.requirement_id) })) },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const offersReupload = detail.decisions.includes("REUPLOAD");
  const rows = fields.documents.getFieldList();
  const options = detail.decisions.map((d: Decision) => ({
    value: d,
    label: t(`decision.options.${d}`),
    description: d === "PASSED" ? passedOutcome(stageId, t, words.stage) : t(`decision.outcomes.${d}`),
  }));
  const reasonFields = rows.map((row, i) => ({ meta: row.getFieldset().reason, label: `${t("decision.fields.reason")} — ${currentDocs[i]?.name ?? ""}` }));
  return (
    <section className={ui.card} aria-labelledby="decision-title" id="keputusan">
      <h2 id="decision-title">{t("decision.title", { stage: words.stage(detail.open_stage!.id) })}</h2>
      <ErrorSummary
        form={form}
        fields={[
          { meta: fields.stage_id, label: t("decision.fields.stage_id") },
          { meta: fields.decision, label: t("decision.fields.decision") },
          { meta: fields.note, label: t("decision.fields.note") },
          { meta: fields.internal_note, label: t("decision.fields.internal_note") },
          { meta: fields.documents, label: t("decision.fields.documents") },
          ...reasonFields,
        ]}
      />
      <Form method="post" {...getFormProps(form)} className={r.decisionForm}>
        <input type="hidden" name="stage_id" value={stageId} />
        <RadioGroup meta={fields.decision} legend={t("decision.fields.decision")} options={options} />
        <TextareaField meta={fields.note} label={t("decision.fields.note")} hint={t("decision.noteHint")} />
        <TextareaField
          meta={fields.internal_note}
          label={`${t("decision.fields.internal_note")} ${t("decision.optional")}`}
          hint={t("decision.internalHint")}
        />
        {offersReupload ? (
          <fieldset
            id={fields.documents.id}
            tabIndex={-1}
            className={`${f.fieldset} ${fields.documents.errors?.length ? f.invalidGroup : ""}`}
            aria-describedby={`${fields.documents.id}-hint${fields.documents.errors?.length ? ` ${fields.documents.id}-error` : ""}`}
          >
            <legend className={f.legend}>{t("decision.fields.documents")}</legend>
            <p id={`${fields.documents.id}-hint`} className={ui.hint}>
              {t("decision.documentsHint")}
            </p>
            {fields.documents.errors?.length ? (
              <p id={`${fields.documents.id}-error`} className={ui.fieldError}>
                {fields.documents.errors[0]}
              </p>
            ) : null}
            {rows.map((row, i) => {
              const doc = currentDocs[i];
              if (!doc) return null;
              const set = row.getFieldset();
              const reason = set.reason;
              const invalid = Boolean(reason.errors?.length);
              const checkbox = getInputProps(set.selected, { type: "checkbox", ariaAttributes: false });
              const reasonProps = getInputProps(reason, { type: "text", ariaAttributes: false });
              return (
                <div key={row.key} className={r.reuploadRow}>
                  <input type="hidden" name={set.requirement_id.name} value={String(doc.requirement_id)} />
                  <div className={f.choice}>
                    <input {...checkbox} key={checkbox.key} id={set.selected.id} className={f.choiceInput} />
                    <label htmlFor={set.selected.id} className={f.choiceLabel}>
                      {doc.name}
                    </label>
                  </div>
                  <div className={`${ui.field} ${r.reasonField}`}>
                    <label htmlFor={reason.id} className={ui.label}>{`${t("decision.fields.reason")} — ${doc.name}`}</label>
                    {invalid ? (
                      <p id={`${reason.id}-error`} className={ui.fieldError}>
                        {reason.errors![0]}
                      </p>
                    ) : null}
                    <input
                      {...reasonProps}
                      key={reasonProps.key}
                      id={reason.id}
                      className={ui.input}
                      aria-invalid={invalid || undefined}
                      aria-describedby={invalid ? `${reason.id}-error` : undefined}
                    />
                  </div>
                </div>
              );
            })}
          </fieldset>
        ) : null}
        <SubmitButton>{t("decision.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
