import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { csvCell } from "#domain/csv";
import { alias } from "drizzle-orm/pg-core";
import { JALUR_IDS, type JalurId } from "#domain/documents";
import { type DIRS, labelConditions, type SORTS, type TABS } from "#domain/review-filters";
import { ROLE } from "#domain/roles";
import { statusRule } from "#domain/status-label";
import { statusLabel } from "#domain/status-label-words";
import { stageName } from "#domain/workflow-words";
import { decisionsFor, firstStage, openStage, SEES_EVERY_APPLICATION, stagesDecidedBy, staffMaySee, type WorkflowState } from "#domain/workflow";
import { applicationTarget, recordAccess, type Reader } from "../access-log";
import type { Database } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
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
} from "../../db/schema";
import { ApiError } from "../../lib/errors";
import { remembered } from "../../lib/remembered";
import { profileBody } from "../profile";
import { applicationRowColumns, applicationView, isUuid, stageRef, transitionOf } from "../applications";
import { rememberedRequirements } from "../documents";
import { daysLeft, isOverdue } from "../review-state";
import { pacer } from "../../lib/pace";
import {
  anchoredRead,
  CURSOR_REACH,
  encodeCursor,
  knownAnchors,
  listOrder,
  readAnchors,
  readInOrder,
  scopeOf,
  SORT_KEYS,
  type ListCursor,
  type ListOrder,
  type Position,
} from "./paging";
import { wibDate } from "#domain/time-zone";

// The review side (docs/decisions/018-review-api-rules.md, decision 008): what a staff role sees, the lists,
// the CSV export and the detail. The rules are domain/workflow.ts; a decision is written by
// workflow/decisions.ts.

export const PAGE_SIZE = 25;
/** Rows of the CSV export read per statement: what one export holds at a time. */
export const CSV_PAGE_SIZE = 250;

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
  /** Where the page a link was made on starts or ends (paging.ts), read from the URL's `cursor`. */
  cursor?: ListCursor;
}

const intArray = (ids: readonly number[]) => sql.raw(`'{${ids.map((n) => Math.trunc(n)).join(",")}}'::integer[]`);

// is_submitted ⇔ submitted_at is set (the submission writes both); the lists test submitted_at so
// that counting "every submitted file" is an index-only scan of applications_submitted_at_id_idx.
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

/**
 * Sort column and direction (defaults: deadline ascending for "action", newest submission first for
 * "all"); the id breaks ties so pages never overlap. An empty value (no deadline, a draft) counts as
 * the largest, PostgreSQL's own order: last ascending, first descending — so every sort can walk
 * its index instead of sorting the table.
 */
function sortOf(role: number, q: ListQuery): ListOrder {
  const sort = q.sort ?? (tabOf(role, q) === "action" ? "deadline" : "submitted");
  return listOrder(sort, q.dir ?? (sort === "submitted" ? "desc" : "asc"));
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
  /** What a list row shows (toRow), and only that: a file's other 20-odd columns are the detail's. */
  app: {
    id: applications.id,
    registrationNumber: applications.registrationNumber,
    applicantName: applications.applicantName,
    applicantEmail: applications.applicantEmail,
    jalurId: applications.jalurId,
    status: applications.status,
    isSubmitted: applications.isSubmitted,
    stageId: applications.stageId,
    openStageId: applications.openStageId,
    submittedAt: applications.submittedAt,
    deadlineAt: applications.deadlineAt,
  },
  submitterRole: submitters.roleId,
  /** Where the row stands in each order: the first and last rows' keys make the page's cursors. */
  keys: SORT_KEYS,
};

type ListedApplication = Pick<ApplicationRow, keyof typeof rowColumns.app>;
type RowData = { app: ListedApplication; submitterRole: number | null; keys: Record<keyof typeof SORT_KEYS, string | null> };

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
    label: statusRule({ status: app.status, is_submitted: app.isSubmitted, tahap: stage }),
    submitted_at: app.submittedAt?.toISOString() ?? null,
    deadline_at: app.deadlineAt?.toISOString() ?? null,
    days_left: daysLeft(app.deadlineAt, now),
    overdue: isOverdue(app.deadlineAt, now),
    may_decide: open !== null && decisionsFor(role, open.id).length > 0,
    submitted_by_facility: submitterRole === ROLE.ADMIN_FASYANKES,
  };
}

export type ReviewRow = ReturnType<typeof toRow>;

// --- Prepared statements -------------------------------------------------------------------
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

/** What a cursor's position is a position in: the role, the tab, the search and the filters. */
const scopeOfQuery = (role: number, q: ListQuery) =>
  scopeOf([role, tabOf(role, q), q.q?.trim() ?? "", q.jalur ?? null, q.stage ?? null, q.label ?? null, Boolean(q.overdue)]);

/** How the cursor reaches `page`, or null when it cannot (another list or order, the wrong side, too far). */
function cursorRead(cursor: ListCursor | undefined, page: number, order: ListOrder, scope: string) {
  if (!cursor || cursor.order !== order.name || cursor.scope !== scope) return null;
  const distance = cursor.toward === "after" ? page - cursor.page : cursor.page - page;
  if (distance < 1 || distance > CURSOR_REACH) return null;
  return { from: cursor, skip: (distance - 1) * PAGE_SIZE, reverse: cursor.toward === "before" };
}

/**
 * One page of a role's list, with the counts of both tabs for the same search and filters. A page
 * reached by a link carrying a cursor is read from the row the cursor names (an index range, however
 * deep); any other page by its number: the first pages from the start, a later one from the nearer
 * end of the list (docs/decisions/025-capacity.md).
 */
export async function listApplications(db: Database, role: number, query: ListQuery, now = new Date()) {
  const where = wheresOf(role, query, now);
  const page = query.page ?? 1;
  const order = sortOf(role, query);
  const scope = scopeOfQuery(role, query);
  const count = async (w: SQL | undefined) =>
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(applications)
        .where(w)
    )[0].n;
  const counted = () =>
    listCounts.get(db, countsKey(role, query, now), async () => {
      const [all, action] = await Promise.all([count(where.all), where.action ? count(where.action) : 0]);
      return { action, all };
    });
  const totalOf = (c: { action: number; all: number }) => (tabOf(role, query) === "action" ? c.action : c.all);
  const idsFrom = (offset: number, reverse: boolean, limit = PAGE_SIZE): Promise<Array<{ id: string }>> => {
    const statement = () =>
      db
        .select({ id: applications.id })
        .from(applications)
        .where(where.current)
        .orderBy(...order.orderBy(reverse))
        .limit(limit)
        .offset(offset);
    const name = reverse ? null : preparedPageName(role, query, page);
    return name ? preparedOnce(db, name, statement).execute() : statement();
  };

  let keys: Array<{ id: string }>;
  let counts: { action: number; all: number };
  const viaCursor = cursorRead(query.cursor, page, order, scope);
  if (viaCursor || page <= PREPARED_PAGES) {
    // The page's keys beside the two counts (each answered from an index on its own), the counts remembered.
    const read = viaCursor
      ? readInOrder(db, {}, where.current, order, { ...viaCursor, limit: PAGE_SIZE }).then((rows) => (viaCursor.reverse ? rows.reverse() : rows))
      : idsFrom((page - 1) * PAGE_SIZE, false);
    [keys, counts] = await Promise.all([read, counted()]);
  } else {
    // A page by its number alone: counted from whichever end of the list is nearer, so the last pages
    // are as cheap as the first.
    counts = await counted();
    const before = (page - 1) * PAGE_SIZE;
    const after = totalOf(counts) - before - PAGE_SIZE; // rows after this page; negative on a short last page
    // Deep on both sides: read from the list's anchor before it, when the list has them (paging.ts).
    const deep = Math.min(before, after) > CURSOR_REACH * PAGE_SIZE;
    const anchors = deep ? knownAnchors(db, JSON.stringify([scope, order.name]), () => readAnchors(db, where.current, order, PAGE_SIZE)) : null;
    const anchored = anchors ? anchoredRead(anchors, page, PAGE_SIZE) : null;
    if (before >= totalOf(counts)) keys = [];
    else if (anchored) keys = await readInOrder(db, {}, where.current, order, { ...anchored, limit: PAGE_SIZE });
    else if (after < before) keys = (await idsFrom(Math.max(after, 0), true, PAGE_SIZE + Math.min(after, 0))).reverse();
    else keys = await idsFrom(before, false);
  }
  const rows = await pageRows(
    db,
    keys.map((k) => k.id),
  );
  const total = totalOf(counts);
  const pages = Math.ceil(total / PAGE_SIZE);
  const cursor = (at: RowData | undefined, toward: ListCursor["toward"]) =>
    at ? encodeCursor({ page, toward, order: order.name, scope, key: at.keys[order.sort], id: at.app.id }) : null;
  return {
    data: rows.map((r) => toRow(role, r, now)),
    meta: { page, page_size: PAGE_SIZE, total, pages, counts },
    // For the links to the pages before and after this one (the portal's pager).
    cursors: { before: page > 1 ? cursor(rows[0], "before") : null, after: page < pages ? cursor(rows.at(-1), "after") : null },
  };
}

// ---------------------------------------------------------------------------------------------
// CSV export

export const CSV_COLUMNS = ["Nomor Registrasi", "Nama", "Surel", "Jalur", "Tahap", "Status", "Tanggal Pengajuan", "Tenggat", "Sisa Hari"];

/** `permohonan-<tab>-<YYYYMMDD>.csv` */
export function csvFileName(role: number, query: ListQuery, now = new Date()) {
  return `permohonan-${tabOf(role, query)}-${wibDate(now).replace(/-/g, "")}.csv`;
}

/** The columns a CSV line needs, and only those: a batch of rows is what an export holds. */
const CSV_FIELDS = {
  registrationNumber: applications.registrationNumber,
  name: applications.applicantName,
  email: applications.applicantEmail,
  jalurId: applications.jalurId,
  stageId: applications.stageId,
  openStageId: applications.openStageId,
  status: applications.status,
  isSubmitted: applications.isSubmitted,
  submittedAt: applications.submittedAt,
  deadlineAt: applications.deadlineAt,
};

type CsvRow = Awaited<ReturnType<typeof readInOrder<typeof CSV_FIELDS>>>[number];

/**
 * The share of this process's time (and of the database time it waits on) every CSV export together may
 * take: a batch that took t is followed by a pause of 4t before the next batch of any export. A running
 * export then costs the list pages at most a quarter of their throughput (bench/capacity.mjs), and an
 * export of 90,667 rows takes about five times its work (3 s of a core: some 15 s on a quiet machine).
 */
export const EXPORT_SHARE = 0.2;
const exportPace = pacer(EXPORT_SHARE);

/**
 * Every row of a role's list as CSV lines (BOM and header first), read CSV_PAGE_SIZE rows at a time,
 * each batch from where the last one ended (keyset, paging.ts): the export holds one batch,
 * every statement is one index range, and no connection is held between batches
 * (docs/decisions/025-capacity.md). The caller pulls lines as the client reads them.
 */
export async function* applicationCsv(
  db: Database,
  role: number,
  query: ListQuery,
  now = new Date(),
  /** Called with each batch's application ids before its lines are yielded (the access log's record of what the export held). */
  beforeBatch?: (applicationIds: string[]) => Promise<void>,
): AsyncGenerator<string> {
  const where = wheresOf(role, query, now).current;
  const order = sortOf(role, query);
  yield `\uFEFF${CSV_COLUMNS.map(csvCell).join(",")}\r\n`;
  let from: Position | null = null;
  for (;;) {
    // A batch's read, its record and its lines are one paced step (EXPORT_SHARE): pages keep most of the time.
    const { lines, last, full } = await exportPace.step(async () => {
      const batch: CsvRow[] = await readInOrder(db, CSV_FIELDS, where, order, { from, limit: CSV_PAGE_SIZE });
      if (beforeBatch) await beforeBatch(batch.map((r) => r.id));
      return { lines: batch.map((r) => csvLine(r, now)), last: batch.at(-1), full: batch.length === CSV_PAGE_SIZE };
    });
    yield* lines;
    if (!full || !last) return;
    from = last;
  }
}

function csvLine(r: CsvRow, now: Date): string {
  const stage = stageRef(r.stageId);
  // The CSV is read by people: the stage waiting for a decision (else the current one) by its name in the default language.
  const shown = r.openStageId ?? r.stageId;
  return `${[
    csvCell(r.registrationNumber),
    csvCell(r.name),
    csvCell(r.email),
    csvCell(r.jalurId),
    csvCell(shown === null ? null : (stageName(shown) ?? String(shown))),
    csvCell(statusLabel({ status: r.status, is_submitted: r.isSubmitted, tahap: stage }).label),
    csvCell(r.submittedAt ? wibDate(r.submittedAt) : null),
    csvCell(r.deadlineAt ? wibDate(r.deadlineAt) : null),
    csvCell(daysLeft(r.deadlineAt, now)),
  ].join(",")}\r\n`;
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
export async function reviewDetail(db: Database, role: number, id: string, now = new Date(), reader?: Reader) {
  const app = await visibleApplication(db, role, id);
  // A reader's view is recorded beside the reads (docs/decisions/026-access-log.md); a decision's answer is not.
  const recorded = reader ? recordAccess(db, reader, "DETAIL", applicationTarget(app)) : undefined;
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
    recorded,
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
      items: achievementRows.map(({ a, typeName }) => ({
        type_code: a.typeCode,
        type_name: typeName,
        title: a.title,
        year: a.year,
        description: a.description,
      })),
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
