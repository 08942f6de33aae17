import { createHash } from "node:crypto";
import { and, asc, desc, gt, inArray, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { CURSOR_MAX_LENGTH, CURSOR_PATTERN, type DIRS, type SORTS } from "#domain/review-filters";
import type { Database } from "../../db/client";
import { applications } from "../../db/schema";
import { isUuid } from "../applications";

// Keyset reads of the review lists (docs/decisions/025-capacity.md): every read after a known row starts
// where that row stands in the order's index, (key, id) > (…, …), so a deep page and the last batch of a
// CSV export cost what the first does. OFFSET is left for a page number typed by hand, counted from the
// nearer end of the list.

type Sort = (typeof SORTS)[number];
type Dir = (typeof DIRS)[number];

const SORT_COLUMNS = {
  submitted: { column: applications.submittedAt, time: true },
  deadline: { column: applications.deadlineAt, time: true },
  name: { column: applications.applicantName, time: false },
} as const satisfies Record<Sort, { column: PgColumn; time: boolean }>;

/** A timestamp key as text, to the microsecond (a JavaScript Date keeps milliseconds only), in UTC. */
const TIME_KEY = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;
const timeKey = (column: PgColumn) => sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Each order's sort key as text, the form a Position carries. Formatting it costs: a read selects it for
 * the rows it returns only, never for rows an OFFSET walks past.
 */
export const SORT_KEYS = {
  submitted: timeKey(SORT_COLUMNS.submitted.column),
  deadline: timeKey(SORT_COLUMNS.deadline.column),
  name: sql<string | null>`${SORT_COLUMNS.name.column}`,
} as const satisfies Record<Sort, SQL<string | null>>;

/** Where a read starts: after the row with this sort key and id. */
export interface Position {
  key: string | null;
  id: string;
}

export interface ListOrder {
  sort: Sort;
  dir: Dir;
  /** `${sort}.${dir}` */
  name: string;
  /** ORDER BY of this order, or of its reverse. */
  orderBy(reverse?: boolean): SQL[];
  /** The row's sort key as text, the form a Position carries. */
  key: SQL<string | null>;
  /** Whether `key` may stand for this order's column (a cursor's key is read from a URL). */
  validKey(key: string | null): boolean;
  /**
   * The rows after `from` in this order (or in its reverse), as the conditions of one or two index
   * ranges read one after the other: an empty key (no deadline, a draft) sorts as the largest, so the
   * rows without a key are a range of their own at one end.
   */
  after(from: Position, reverse?: boolean): SQL[];
}

/** The order named `${sort}.${dir}` (as a cursor carries it), or null. */
export function orderNamed(name: string): ListOrder | null {
  const [sort, dir, ...rest] = name.split(".");
  if (rest.length || !Object.hasOwn(SORT_COLUMNS, sort) || (dir !== "asc" && dir !== "desc")) return null;
  return listOrder(sort as Sort, dir);
}

export function listOrder(sort: Sort, dir: Dir): ListOrder {
  const { column, time } = SORT_COLUMNS[sort];
  const cast = sql.raw(time ? "timestamptz" : "text");
  const id = applications.id;
  const ascending = (reverse: boolean) => (dir === "asc") !== reverse;
  return {
    sort,
    dir,
    name: `${sort}.${dir}`,
    orderBy: (reverse = false) => (ascending(reverse) ? [asc(column), asc(id)] : [desc(column), desc(id)]),
    key: SORT_KEYS[sort],
    // A name is any text (a parameter; a cursor's length is capped); a time must be one PostgreSQL reads.
    validKey: (key) => key === null || !time || validTimeKey(key),
    after({ key, id: at }, reverse = false) {
      const value = sql`${key}::${cast}`;
      if (ascending(reverse)) {
        // keyed rows, then the rows without a key
        return key === null ? [and(isNull(column), gt(id, at))!] : [sql`(${column}, ${id}) > (${value}, ${at}::uuid)`, isNull(column)];
      }
      // the rows without a key, then keyed rows
      return key === null ? [and(isNull(column), lt(id, at))!, isNotNull(column)] : [sql`(${column}, ${id}) < (${value}, ${at}::uuid)`];
    },
  };
}

function validTimeKey(key: string): boolean {
  const m = TIME_KEY.exec(key);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // 2026-02-30 or 25:00 would roll over (and PostgreSQL would refuse them): the parts must come back unchanged.
  return (
    y >= 1 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s
  );
}

/**
 * `limit` rows of `fields` (with the id and the sort key) matching `where`, in `order` (or its reverse),
 * after `from` when given and past `skip` rows. One statement per index range: one, or two where the
 * read crosses from the keyed rows into those without a key.
 */
export async function readInOrder<F extends Record<string, PgColumn | SQL>>(
  db: Database,
  fields: F,
  where: SQL | undefined,
  order: ListOrder,
  { from, skip = 0, limit, reverse = false }: { from?: Position | null; skip?: number; limit: number; reverse?: boolean },
): Promise<
  Array<
    {
      [K in keyof F]: F[K] extends SQL<infer T> ? T : F[K] extends PgColumn ? F[K]["_"]["data"] | (F[K]["_"]["notNull"] extends true ? never : null) : never;
    } & Position
  >
> {
  const ranges: Array<SQL | undefined> = from ? order.after(from, reverse) : [undefined];
  const out: Array<Record<string, unknown>> = [];
  for (const range of ranges) {
    const want = skip + limit - out.length;
    if (want <= 0) break;
    const rows = await db
      .select({ ...fields, id: applications.id, key: order.key })
      .from(applications)
      .where(and(where, range))
      .orderBy(...order.orderBy(reverse))
      .limit(want);
    out.push(...rows);
  }
  return out.slice(skip) as never;
}

// --- Cursors --------------------------------------------------------------------------------------
// A page's links to its neighbours carry where this page starts or ends, so the next page is read from
// there instead of counted from the first row. The page number stays the truth: a cursor is used only
// for the list, order and search it was made for, and for a page near the one it was made on; otherwise
// the page number alone decides.

/** How far (in pages) from the page it was made on a cursor still serves: the pager's window and more. */
export const CURSOR_REACH = 10;

export interface ListCursor extends Position {
  /** The page the cursor was made on. */
  page: number;
  /** "after": its last row, for the pages after it; "before": its first row, for the pages before it. */
  toward: "after" | "before";
  /** `${sort}.${dir}` */
  order: string;
  /** The role, tab, search and filters it was made for (scopeOf). */
  scope: string;
}

/** A short fingerprint of what a cursor's position is a position in. */
export function scopeOf(parts: readonly unknown[]): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("base64url").slice(0, 12);
}

/** The cursor as URL-safe text, or null when it would be longer than a cursor may be (a very long name). */
export function encodeCursor(c: ListCursor): string | null {
  const text = Buffer.from(JSON.stringify([1, c.page, c.toward === "after" ? "a" : "b", c.order, c.scope, c.key, c.id])).toString("base64url");
  return text.length <= CURSOR_MAX_LENGTH ? text : null;
}

/** The cursor in `text`, or null when it is not one this API made (garbled, edited, too long). */
export function decodeCursor(text: string): ListCursor | null {
  if (text.length > CURSOR_MAX_LENGTH || !CURSOR_PATTERN.test(text)) return null;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(parts) || parts.length !== 7) return null;
  const [version, page, toward, order, scope, key, id] = parts;
  if (version !== 1 || !Number.isSafeInteger(page) || page < 1 || (toward !== "a" && toward !== "b")) return null;
  if (typeof order !== "string" || typeof scope !== "string" || typeof id !== "string" || !isUuid(id)) return null;
  if (key !== null && typeof key !== "string") return null;
  const ordered = orderNamed(order);
  if (!ordered || !ordered.validKey(key)) return null;
  return { page, toward: toward === "a" ? "after" : "before", order, scope, key, id };
}

// --- Pages typed by hand ----------------------------------------------------------------------------
// A page number typed into the address has no cursor. Counted from the nearer end, a page in the middle
// of a long list still walks half of it. So the list keeps, for a while, where every CURSOR_REACH-th page
// ends (its anchors, one statement over the list's ids in order), and a typed page is read from the
// anchor before it, as a pager link's cursor would be: at most CURSOR_REACH − 1 pages past an index
// position. Like a cursor, an anchor may be up to ANCHORS_TTL_MS old: a typed page may then be off by the
// rows that moved meanwhile, as any page of a list that changes. The first typed page of a list reads as
// before, and asks for its anchors beside it.

/** How long a list's anchors serve typed pages. */
export const ANCHORS_TTL_MS = 60_000;
const ANCHOR_LISTS = 200;

/** The anchor a typed `page` is read from, and how many rows past it, or null when none serves it. */
export function anchoredRead(anchors: readonly Position[], page: number, pageSize: number): { from: Position; skip: number } | null {
  // anchors[i] is the last row of page (i + 1) × CURSOR_REACH
  const i = Math.floor((page - 1) / CURSOR_REACH) - 1;
  if (i < 0 || i >= anchors.length) return null;
  return { from: anchors[i], skip: (page - 1 - (i + 1) * CURSOR_REACH) * pageSize };
}

/** The last row of every CURSOR_REACH-th page of the rows matching `where` in `order`: two statements. */
export async function readAnchors(db: Database, where: SQL | undefined, order: ListOrder, pageSize: number): Promise<Position[]> {
  const step = CURSOR_REACH * pageSize;
  const numbered = db
    .select({ id: applications.id, n: sql<number>`row_number() over (order by ${sql.join(order.orderBy(), sql`, `)})`.as("n") })
    .from(applications)
    .where(where)
    .as("numbered");
  const ids = (
    await db
      .select({ id: numbered.id })
      .from(numbered)
      .where(sql`${numbered.n} % ${step} = 0`)
      .orderBy(numbered.n)
  ).map((r) => r.id);
  if (ids.length === 0) return [];
  const keys = new Map(
    (await db.select({ id: applications.id, key: order.key }).from(applications).where(inArray(applications.id, ids))).map((r) => [r.id, r.key]),
  );
  // a row gone between the two statements ends the anchors there: the pages after it read as before
  const positions: Position[] = [];
  for (const id of ids) {
    if (!keys.has(id)) break;
    positions.push({ id, key: keys.get(id) ?? null });
  }
  return positions;
}

const anchorLists = new WeakMap<object, Map<string, { at: number; positions?: Position[] }>>();

/**
 * The list's anchors when fresh ones are known; otherwise null, and `read` is started (once) so the next
 * typed page of the list has them.
 */
export function knownAnchors(db: Database, list: string, read: () => Promise<Position[]>, now = Date.now()): Position[] | null {
  let lists = anchorLists.get(db);
  if (!lists) anchorLists.set(db, (lists = new Map()));
  const known = lists.get(list);
  if (known && now - known.at < ANCHORS_TTL_MS) return known.positions ?? null; // fresh, or being read
  const entry: { at: number; positions?: Position[] } = { at: now };
  lists.delete(list);
  lists.set(list, entry);
  if (lists.size > ANCHOR_LISTS) lists.delete(lists.keys().next().value!);
  read().then(
    (positions) => (entry.positions = positions),
    () => lists.delete(list), // tried again by the next typed page
  );
  return null;
}
