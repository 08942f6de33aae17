import { useLocation } from "@remix-run/react";
import { type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useWorkflowWords } from "~/utils/workflow-words";
import { JALUR_IDS } from "#domain/documents";
import { LABELLED_RULES } from "#domain/status-label";
import { ADMIN_ROLES } from "#domain/roles";
import { STAGES } from "#domain/workflow";
import { TIME_ZONE, wibDate } from "#domain/time-zone";
import { DIRS, SORTS } from "#domain/review-filters";
import { LABEL_RULES, pageWindow, Q_MAX, tabsFor, toSearch, type ListQuery, type ReviewArea } from "~/routes/review/__review-query";
import type { ReviewListCursors, ReviewListMeta, ReviewRow } from "~/routes/review/__review.server";
import { DataTable } from "~/components/DataTable";
import { breakable } from "~/components/data-table.css";
import { statusBadge } from "~/components/StatusBadge";
import * as f from "~/components/forms.css";
import * as r from "./__review.css";
import * as l from "./__review-list.css";
import * as ui from "~/components/ui.css";
import { slaState } from "~/components/SlaState";

// The review lists of /application and /application-list: server-rendered, paged, filtered.
// Their own module, so a list page loads none of the detail page and its decision form.
// The lists are served without hydration (app/utils/hydration.ts): their links are plain anchors and their
// filters a plain GET form, the same in a browser that renders them after a client-side navigation; the
// table's rows are worded with the table's `t`, not a hook per cell.

// A list's dates with the month abbreviated ("23 Nov 2026"), so a row keeps to two lines; here, not in
// ~/utils/format, so the pages that don't list load none of it.
const SHORT_DATE = new Intl.DateTimeFormat("id-ID", { day: "numeric", month: "short", year: "numeric", timeZone: TIME_ZONE });
/** The short dates said so far, by their day in WIB: a day reads the same all day (50 a page, each 1–2 µs of Intl). */
const shortDates = new Map<string, string>();
const SHORT_DATES_MAX = 4096;

export function formatShortDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return SHORT_DATE.format(instant);
  const day = wibDate(instant);
  let text = shortDates.get(day);
  if (text === undefined) {
    if (shortDates.size >= SHORT_DATES_MAX) shortDates.clear();
    text = SHORT_DATE.format(instant);
    shortDates.set(day, text);
  }
  return text;
}

export interface ListPageData {
  area: ReviewArea;
  role: number;
  rows: ReviewRow[];
  meta: ReviewListMeta;
  /** Where this page starts and ends, for the links to its neighbours (the API's cursors). */
  cursors?: ReviewListCursors;
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
            <a href={`${area.base}${toSearch(query, { tab, page: undefined }, role)}`} className={r.tab} aria-current={query.tab === tab ? "page" : undefined}>
              {t(`list.tabs.${tab}`)} ({meta.counts[tab]})
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Select({ name, label, value, options, any }: { name: string; label: string; value: string | number | undefined; options: ReactNode; any?: string }) {
  return (
    <div className={r.filterField}>
      <label htmlFor={`filter-${name}`} className={ui.label}>
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={value === undefined ? "" : String(value)} className={ui.input}>
        {any ? <option value="">{any}</option> : null}
        {options}
      </select>
    </div>
  );
}

/** How many of the folding filters (everything but the search and the tab) the query sets. */
export function activeFilters(query: Omit<ListQuery, "tab">): number {
  return [query.jalur, query.stage, query.label, query.overdue, query.sort, query.dir].filter((v) => v !== undefined).length;
}

/** The filters as a GET form: it works without JavaScript and every result has its own URL. */
function ListFilters({ data }: { data: ListPageData }) {
  const { t } = useTranslation(["review", "workflow", "common"]);
  const words = useWorkflowWords();
  const { query, role, area } = data;
  const location = useLocation();
  const active = activeFilters(query);
  return (
    // Keyed by the URL so the fields show the query after a client-side navigation too.
    <form key={location.search} method="get" action={area.base} role="search" aria-labelledby="filters-title" className={l.searchRow}>
      <h2 id="filters-title" className="visually-hidden">
        {t("list.filtersTitle")}
      </h2>
      {query.tab !== tabsFor(role)[0] ? <input type="hidden" name="tab" value={query.tab} /> : null}
      <div className={l.searchField}>
        <label htmlFor="filter-q" className={ui.label}>
          {t("list.search")}
        </label>
        <input
          id="filter-q"
          name="q"
          type="search"
          defaultValue={query.q ?? ""}
          maxLength={Q_MAX}
          className={ui.input}
          aria-describedby="filter-q-hint"
          placeholder={t("list.searchHint")}
        />
        <p id="filter-q-hint" className="visually-hidden">
          {t("list.searchHint")}
        </p>
      </div>
      <div className={r.filterActions}>
        <button type="submit" className={ui.button}>
          {t("list.apply")}
        </button>
        <a href={`${area.base}${toSearch({ tab: query.tab }, {}, role)}`}>{t("list.reset")}</a>
      </div>
      {/* Folded while none is set, so the rows come first; server-rendered open (no JavaScript needed) when one is. */}
      <details className={l.moreFilters} open={active > 0}>
        <summary className={l.moreSummary}>{active > 0 ? t("list.filtersActive", { count: active }) : t("list.filtersMore")}</summary>
        <div className={r.filters}>
          <Select
            name="jalur"
            label={t("list.jalur")}
            value={query.jalur}
            any={t("list.any")}
            options={JALUR_IDS.map((j) => (
              <option key={j} value={j}>
                {t(`workflow:jalur.${j}`)}
              </option>
            ))}
          />
          <Select
            name="stage"
            label={t("list.stage")}
            value={query.stage}
            any={t("list.any")}
            options={JALUR_IDS.map((j) => (
              <optgroup key={j} label={t(`workflow:jalur.${j}`)}>
                {STAGES.filter((s) => s.jalur === j).map((s) => (
                  <option key={s.id} value={s.id}>{`${words.stage(s.id)} (${t(`workflow:jalur.${j}`)})`}</option>
                ))}
              </optgroup>
            ))}
          />
          <Select
            name="label"
            label={t("list.label")}
            value={query.label}
            any={t("list.any")}
            options={LABEL_RULES.map((rule) => (
              <option key={rule} value={rule}>
                {LABELLED_RULES.includes(rule) ? t(`common:statusLabel.${rule}`) : t("list.noLabel")}
              </option>
            ))}
          />
          <Select
            name="sort"
            label={t("list.sort")}
            value={query.sort}
            any={t("list.sortDefault")}
            options={SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`list.sorts.${s}`)}
              </option>
            ))}
          />
          <Select
            name="dir"
            label={t("list.dir")}
            value={query.dir}
            any={t("list.sortDefault")}
            options={DIRS.map((d) => (
              <option key={d} value={d}>
                {t(`list.dirs.${d}`)}
              </option>
            ))}
          />
          <div className={r.filterCheck}>
            <input id="filter-overdue" type="checkbox" name="overdue" value="1" defaultChecked={query.overdue === "1"} className={f.choiceInput} />
            <label htmlFor="filter-overdue">{t("list.overdueOnly")}</label>
          </div>
        </div>
      </details>
    </form>
  );
}

function ListTable({ data }: { data: ListPageData }) {
  const { t } = useTranslation(["review", "workflow"]);
  const { t: common } = useTranslation();
  const words = useWorkflowWords();
  const { rows, meta, area } = data;
  return (
    <DataTable
      caption={t("list.caption", { page: meta.page, pages: Math.max(meta.pages, 1) })}
      captionClassName="visually-hidden"
      scrollClassName={r.tableScroll}
      tableClassName={`${r.table} ${l.compact}`}
      rows={rows}
      columns={[
        {
          // The submission date under the number: one column less, so every row keeps to two lines at 1280 px.
          header: (
            <>
              {t("list.columns.number")}
              <span className={r.subline}>
                <span className="visually-hidden">, </span>
                {t("list.columns.submitted")}
              </span>
            </>
          ),
          label: t("list.columns.numberSubmitted"),
          className: r.nowrap,
          cell: (row) => (
            <>
              <a href={`${area.base}/${row.id}`}>{row.registration_number ?? t("list.noNumber")}</a>
              {row.may_decide ? <span className="visually-hidden"> {t("list.needsAction")}</span> : null}
              <span className={r.subline}>{formatShortDate(row.submitted_at)}</span>
            </>
          ),
        },
        {
          // The e-mail under the name: one column less, so the list fits beside the sidebar at 1280 px.
          header: t("list.columns.nameEmail"),
          cell: (row) => (
            <>
              {row.applicant_name ?? "—"}
              {row.submitted_by_facility || row.applicant_email ? (
                <span className={`${r.subline} ${ui.hint} ${breakable} ${l.oneLine}`} title={row.applicant_email ?? undefined}>
                  {row.submitted_by_facility ? `(${t("list.viaFacility")}) ` : null}
                  {row.applicant_email}
                </span>
              ) : null}
            </>
          ),
        },
        // The pathway alone: the status beside it names the stage (and the next one after a pass).
        { header: t("list.jalur"), cell: (row) => t(`workflow:jalur.${row.jalur_id}`) },
        { header: t("list.columns.status"), cell: (row) => statusBadge(row, common, words.stage) },
        {
          header: t("list.columns.deadline"),
          cell: (row) => (
            <>
              <span className={r.nowrap}>{formatShortDate(row.deadline_at)}</span>
              {row.deadline_at ? <br /> : null}
              <span className={l.small}>{slaState(t, row.days_left, row.overdue)}</span>
            </>
          ),
        },
      ]}
    />
  );
}

function Pager({ data }: { data: ListPageData }) {
  const { t } = useTranslation("review");
  const { meta, query, area, role, cursors } = data;
  if (meta.pages <= 1) return null;
  // A link to a page between the first and the last carries where this page starts (for one before it)
  // or ends (after it), so the API reads it from there however deep it is. The first and the last page
  // are cheap by their number, and every link still says its page number.
  const cursorFor = (page: number) =>
    page === 1 || page === meta.pages || page === meta.page ? undefined : ((page < meta.page ? cursors?.before : cursors?.after) ?? undefined);
  const href = (page: number) => `${area.base}${toSearch(query, { page, cursor: cursorFor(page) }, role)}`;
  return (
    <nav aria-label={t("list.pagination")}>
      <ul className={r.pager}>
        {meta.page > 1 ? (
          <li>
            <a href={href(Math.min(meta.page - 1, meta.pages))} className={r.pageLink} rel="prev">
              {t("list.previous")}
            </a>
          </li>
        ) : null}
        {pageWindow(meta.page, meta.pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <a href={href(p)} className={r.pageLink} aria-current={p === meta.page ? "page" : undefined} aria-label={t("list.pageN", { page: p })}>
                {p}
              </a>
            </li>
          ),
        )}
        {meta.page < meta.pages ? (
          <li>
            <a href={href(meta.page + 1)} className={r.pageLink} rel="next">
              {t("list.next")}
            </a>
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
      {ADMIN_ROLES.includes(role) ? (
        // The dashboard's link beside the heading, not under it: the rows stay where a reviewer expects them.
        <div className={r.toolbar}>
          <h1 className={ui.flush}>{title}</h1>
          <a href="/kinerja">{t("list.performanceLink")}</a>
        </div>
      ) : (
        <h1>{title}</h1>
      )}
      <ListTabs data={data} />
      <section className={`${ui.card} ${l.filterCard}`} aria-labelledby="filters-title">
        <ListFilters data={data} />
        {data.dropped.length > 0 ? (
          <p className={r.notice} role="status">
            {t("list.dropped", { names: data.dropped.map((n) => t(`list.params.${n}`, { defaultValue: n })).join(", ") })}
          </p>
        ) : null}
        {data.error ? (
          <p className={ui.errorSummary} role="alert">
            {data.error}
          </p>
        ) : null}
      </section>
      <div className={r.toolbar}>
        <p className={ui.flush} role="status">
          {rows.length > 0 ? t("list.showing", { from: first, to: first + rows.length - 1, total: meta.total }) : t("list.showingNone")}
        </p>
        <a href={exportHref} className={`${ui.secondaryButton} ${l.smallButton}`} download>
          {t("list.export")}
        </a>
      </div>
      {rows.length === 0 ? (
        <section className={ui.card}>
          <p className={ui.flush}>
            {query.page && query.page > 1 && meta.total > 0 ? t("list.pastEnd") : t(query.tab === "action" ? "list.emptyAction" : "list.empty")}
          </p>
          {query.page && query.page > 1 && meta.total > 0 ? <a href={`${area.base}${toSearch(query, { page: 1 }, role)}`}>{t("list.firstPage")}</a> : null}
        </section>
      ) : (
        <ListTable data={data} />
      )}
      <Pager data={data} />
    </>
  );
}
