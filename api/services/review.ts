import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { JALUR_IDS, type JalurId } from "#domain/documents";
import { type DIRS, labelConditions, type SORTS, type TABS } from "#domain/review-filters";
import { ROLE } from "#domain/roles";
import { statusLabel } from "#domain/status-label";
import {
  decisionsFor,
  firstStage,
  openStage,
  SEES_EVERY_APPLICATION,
  stagesDecidedBy,
  staffMaySee,
  type WorkflowState,
} from "#domain/workflow";
import type { Database } from "../db/client";
import { preparedOnce } from "../db/prepared";
import {
  achievements,
  achievementTypes,
  applicantProfiles,
  applicationDocuments,
  applications,
  auditLog,
  files,
  institutions,
  portfolioEntries,
  specializations,
  users,
  type ApplicationRow,
} from "../db/schema";
import { ApiError } from "../lib/errors";
import { remembered } from "../lib/remembered";
import { profileBody } from "./profile";
import { applicationRowColumns, applicationView, isUuid, stageRef, transitionOf } from "./applications";
import { rememberedRequirements } from "./documents";
import { daysLeft, isOverdue } from "./review-state";

// The review side (docs/decisions/018-review-api-rules.md, decision 008): what a staff role sees, the lists,
// the CSV export and the detail. The rules are domain/workflow.ts; a decision is written by
// workflow/decisions.ts.

export const PAGE_SIZE = 25;
export const CSV_PAGE_SIZE = 500;


export interface ListQuery {
  tab?: (typeof TABS)[number];
  page?: number;
  q?: string;
  jalur?: JalurId;
  stage?: number;
  label?: number;
  overdue?: boolean;
  sort?: (typeof SORTS)[number];
  dir?: (typeof DIRS)[number];
}

const intArray = (ids: readonly number[]) => sql.raw(`'{${ids.map((n) => Math.trunc(n)).join(",")}}'::integer[]`);

// is_submitted ⇔ submitted_at is set (the submission writes both); the lists test submitted_at so
// that counting "every submitted file" is an index-only scan of applications_submitted_at_idx.
const SUBMITTED = isNotNull(applications.submittedAt);

/** The applications a staff role may see (domain staffMaySee, as SQL on the denormalised columns). */
export function visibleTo(role: number): SQL | undefined {
  if (role === ROLE.SUPER_ADMIN) return undefined;
  const mine = stagesDecidedBy(role);
  // Every submitted file has reached its pathway's first stage, so deciding all first stages is seeing all.
  if (SEES_EVERY_APPLICATION.includes(role) || JALUR_IDS.every((j) => mine.includes(firstStage(j)))) return SUBMITTED;
  return and(SUBMITTED, sql`${applications.reachedStages} && ${intArray(mine)}`);
}

/**
 * "Needs my action": the open stage is one the role decides (null for role 1, which decides nothing).
 * An open stage is always a reached stage of a submitted file (review-state.ts writes both), so this
 * implies visibleTo(role) and is left alone, for the index on open_stage_id.
 */
function actionFor(role: number): SQL | null {
  const mine = stagesDecidedBy(role);
  return mine.length ? inArray(applications.openStageId, mine) : null;
}

/** Role 1 decides nothing, so its only tab is "all". */
const tabOf = (role: number, q: ListQuery) => (role === ROLE.SUPER_ADMIN ? "all" : (q.tab ?? "action"));

/** LIKE pattern text: %, _ and \ match themselves. */
const escapeLike = (q: string) => q.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function labelFilter(rule: number): SQL {
  const conds = labelConditions(rule).map((c) => {
    const stage = c.negate
      ? c.stageIds.length
        ? sql`${applications.stageId} not in ${intTuple(c.stageIds)}`
        : sql`${applications.stageId} is not null`
      : c.stageIds.length
        ? inArray(applications.stageId, c.stageIds)
        : sql`false`;
    return and(
      c.status === null ? isNull(applications.status) : eq(applications.status, c.status),
      c.isSubmitted === undefined ? undefined : eq(applications.isSubmitted, c.isSubmitted),
      c.nullStage ? or(isNull(applications.stageId), stage) : stage,
    );
  });
  return conds.length ? or(...conds)! : sql`false`;
}

const intTuple = (ids: readonly number[]) => sql.raw(`(${ids.map((n) => Math.trunc(n)).join(",")})`);

/** The search and filters of a query (not the tab). */
function filtersOf(q: ListQuery, now: Date): SQL[] {
  const out: SQL[] = [];
  const text = q.q?.trim();
  if (text) out.push(sql`${applications.searchText} like '%' || lower(${escapeLike(text)}) || '%'`);
  if (q.jalur) out.push(eq(applications.jalurId, q.jalur));
  // coalesce(open_stage_id, stage_id) = stage, written so each half can use its index.
  if (q.stage !== undefined) out.push(or(eq(applications.openStageId, q.stage), and(isNull(applications.openStageId), eq(applications.stageId, q.stage)))!);
  if (q.label !== undefined) out.push(labelFilter(q.label));
  if (q.overdue) out.push(lt(applications.deadlineAt, now));
  return out;
}

const SORT_COLUMNS = {
  submitted: { column: applications.submittedAt, cast: "timestamptz" },
  deadline: { column: applications.deadlineAt, cast: "timestamptz" },
  name: { column: applications.applicantName, cast: "text" },
} as const;

/**
 * Sort column and direction (defaults: deadline ascending for "action", newest submission first for
 * "all"); the id breaks ties so pages never overlap. An empty value (no deadline, a draft) counts as
 * the largest, PostgreSQL's own order: last ascending, first descending — so every sort can walk
 * its index instead of sorting the table.
 */
function sortOf(role: number, q: ListQuery) {
  const sort = q.sort ?? (tabOf(role, q) === "action" ? "deadline" : "submitted");
  const dir = q.dir ?? (sort === "submitted" ? "desc" : "asc");
  const { column, cast } = SORT_COLUMNS[sort];
  const orderBy = dir === "asc" ? [asc(column), asc(applications.id)] : [desc(column), desc(applications.id)];
  /** Rows after (key, id) in this order: keyset paging for the CSV. */
  const after = (key: string | null, id: string): SQL => {
    const value = sql`${key}::${sql.raw(cast)}`;
    if (dir === "asc") {
      return key === null
        ? and(isNull(column), gt(applications.id, id))!
        : or(gt(column, value), and(eq(column, value), gt(applications.id, id)), isNull(column))!;
    }
    return key === null
      ? or(and(isNull(column), lt(applications.id, id)), isNotNull(column))!
      : or(lt(column, value), and(eq(column, value), lt(applications.id, id)))!;
  };
  return { sort, dir, orderBy, after, key: sql<string | null>`${column}::text` };
}

/** The WHERE of a role's tab, and of both tabs for the counts. */
function wheresOf(role: number, query: ListQuery, now: Date) {
  const filters = filtersOf(query, now);
  const all = and(visibleTo(role), ...filters);
  const actionOnly = actionFor(role);
  const action = actionOnly ? and(actionOnly, ...filters)! : null;
  return { all, action, current: tabOf(role, query) === "action" ? (action ?? sql`false`) : all };
}

const submitters = alias(users, "submitter");

const rowColumns = {
  app: applications,
  submitterRole: submitters.roleId,
};

type RowData = { app: ApplicationRow; submitterRole: number | null };

/**
 * The rows of a page in two steps: the ids in order (a narrow scan of the sort index), then those
 * rows in full. In one query the planner may sort every wide row of a large group of equal keys
 * (e.g. the files without a deadline) just to keep 25.
 */
async function pageRows(db: Database, ids: string[]): Promise<RowData[]> {
  if (ids.length === 0) return [];
  const statement = preparedOnce(db, "list_rows", () =>
    db
      .select(rowColumns)
      .from(applications)
      .leftJoin(submitters, eq(submitters.id, applications.submittedByUserId))
      .where(sql`${applications.id} = any(${sql.placeholder("ids")}::uuid[])`),
  );
  const rows = await statement.execute({ ids });
  const byId = new Map(rows.map((r) => [r.app.id, r]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

function toRow(role: number, { app, submitterRole }: RowData, now: Date) {
  const stage = stageRef(app.stageId);
  const open = stageRef(app.openStageId);
  return {
    ...applicationRowColumns(app),
    status: app.status,
    is_submitted: app.isSubmitted,
    stage,
    open_stage: open,
    label: statusLabel({ status: app.status, is_submitted: app.isSubmitted, tahap: stage }),
    submitted_at: app.submittedAt?.toISOString() ?? null,
    deadline_at: app.deadlineAt?.toISOString() ?? null,
    days_left: daysLeft(app.deadlineAt, now),
    overdue: isOverdue(app.deadlineAt, now),
    may_decide: open !== null && decisionsFor(role, open.id).length > 0,
    submitted_by_facility: submitterRole === ROLE.ADMIN_FASYANKES,
  };
}

export type ReviewRow = ReturnType<typeof toRow>;

// --- Prepared statements (issue 19) -------------------------------------------------------------------
// The statements every list page runs are named, so PostgreSQL parses and plans them once per connection
// and drizzle builds them once per process: the rows of a page by id, and the ids of the first pages of
// each role's tabs and orders without a search or filter (what reviewers open most). A search or filter
// builds its statement as before. The page's offset is part of the statement, not a parameter, so the
// planner always sees how far it must walk the index.

const PREPARED_PAGES = 3;

/** The statement's name when this page is one of the prepared ones, else null. */
function preparedPageName(role: number, q: ListQuery, page: number): string | null {
  const filtered = Boolean(q.q?.trim()) || q.jalur !== undefined || q.stage !== undefined || q.label !== undefined || Boolean(q.overdue);
  if (filtered || page > PREPARED_PAGES) return null;
  const { sort, dir } = sortOf(role, q);
  return `list_ids_${role}_${tabOf(role, q)}_${sort}_${dir}_${page}`;
}

// --- The tab counts, remembered (docs/decisions/023-list-counts.md) ---------------------------------
// Counting every file a role sees is the list's dearest statement (13–40 ms over 100,000 files) and
// gives the same two numbers to every page of a search. They are kept LIST_COUNTS_TTL_MS per role and
// search, and forgotten whenever this process answers a request that may change a file (createApiApp
// calls forgetRememberedReads after every POST, PUT, PATCH or DELETE): whoever decides, submits or reuploads
// sees the new counts on the next page. Another instance's change shows within LIST_COUNTS_TTL_MS; the
// rows themselves are always read fresh.

export const LIST_COUNTS_TTL_MS = 5_000;
const listCounts = remembered<{ action: number; all: number }>({ ttlMs: LIST_COUNTS_TTL_MS, maxKeys: 2000 });

/** What the counts depend on: the role and the search and filters (not the tab, the page or the order). */
function countsKey(role: number, q: ListQuery, now: Date): string {
  // "Overdue" moves with the clock: its counts are kept within the second they were read in.
  const overdueAt = q.overdue ? Math.floor(now.getTime() / 1000) : null;
  return JSON.stringify([role, q.q?.trim() ?? "", q.jalur ?? null, q.stage ?? null, q.label ?? null, overdueAt]);
}

/** One page of a role's list, with the counts of both tabs for the same search and filters. */
export async function listApplications(db: Database, role: number, query: ListQuery, now = new Date()) {
  const where = wheresOf(role, query, now);
  const page = query.page ?? 1;
  const { orderBy } = sortOf(role, query);
  const count = async (w: SQL | undefined) => (await db.select({ n: sql<number>`count(*)::int` }).from(applications).where(w))[0].n;
  // The page's rows beside the two counts (each answered from an index on its own), the counts remembered.
  const idsOf = (): Promise<Array<{ id: string }>> => {
    const statement = () => db.select({ id: applications.id }).from(applications).where(where.current).orderBy(...orderBy).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE);
    const name = preparedPageName(role, query, page);
    return name ? preparedOnce(db, name, statement).execute() : statement();
  };
  const [rows, counts] = await Promise.all([
    idsOf().then((ids) => pageRows(db, ids.map((r) => r.id))),
    listCounts.get(db, countsKey(role, query, now), async () => {
      const [all, action] = await Promise.all([count(where.all), where.action ? count(where.action) : 0]);
      return { action, all };
    }),
  ]);
  const { action, all } = counts;
  const total = tabOf(role, query) === "action" ? action : all;
  return {
    data: rows.map((r) => toRow(role, r, now)),
    meta: { page, page_size: PAGE_SIZE, total, pages: Math.ceil(total / PAGE_SIZE), counts },
  };
}

// ---------------------------------------------------------------------------------------------
// CSV export

export const CSV_COLUMNS = ["Nomor Registrasi", "Nama", "Surel", "Jalur", "Tahap", "Status", "Tanggal Pengajuan", "Tenggat", "Sisa Hari"];

/** A text cell: quoted, and with a ' before a leading = + - @ (or tab / CR) so no spreadsheet runs it as a formula. */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;
/** YYYY-MM-DD in Western Indonesia Time (UTC+7), the portal's time zone. */
export const wibDate = (d: Date) => new Date(d.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 10);

/** `permohonan-<tab>-<YYYYMMDD>.csv` */
export function csvFileName(role: number, query: ListQuery, now = new Date()) {
  return `permohonan-${tabOf(role, query)}-${wibDate(now).replace(/-/g, "")}.csv`;
}

/**
 * Every row of a role's list as CSV lines (BOM and header first), read CSV_PAGE_SIZE rows at a time
 * by keyset so a long export neither holds the table in memory nor slows down page by page.
 */
export async function* applicationCsv(db: Database, role: number, query: ListQuery, now = new Date()): AsyncGenerator<string> {
  const where = wheresOf(role, query, now).current;
  const { orderBy, after, key } = sortOf(role, query);
  yield `\uFEFF${CSV_COLUMNS.map(csvCell).join(",")}\r\n`;
  let last: { key: string | null; id: string } | null = null;
  for (;;) {
    const keys = await db
      .select({ id: applications.id, key })
      .from(applications)
      .where(last ? and(where, after(last.key, last.id)) : where)
      .orderBy(...orderBy)
      .limit(CSV_PAGE_SIZE);
    for (const r of await pageRows(db, keys.map((k) => k.id))) {
      const row = toRow(role, r, now);
      const stage = row.open_stage ?? row.stage;
      yield `${[
        csvCell(row.registration_number),
        csvCell(row.applicant_name),
        csvCell(row.applicant_email),
        csvCell(row.jalur_id),
        csvCell(stage?.name ?? null),
        csvCell(row.label.label),
        csvCell(r.app.submittedAt ? wibDate(r.app.submittedAt) : null),
        csvCell(r.app.deadlineAt ? wibDate(r.app.deadlineAt) : null),
        csvCell(row.days_left),
      ].join(",")}\r\n`;
    }
    if (keys.length < CSV_PAGE_SIZE) return;
    last = keys[keys.length - 1];
  }
}

// ---------------------------------------------------------------------------------------------
// Detail

/** The application if the staff role may see it; 404 otherwise (a bad id too). */
export async function visibleApplication(db: Database, role: number, id: string): Promise<ApplicationRow> {
  if (!isUuid(id)) throw new ApiError(404, "NOT_FOUND");
  const [app] = await db.select().from(applications).where(eq(applications.id, id));
  if (!app || !staffMaySee(role, { is_submitted: app.isSubmitted, reached_stages: app.reachedStages })) throw new ApiError(404, "NOT_FOUND");
  return app;
}

const stateOf = (app: ApplicationRow): WorkflowState => ({ is_submitted: app.isSubmitted, status: app.status, stage_id: app.stageId });

/** Everything a reviewer reads about an application, and what the role may decide now. */
export async function reviewDetail(db: Database, role: number, id: string, now = new Date()) {
  const app = await visibleApplication(db, role, id);
  const [[applicant], [submitter], requirements, versions, portfolio, achievementRows, audit] = await Promise.all([
    db
      .select({ user: users, profile: applicantProfiles, institution: institutions.name, specialization: specializations.name })
      .from(users)
      .leftJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
      .leftJoin(institutions, eq(institutions.id, applicantProfiles.institutionId))
      .leftJoin(specializations, eq(specializations.id, applicantProfiles.specializationId))
      .where(eq(users.id, app.applicantUserId)),
    db.select({ name: users.fullName, email: users.email, roleId: users.roleId }).from(users).where(eq(users.id, app.submittedByUserId)),
    rememberedRequirements(db, app.jalurId),
    db
      .select({ doc: applicationDocuments, file: files })
      .from(applicationDocuments)
      .innerJoin(files, eq(files.id, applicationDocuments.fileId))
      .where(eq(applicationDocuments.applicationId, app.id))
      .orderBy(asc(applicationDocuments.requirementId), desc(applicationDocuments.version)),
    db.select().from(portfolioEntries).where(eq(portfolioEntries.applicationId, app.id)).orderBy(asc(portfolioEntries.orderNum)),
    db
      .select({ a: achievements, typeName: achievementTypes.name })
      .from(achievements)
      .innerJoin(achievementTypes, eq(achievementTypes.code, achievements.typeCode))
      .where(eq(achievements.applicationId, app.id))
      .orderBy(asc(achievements.orderNum)),
    db
      .select({ entry: auditLog, actorName: users.fullName })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(eq(auditLog.applicationId, app.id))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
  ]);

  const open = openStage(stateOf(app));
  const decisions = open === null ? [] : decisionsFor(role, open);
  const slaDays = app.deadlineAt && app.stageStartedAt ? Math.round((app.deadlineAt.getTime() - app.stageStartedAt.getTime()) / 86_400_000) : null;
  return {
    application: await applicationView(db, app),
    applicant: {
      ...profileBody(applicant.user, applicant.profile ?? undefined),
      email: applicant.user.email,
      kind: applicant.user.isForeign ? ("WNA" as const) : ("WNI" as const),
      institution_name: applicant.institution,
      specialization_name: applicant.specialization,
    },
    submitted_by: { name: submitter?.name ?? null, email: submitter?.email ?? null, facility: submitter?.roleId === ROLE.ADMIN_FASYANKES },
    documents: requirements.map((r) => ({
      requirement_id: r.id,
      name: r.name,
      merged: r.merged,
      versions: versions
        .filter((v) => v.doc.requirementId === r.id)
        .map(({ doc, file }) => ({
          file_id: file.id,
          original_name: file.originalName,
          size: file.size,
          detected_type: file.detectedType as string,
          uploaded_at: doc.uploadedAt.toISOString(),
          version: doc.version,
          is_current: doc.isCurrent,
        })),
    })),
    portfolio: portfolio.map((p) => ({ kind: p.kind, title: p.title, institution: p.institution, year: p.year, description: p.description })),
    achievements: {
      items: achievementRows.map(({ a, typeName }) => ({ type_code: a.typeCode, type_name: typeName, title: a.title, year: a.year, description: a.description })),
      done: app.achievementsDone,
    },
    audit: audit.map(({ entry: h, actorName }) => ({
      id: h.id,
      at: h.createdAt.toISOString(),
      action: h.action,
      actor_name: actorName,
      actor_role: h.actorRole,
      ...transitionOf(h),
      // Early entries flagged `internal` hold a reviewers-only note in `note`.
      note: h.internal ? null : h.note,
      internal_note: h.internal ? h.note : h.internalNote,
      details: (h.details ?? null) as { requirement_id: number; reason: string }[] | null,
    })),
    sla:
      open === null
        ? null
        : {
            stage: stageRef(open)!,
            started_at: app.stageStartedAt?.toISOString() ?? null,
            deadline_at: app.deadlineAt?.toISOString() ?? null,
            days: slaDays,
            days_left: daysLeft(app.deadlineAt, now),
            overdue: isOverdue(app.deadlineAt, now),
          },
    open_stage: stageRef(open),
    may_decide: decisions.length > 0,
    decisions,
  };
}

export type ReviewDetail = Awaited<ReturnType<typeof reviewDetail>>;
