import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { countryName } from "#domain/countries";
import { JALUR_IDS } from "#domain/documents";
import { GENDER_LABELS, PROFESSION_LABELS, PROFILE_LABELS } from "#domain/forms/profile.labels";
import { DECISION_LABELS } from "#domain/forms/review.labels";
import { ROLE_LABELS } from "#domain/roles";
import { STATUS_LABELS } from "#domain/status-label";
import { STAGES, stageById, type Decision } from "#domain/workflow";
import { CONSTRAINTS } from "#domain/forms/constraints.generated";
import type { FormInput } from "#domain/forms/registry";
import { formatDate, formatDateTime } from "~/utils/format";
import { DIRS, LABEL_RULES, pageWindow, Q_MAX, SORTS, tabsFor, toSearch, type ListQuery, type ReviewArea } from "~/utils/review-query";
import type { AuditEntry, ReviewDetail, ReviewListMeta, ReviewRow } from "~/utils/review.server";
import { formatSize, StatusBadge } from "./applicant";
import { ErrorSummary, RadioGroup, SubmitButton } from "./forms";
import * as f from "./forms.css";
import * as r from "./review.css";
import * as ui from "./ui.css";

// The review pages (issue 5): the lists of /application and /application-list, and the detail with its
// decision form. Everything renders on the server and works without JavaScript.

// --- SLA ----------------------------------------------------------------------------------------

/** "Sisa N hari" / "Terlambat N hari" beside a deadline; nothing when there is no deadline. */
export function SlaState({ daysLeft, overdue }: { daysLeft: number | null | undefined; overdue?: boolean }) {
  const { t } = useTranslation("review");
  if (daysLeft === null || daysLeft === undefined) return null;
  const late = overdue ?? daysLeft < 0;
  if (late) return <span className={r.overdue}>{t("sla.overdue", { days: Math.max(1, Math.abs(daysLeft)) })}</span>;
  return <span className={r.onTime}>{daysLeft === 0 ? t("sla.today") : t("sla.left", { days: daysLeft })}</span>;
}

// --- Lists --------------------------------------------------------------------------------------

export interface ListPageData {
  area: ReviewArea;
  role: number;
  rows: ReviewRow[];
  meta: ReviewListMeta;
  query: ListQuery;
  dropped: string[];
  error: string | null;
}

function ListTabs({ data }: { data: ListPageData }) {
  const { t } = useTranslation("review");
  const { query, meta, role, area } = data;
  return (
    <nav aria-label={t("list.tabsLabel")}>
      <ul className={r.tabs}>
        {tabsFor(role).map((tab) => (
          <li key={tab}>
            <Link to={`${area.base}${toSearch(query, { tab, page: undefined }, role)}`} className={r.tab} aria-current={query.tab === tab ? "page" : undefined}>
              {t(`list.tabs.${tab}`)} ({meta.counts[tab]})
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Select({ name, label, value, options, any }: { name: string; label: string; value: string | number | undefined; options: ReactNode; any?: string }) {
  return (
    <div className={r.filterField}>
      <label htmlFor={`filter-${name}`} className={ui.label}>{label}</label>
      <select id={`filter-${name}`} name={name} defaultValue={value === undefined ? "" : String(value)} className={ui.input}>
        {any ? <option value="">{any}</option> : null}
        {options}
      </select>
    </div>
  );
}

/** The filters as a GET form: it works without JavaScript and every result has its own URL. */
function ListFilters({ data }: { data: ListPageData }) {
  const { t } = useTranslation(["review", "applicant"]);
  const { query, role, area } = data;
  const location = useLocation();
  return (
    // Keyed by the URL so the fields show the query after a client-side navigation too.
    <Form key={location.search} method="get" action={area.base} className={r.filters} role="search" aria-labelledby="filters-title">
      <h2 id="filters-title" className="visually-hidden">{t("list.filtersTitle")}</h2>
      {query.tab !== tabsFor(role)[0] ? <input type="hidden" name="tab" value={query.tab} /> : null}
      <div className={`${r.filterField} ${r.filterWide}`}>
        <label htmlFor="filter-q" className={ui.label}>{t("list.search")}</label>
        <input id="filter-q" name="q" type="search" defaultValue={query.q ?? ""} maxLength={Q_MAX} className={ui.input} aria-describedby="filter-q-hint" />
        <p id="filter-q-hint" className={ui.hint}>{t("list.searchHint")}</p>
      </div>
      <Select name="jalur" label={t("list.jalur")} value={query.jalur} any={t("list.any")} options={JALUR_IDS.map((j) => <option key={j} value={j}>{t(`applicant:jalur.${j}`)}</option>)} />
      <Select
        name="stage"
        label={t("list.stage")}
        value={query.stage}
        any={t("list.any")}
        options={JALUR_IDS.map((j) => (
          <optgroup key={j} label={t(`applicant:jalur.${j}`)}>
            {STAGES.filter((s) => s.jalur === j).map((s) => <option key={s.id} value={s.id}>{`${s.name} (${t(`applicant:jalur.${j}`)})`}</option>)}
          </optgroup>
        ))}
      />
      <Select
        name="label"
        label={t("list.label")}
        value={query.label}
        any={t("list.any")}
        options={LABEL_RULES.map((rule) => <option key={rule} value={rule}>{STATUS_LABELS[rule - 1] ?? t("list.noLabel")}</option>)}
      />
      <Select name="sort" label={t("list.sort")} value={query.sort} any={t("list.sortDefault")} options={SORTS.map((s) => <option key={s} value={s}>{t(`list.sorts.${s}`)}</option>)} />
      <Select name="dir" label={t("list.dir")} value={query.dir} any={t("list.sortDefault")} options={DIRS.map((d) => <option key={d} value={d}>{t(`list.dirs.${d}`)}</option>)} />
      <div className={r.filterCheck}>
        <input id="filter-overdue" type="checkbox" name="overdue" value="1" defaultChecked={query.overdue === "1"} className={f.choiceInput} />
        <label htmlFor="filter-overdue">{t("list.overdueOnly")}</label>
      </div>
      <div className={r.filterActions}>
        <button type="submit" className={ui.button}>{t("list.apply")}</button>
        <Link to={`${area.base}${toSearch({ tab: query.tab }, {}, role)}`}>{t("list.reset")}</Link>
      </div>
    </Form>
  );
}

function ListTable({ data }: { data: ListPageData }) {
  const { t } = useTranslation(["review", "applicant"]);
  const { rows, meta, area } = data;
  return (
    <div className={r.tableScroll}>
      <table className={r.table}>
        <caption className="visually-hidden">{t("list.caption", { page: meta.page, pages: Math.max(meta.pages, 1) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("list.columns.number")}</th>
            <th scope="col">{t("list.columns.name")}</th>
            <th scope="col">{t("list.columns.email")}</th>
            <th scope="col">{t("list.columns.jalur")}</th>
            <th scope="col">{t("list.columns.stage")}</th>
            <th scope="col">{t("list.columns.status")}</th>
            <th scope="col">{t("list.columns.submitted")}</th>
            <th scope="col">{t("list.columns.deadline")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={r.nowrap}>
                <Link to={`${area.base}/${row.id}`}>{row.registration_number ?? t("list.noNumber")}</Link>
                {row.may_decide ? <span className="visually-hidden"> {t("list.needsAction")}</span> : null}
              </td>
              <td>
                {row.applicant_name ?? "—"}
                {row.submitted_by_facility ? <span className={`${ui.hint} ${r.nowrap}`}> ({t("list.viaFacility")})</span> : null}
              </td>
              <td>{row.applicant_email ?? "—"}</td>
              <td>{t(`applicant:jalur.${row.jalur_id}`)}</td>
              <td>{(row.open_stage ?? row.stage)?.name ?? "—"}</td>
              <td>
                <StatusBadge label={row.label.label} colour={row.label.colour} fallback="—" />
              </td>
              <td className={r.nowrap}>{formatDate(row.submitted_at)}</td>
              <td className={r.nowrap}>
                {formatDate(row.deadline_at)}
                {row.deadline_at ? <br /> : null}
                <SlaState daysLeft={row.days_left} overdue={row.overdue} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Pager({ data }: { data: ListPageData }) {
  const { t } = useTranslation("review");
  const { meta, query, area, role } = data;
  if (meta.pages <= 1) return null;
  const href = (page: number) => `${area.base}${toSearch(query, { page }, role)}`;
  return (
    <nav aria-label={t("list.pagination")}>
      <ul className={r.pager}>
        {meta.page > 1 ? (
          <li>
            <Link to={href(Math.min(meta.page - 1, meta.pages))} className={r.pageLink} rel="prev">{t("list.previous")}</Link>
          </li>
        ) : null}
        {pageWindow(meta.page, meta.pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true">…</li>
          ) : (
            <li key={p}>
              <Link to={href(p)} className={r.pageLink} aria-current={p === meta.page ? "page" : undefined} aria-label={t("list.pageN", { page: p })}>{p}</Link>
            </li>
          ),
        )}
        {meta.page < meta.pages ? (
          <li>
            <Link to={href(meta.page + 1)} className={r.pageLink} rel="next">{t("list.next")}</Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** A review list: tabs with counts, the filters, the table, paging and the CSV export of the same query. */
export function ReviewListPage({ data, title }: { data: ListPageData; title: string }) {
  const { t } = useTranslation("review");
  const { meta, query, rows, area, role } = data;
  const first = (meta.page - 1) * meta.page_size + 1;
  const exportHref = `${area.base}/export${toSearch(query, { page: undefined }, role)}`;
  return (
    <>
      <h1>{title}</h1>
      <ListTabs data={data} />
      <section className={ui.card} aria-labelledby="filters-title">
        <ListFilters data={data} />
        {data.dropped.length > 0 ? (
          <p className={r.notice} role="status">{t("list.dropped", { names: data.dropped.map((n) => t(`list.params.${n}`, { defaultValue: n })).join(", ") })}</p>
        ) : null}
        {data.error ? <p className={r.alert} role="alert">{data.error}</p> : null}
      </section>
      <div className={r.toolbar}>
        <p className={ui.flush} role="status">
          {rows.length > 0 ? t("list.showing", { from: first, to: first + rows.length - 1, total: meta.total }) : t("list.showingNone")}
        </p>
        <a href={exportHref} className={ui.secondaryButton} download>{t("list.export")}</a>
      </div>
      {rows.length === 0 ? (
        <section className={ui.card}>
          <p className={ui.flush}>{query.page && query.page > 1 && meta.total > 0 ? t("list.pastEnd") : t(query.tab === "action" ? "list.emptyAction" : "list.empty")}</p>
          {query.page && query.page > 1 && meta.total > 0 ? <Link to={`${area.base}${toSearch(query, { page: 1 }, role)}`}>{t("list.firstPage")}</Link> : null}
        </section>
      ) : (
        <ListTable data={data} />
      )}
      <Pager data={data} />
    </>
  );
}

// --- Detail -------------------------------------------------------------------------------------

function Answers({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className={f.answers}>
      {items.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value === null || value === undefined || value === "" ? "—" : value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** Status, pathway, the open stage with its deadline and SLA state, who submitted the file. */
export function DetailSummary({ detail }: { detail: ReviewDetail }) {
  const { t } = useTranslation(["review", "applicant"]);
  const { application, sla, open_stage, submitted_by } = detail;
  return (
    <section className={ui.card} aria-labelledby="summary-title">
      <h2 id="summary-title">
        {t("detail.status")}: <StatusBadge label={application.label.label} colour={application.label.colour} fallback="—" />
      </h2>
      <Answers
        items={[
          [t("detail.number"), application.registration_number],
          [t("detail.jalur"), t(`applicant:jalur.${application.jalur_id}`)],
          [t("detail.submittedAt"), formatDateTime(application.submitted_at)],
          [t("detail.decidedStage"), application.tahap?.name],
          [t("detail.openStage"), open_stage ? open_stage.name : t("detail.nothingOpen")],
          [
            t("detail.deadline"),
            sla?.deadline_at ? (
              <>
                {formatDate(sla.deadline_at)}
                {sla.days !== null ? ` (${t("detail.slaDays", { days: sla.days })})` : null} · <SlaState daysLeft={sla.days_left} overdue={sla.overdue} />
              </>
            ) : null,
          ],
          [t("detail.submittedBy"), submitted_by ? `${submitted_by.name ?? "—"}${submitted_by.email ? ` <${submitted_by.email}>` : ""}${submitted_by.facility ? ` (${t("list.viaFacility")})` : ""}` : null],
        ]}
      />
    </section>
  );
}

export function ApplicantSection({ detail }: { detail: ReviewDetail }) {
  const { t } = useTranslation("review");
  const p = detail.applicant;
  const L = PROFILE_LABELS;
  return (
    <section className={ui.card} aria-labelledby="applicant-title">
      <h2 id="applicant-title">{t("detail.applicant")}</h2>
      {p.photo_file_id ? <img src={`/files/${p.photo_file_id}`} alt={t("detail.photo", { name: p.full_name ?? "" })} className={r.preview} width={160} /> : null}
      <Answers
        items={[
          [L.full_name, p.full_name],
          [t("detail.email"), p.email],
          [t("detail.kind"), t(`detail.kinds.${p.kind}`, { defaultValue: p.kind })],
          [L.identity_number, p.identity_number ? `${p.identity_number}${p.identity_type ? ` (${p.identity_type})` : ""}` : null],
          [L.nationality, p.nationality ? (countryName(p.nationality) ?? p.nationality) : null],
          [L.birth_place, p.birth_place],
          [L.birth_date, p.birth_date ? formatDate(`${p.birth_date}T00:00:00+07:00`) : null],
          [L.gender, p.gender ? GENDER_LABELS[p.gender] : null],
          [L.address, p.address],
          [L.phone, p.phone],
          [L.profession, p.profession ? (PROFESSION_LABELS[p.profession as keyof typeof PROFESSION_LABELS] ?? p.profession) : null],
          [L.institution_id, p.institution_name],
          [L.graduation_country, p.graduation_country ? (countryName(p.graduation_country) ?? p.graduation_country) : null],
          [L.graduation_year, p.graduation_year],
          ...(detail.application.jalur_id === "SPE" ? ([[L.specialization_id, p.specialization_name]] as Array<[string, ReactNode]>) : []),
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

/** Every document with every version: images inline, PDFs opened in a new tab, everything downloadable. */
export function DocumentsSection({ detail }: { detail: ReviewDetail }) {
  const { t } = useTranslation("review");
  return (
    <section className={ui.card} aria-labelledby="documents-title">
      <h2 id="documents-title">{t("detail.documents")}</h2>
      {detail.documents.length === 0 ? <p className={ui.flush}>{t("detail.noDocuments")}</p> : null}
      {detail.documents.map((doc) => (
        <div key={doc.requirement_id} className={r.documentBlock}>
          <h3>{doc.name}</h3>
          <ul className={r.versions}>
            {[...doc.versions].sort((a, b) => b.version - a.version).map((v) => (
              <li key={v.file_id} className={`${r.version} ${v.is_current ? r.currentVersion : ""}`}>
                <p className={ui.flush}>
                  <strong>{t("detail.version", { version: v.version })}</strong>
                  {v.is_current ? ` · ${t("detail.current")}` : ` · ${t("detail.replaced")}`} · {v.original_name} ({formatSize(v.size)}) · {formatDateTime(v.uploaded_at)}
                </p>
                {isImage(v.detected_type) ? <img src={`/files/${v.file_id}`} alt={t("detail.preview", { name: `${doc.name} — ${v.original_name}` })} className={r.preview} loading="lazy" /> : null}
                <p className={ui.row}>
                  {isPdf(v.detected_type) || isImage(v.detected_type) ? (
                    <a href={`/files/${v.file_id}?inline=1`} target="_blank" rel="noopener" aria-label={t("detail.viewLabel", { name: v.original_name, version: v.version })}>
                      {t("detail.view")}
                    </a>
                  ) : null}
                  <a href={`/files/${v.file_id}`} download={v.original_name} aria-label={t("detail.downloadLabel", { name: v.original_name, version: v.version })}>
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

function roleName(role: AuditEntry["actor_role"]): string | null {
  if (role === null || role === undefined || role === "") return null;
  return typeof role === "number" || /^\d+$/.test(String(role)) ? (ROLE_LABELS[Number(role)] ?? String(role)) : String(role);
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

/** Who did what and when, from → to, the note for the applicant and the reviewers' internal note. */
export function AuditSection({ audit, documents }: { audit: AuditEntry[]; documents: ReviewDetail["documents"] }) {
  const { t } = useTranslation(["review", "applicant"]);
  const names = new Map(documents.map((d) => [d.requirement_id, d.name]));
  return (
    <section className={ui.card} aria-labelledby="audit-title">
      <h2 id="audit-title">{t("detail.audit")}</h2>
      {audit.length === 0 ? (
        <p className={ui.flush}>{t("detail.noAudit")}</p>
      ) : (
        <ol className={r.timeline}>
          {audit.map((entry) => {
            const role = roleName(entry.actor_role);
            const docs = auditDocuments(entry, names);
            return (
              <li key={entry.id} className={r.timelineEntry}>
                <p className={ui.flush}>
                  <strong>{t(`applicant:detail.actions.${entry.action}`, { defaultValue: entry.action })}</strong> — <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </p>
                <p className={ui.flush}>
                  {entry.actor_name ?? t("detail.system")}
                  {role ? ` (${role})` : ""}
                </p>
                {entry.from || entry.to ? (
                  <p className={ui.flush}>
                    {entry.from ?? "—"} → {entry.to ?? "—"}
                  </p>
                ) : null}
                {docs.length > 0 ? (
                  <ul>
                    {docs.map((d) => (
                      <li key={d.name}>
                        {d.name}: {d.reason}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {entry.note ? (
                  <p className={ui.flush}>
                    <strong>{t("detail.noteForApplicant")}:</strong> {entry.note}
                  </p>
                ) : null}
                {entry.internal_note ? (
                  <p className={r.internalNote}>
                    <strong>{t("detail.internalNote")}:</strong> {entry.internal_note}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

// --- Decision form ------------------------------------------------------------------------------

function TextArea({ meta, label, hint }: { meta: FieldMetadata<any>; label: string; hint?: string }) {
  const props = getTextareaProps(meta, { ariaAttributes: false });
  const invalid = Boolean(meta.errors?.length);
  const describedBy = [hint ? `${meta.id}-hint` : null, invalid ? `${meta.id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={ui.field}>
      <label htmlFor={meta.id} className={ui.label}>{label}</label>
      {hint ? <p id={`${meta.id}-hint`} className={ui.hint}>{hint}</p> : null}
      {invalid ? <p id={`${meta.id}-error`} className={ui.fieldError}>{meta.errors![0]}</p> : null}
      <textarea {...props} key={props.key} id={meta.id} className={`${ui.input} ${r.textarea}`} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
    </div>
  );
}

/** What PASSED leads to at this stage, in the reviewer's words. */
function passedOutcome(stageId: number, t: (key: string, o?: Record<string, unknown>) => string): string {
  const stage = stageById(stageId);
  if (!stage) return "";
  return stage.onPassed === "final" ? t("decision.passedFinal") : t("decision.passedNext", { stage: stageById(stage.onPassed)?.name ?? "" });
}

/**
 * The decision on the open stage: PASSED / FAILED / REUPLOAD (as the API offers them), the note for the
 * applicant, the internal note, and for REUPLOAD a checkbox and a reason per current document.
 * The stage travels in a hidden field, so a form left open on a stage decided meanwhile is refused (409).
 */
export function DecisionForm({ detail, lastResult }: { detail: ReviewDetail; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("review");
  const stageId = detail.open_stage!.id;
  const currentDocs = detail.documents.filter((d) => d.versions.some((v) => v.is_current));
  const [form, fields] = useForm<FormInput<"decision">>({
    id: `decision-${stageId}`,
    lastResult,
    constraint: CONSTRAINTS.decision,
    defaultValue: { documents: currentDocs.map((d) => ({ requirement_id: String(d.requirement_id) })) },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const offersReupload = detail.decisions.includes("REUPLOAD");
  const rows = fields.documents.getFieldList();
  const options = detail.decisions.map((d: Decision) => ({
    value: d,
    label: t(`decision.options.${d}`),
    description: d === "PASSED" ? passedOutcome(stageId, t) : t(`decision.outcomes.${d}`),
  }));
  const reasonFields = rows.map((row, i) => ({ meta: row.getFieldset().reason, label: `${DECISION_LABELS.reason} — ${currentDocs[i]?.name ?? ""}` }));
  return (
    <section className={ui.card} aria-labelledby="decision-title" id="keputusan">
      <h2 id="decision-title">{t("decision.title", { stage: detail.open_stage!.name })}</h2>
      <ErrorSummary
        form={form}
        fields={[
          { meta: fields.stage_id, label: DECISION_LABELS.stage_id },
          { meta: fields.decision, label: DECISION_LABELS.decision },
          { meta: fields.note, label: DECISION_LABELS.note },
          { meta: fields.internal_note, label: DECISION_LABELS.internal_note },
          { meta: fields.documents, label: DECISION_LABELS.documents },
          ...reasonFields,
        ]}
      />
      <Form method="post" {...getFormProps(form)} className={r.decisionForm}>
        <input type="hidden" name="stage_id" value={stageId} />
        <RadioGroup meta={fields.decision} legend={DECISION_LABELS.decision} options={options} />
        <TextArea meta={fields.note} label={DECISION_LABELS.note} hint={t("decision.noteHint")} />
        <TextArea meta={fields.internal_note} label={`${DECISION_LABELS.internal_note} ${t("decision.optional")}`} hint={t("decision.internalHint")} />
        {offersReupload ? (
          <fieldset id={fields.documents.id} tabIndex={-1} className={`${f.fieldset} ${fields.documents.errors?.length ? f.invalidGroup : ""}`} aria-describedby={`${fields.documents.id}-hint${fields.documents.errors?.length ? ` ${fields.documents.id}-error` : ""}`}>
            <legend className={f.legend}>{DECISION_LABELS.documents}</legend>
            <p id={`${fields.documents.id}-hint`} className={ui.hint}>{t("decision.documentsHint")}</p>
            {fields.documents.errors?.length ? <p id={`${fields.documents.id}-error`} className={ui.fieldError}>{fields.documents.errors[0]}</p> : null}
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
                    <label htmlFor={set.selected.id} className={f.choiceLabel}>{doc.name}</label>
                  </div>
                  <div className={ui.field}>
                    <label htmlFor={reason.id} className={ui.label}>{`${DECISION_LABELS.reason} — ${doc.name}`}</label>
                    {invalid ? <p id={`${reason.id}-error`} className={ui.fieldError}>{reason.errors![0]}</p> : null}
                    <input {...reasonProps} key={reasonProps.key} id={reason.id} className={ui.input} aria-invalid={invalid || undefined} aria-describedby={invalid ? `${reason.id}-error` : undefined} />
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
