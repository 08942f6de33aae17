import { JALUR_IDS, type JalurId } from "#domain/documents";
import { CURSOR_MAX_LENGTH, CURSOR_PATTERN, DIRS, SORTS, TABS, type Tab } from "#domain/review-filters";
import { ADAPTATION_LIST_ROLES, APPLICATION_LIST_ROLES, ROLE } from "#domain/roles";
import { STAGE_IDS } from "#domain/workflow";

// The review lists' query (GET /review/applications of docs/decisions/018-review-api-rules.md) read from the page's
// URL: a value the API would refuse is dropped here, so a hand-edited or stale link never breaks the page.

export const Q_MAX = 100;
export const LABEL_RULES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] as const;

export interface ListQuery {
  tab: Tab;
  page?: number;
  q?: string;
  jalur?: JalurId;
  stage?: number;
  label?: number;
  overdue?: "1";
  sort?: (typeof SORTS)[number];
  dir?: (typeof DIRS)[number];
  /** Set by the pager's links only: where the page they were made on starts or ends (the API's cursor). */
  cursor?: string;
}

/** The tabs a role has: role 1 decides nothing, so it has "all" only (its default too). */
export function tabsFor(role: number): readonly Tab[] {
  return role === ROLE.SUPER_ADMIN ? ["all"] : TABS;
}

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : undefined;

function wholeNumber(v: string | null, min: number, max: number): number | undefined {
  if (v === null || !/^\d{1,7}$/.test(v.trim())) return undefined;
  const n = Number(v.trim());
  return n >= min && n <= max ? n : undefined;
}

/** The query of the page's URL, and the names of the parameters whose values were dropped. */
export function parseListQuery(params: URLSearchParams, role: number): { query: ListQuery; dropped: string[] } {
  const dropped: string[] = [];
  const read = <T>(name: string, parse: (v: string | null) => T | undefined): T | undefined => {
    const raw = params.get(name);
    if (raw === null || raw.trim() === "") return undefined;
    const value = parse(raw);
    if (value === undefined) dropped.push(name);
    return value;
  };
  const tabs = tabsFor(role);
  const tab = read("tab", (v) => oneOf(TABS, v));
  const query: ListQuery = {
    // Role 1 has "all" only; its "action" reads as "all", as the API does.
    tab: tab && tabs.includes(tab) ? tab : tabs[0],
    page: read("page", (v) => wholeNumber(v, 1, 1_000_000)),
    q: read("q", (v) => v?.trim().slice(0, Q_MAX)),
    jalur: read("jalur", (v) => oneOf(JALUR_IDS, v)),
    stage: read("stage", (v) => {
      const n = wholeNumber(v, 1, 99);
      return n !== undefined && (STAGE_IDS as readonly number[]).includes(n) ? n : undefined;
    }),
    label: read("label", (v) => wholeNumber(v, 1, LABEL_RULES.length)),
    overdue: read("overdue", (v) => (v === "1" || v === "on" ? ("1" as const) : undefined)),
    sort: read("sort", (v) => oneOf(SORTS, v)),
    dir: read("dir", (v) => oneOf(DIRS, v)),
    cursor: read("cursor", (v) => (v !== null && v.length <= CURSOR_MAX_LENGTH && CURSOR_PATTERN.test(v) ? v : undefined)),
  };
  if (query.page === 1) delete query.page;
  return { query, dropped };
}

/**
 * "?q=…&page=2" for a link that keeps the query, with `changes` applied; the first tab and page 1 are left
 * out, and the cursor too unless `changes` brings one (it belongs to one page link).
 */
export function toSearch(query: ListQuery, changes: Partial<ListQuery> = {}, role = 0): string {
  const merged: Partial<ListQuery> = { ...query, cursor: undefined, ...changes };
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(merged)) {
    if (v === undefined || v === "") continue;
    if (k === "tab" && v === tabsFor(role)[0]) continue;
    if (k === "page" && v === 1) continue;
    params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** Page numbers to link around `page` of `pages`, with null for a gap ("…"). */
export function pageWindow(page: number, pages: number, around = 2): Array<number | null> {
  const out: Array<number | null> = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= around) out.push(p);
    else if (out.at(-1) !== null) out.push(null);
  }
  return out;
}

/** The two lists of DESIGN §3: the same pages under two URLs, each for its roles (domain/roles.ts; the access matrix in tests/oracle/access.ts checks them). */
export const REVIEW_AREAS = {
  adaptation: { base: "/application", roles: ADAPTATION_LIST_ROLES, title: "adaptationTitle" },
  list: { base: "/application-list", roles: APPLICATION_LIST_ROLES, title: "listTitle" },
} as const;
export type ReviewArea = (typeof REVIEW_AREAS)[keyof typeof REVIEW_AREAS];
