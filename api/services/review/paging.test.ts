import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, users } from "../../db/schema";
import type { Database } from "../../db/client";
import { type ApiQuery, createTestApi, expectError, type TestApi, typedRequest } from "../../test/helpers";
import { tag } from "../../test/journeys";
import { applicationCsv, CSV_PAGE_SIZE, PAGE_SIZE } from "./review";
import { CURSOR_REACH, decodeCursor, encodeCursor, listOrder } from "./paging";

// Deep pages and the CSV export at any size (docs/decisions/025-capacity.md): a page reached by a pager
// link and every batch of an export are read from the row where the last read ended, never counted
// from the first row; a page number typed by hand is counted from the nearer end.

let api: TestApi;
let superadmin: string;
const bulk = tag();
const ROWS = 610; // 25 pages, three batches of the export
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  api = await createTestApi();
  superadmin = (await api.login("superadmin@adaptasi.test")).token;
  const people = await api.db
    .insert(users)
    .values(Array.from({ length: ROWS }, (_, i) => ({ email: `dalam.${bulk}.${i}@contoh.id`, passwordHash: "x", fullName: "Pengguna Uji", roleId: 3 })))
    .returning({ id: users.id, email: users.email });
  const now = Date.now();
  // Ties everywhere (7 submission times, 100 names), a third without a deadline and a tenth still drafts
  // (role 1 sees them): the id breaks the ties, and the rows without a key are a range of their own.
  const at = (i: number) => new Date(now - (i % 7) * DAY);
  await api.db.insert(applications).values(
    people.map((p, i) => {
      const draft = i % 10 === 9;
      return {
        applicantUserId: p.id,
        submittedByUserId: p.id,
        jalurId: "REG" as const,
        isSubmitted: !draft,
        status: draft ? null : ("IN-PROGRESS" as const),
        stageId: draft ? null : 1,
        submittedAt: draft ? null : at(i),
        stageStartedAt: draft ? null : at(i),
        openStageId: draft ? null : 1,
        reachedStages: draft ? [] : [1],
        deadlineAt: draft || i % 3 === 0 ? null : new Date(at(i).getTime() + 14 * DAY),
        applicantName: `${bulk} ${String(i % 100).padStart(3, "0")}`,
        applicantEmail: p.email,
      };
    }),
  );
});
afterAll(() => api?.close());

type Page = { data: Array<{ id: string }>; meta: { page: number; pages: number; total: number }; cursors: { before: string | null; after: string | null } };

async function page(query: ApiQuery<"GET", "/review/applications">): Promise<Page> {
  const res = await typedRequest(api, "GET", "/review/applications", { query, token: superadmin });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

/** Every statement the database is sent while `work` runs, with its parameters and the rows it returned. */
async function statementsOf<T>(db: Database, work: () => Promise<T>) {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<{ rows?: unknown[] }> } }).$client;
  const original = client.query;
  const seen: Array<{ text: string; params: unknown[]; rows: number }> = [];
  client.query = async function (this: unknown, ...args: unknown[]) {
    const result = await original.apply(this, args);
    const [q, params] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    seen.push({ text: typeof q === "string" ? q : q.text, params: params ?? (typeof q === "string" ? [] : (q.values ?? [])), rows: result.rows?.length ?? 0 });
    return result;
  };
  try {
    return { result: await work(), statements: seen };
  } finally {
    client.query = original;
  }
}

/** The value the statement gives its OFFSET (drizzle sends it as the last parameter), or null without one. */
function offsetOf(s: { text: string; params: unknown[] }): number | null {
  const m = /\boffset \$(\d+)/i.exec(s.text);
  return m ? Number(s.params[Number(m[1]) - 1]) : null;
}

const ORDERS = [
  {}, // the "all" tab's default: newest submission first
  { sort: "submitted", dir: "asc" },
  { sort: "deadline", dir: "asc" },
  { sort: "deadline", dir: "desc" },
  { sort: "name", dir: "asc" },
  { sort: "name", dir: "desc" },
];

describe("list pages", () => {
  it.each(ORDERS)("a pager's links read the pages before and after from where this one starts or ends: the rows of the page numbers (%o)", async (order) => {
    const query = { tab: "all", q: bulk, ...order };
    const first = await page(query);
    expect(first.meta).toMatchObject({ total: ROWS, pages: Math.ceil(ROWS / PAGE_SIZE) });
    const pages = first.meta.pages;
    const byNumber: string[][] = [first.data.map((r) => r.id)];
    for (let n = 2; n <= pages; n++) byNumber.push((await page({ ...query, page: n })).data.map((r) => r.id));
    expect(new Set(byNumber.flat()).size).toBe(ROWS);

    // Forward, each page from the one before it; then back from the last.
    let at = first;
    for (let n = 2; n <= pages; n++) {
      at = await page({ ...query, page: n, cursor: at.cursors.after! });
      expect(
        at.data.map((r) => r.id),
        `page ${n} after page ${n - 1}`,
      ).toEqual(byNumber[n - 1]);
    }
    expect(at.cursors.after).toBeNull();
    for (let n = pages - 1; n >= 1; n--) {
      at = await page({ ...query, page: n, cursor: at.cursors.before! });
      expect(
        at.data.map((r) => r.id),
        `page ${n} before page ${n + 1}`,
      ).toEqual(byNumber[n - 1]);
    }
    expect(at.cursors.before).toBeNull();

    // The pager's window: two pages either way of page 12.
    const p12 = await page({ ...query, page: 12 });
    expect((await page({ ...query, page: 14, cursor: p12.cursors.after! })).data.map((r) => r.id)).toEqual(byNumber[13]);
    expect((await page({ ...query, page: 10, cursor: p12.cursors.before! })).data.map((r) => r.id)).toEqual(byNumber[9]);
  });

  it("reads a deep page from its link without an OFFSET, in one index range from the row the cursor names", async () => {
    const query = { tab: "all", q: bulk, sort: "deadline" };
    const p8 = await page({ ...query, page: 8 });
    expect(decodeCursor(p8.cursors.after!)!.key).not.toBeNull(); // among the files with a deadline
    const expected = (await page({ ...query, page: 9 })).data.map((r) => r.id);
    const { result, statements } = await statementsOf(api.db, () => page({ ...query, page: 9, cursor: p8.cursors.after! }));
    expect(result.data.map((r) => r.id)).toEqual(expected);
    const reads = statements.filter((s) => /from "applications"/i.test(s.text) && !/count\(/i.test(s.text));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.map(offsetOf).filter((o) => o !== null)).toEqual([]);
    expect(reads.some((s) => /\("applications"\."deadline_at", "applications"\."id"\) > \(\$\d+::timestamptz, \$\d+::uuid\)/.test(s.text))).toBe(true);
    expect(Math.max(...reads.map((s) => s.rows))).toBeLessThanOrEqual(PAGE_SIZE);
  });

  it("counts a page number typed by hand from the nearer end of the list", async () => {
    const query = { tab: "all", q: bulk };
    let at = await page(query);
    for (let n = 2; n <= 24; n++) at = await page({ ...query, page: n, cursor: at.cursors.after! });
    const { result, statements } = await statementsOf(api.db, () => page({ ...query, page: 24 }));
    expect(result.data.map((r) => r.id)).toEqual(at.data.map((r) => r.id));
    // 575 rows before page 24, 10 after it: the page is read walking back past 10, not forward past 575.
    expect(statements.map(offsetOf).filter((o) => o !== null)).toEqual([ROWS - 24 * PAGE_SIZE]);
    const last = await statementsOf(api.db, () => page({ ...query, page: 25 }));
    expect(last.result.data).toHaveLength(ROWS - 24 * PAGE_SIZE);
    expect(Math.max(0, ...last.statements.map((s) => offsetOf(s) ?? 0))).toBe(0);
  });

  it("reads a page typed in the middle of a long list from the list's anchor once it has them: an index position and at most CURSOR_REACH − 1 pages past it, no OFFSET", async () => {
    const query = { tab: "all", q: bulk, sort: "name", dir: "asc" };
    let at = await page(query);
    const byLink: string[][] = [at.data.map((r) => r.id)];
    for (let n = 2; n <= 13; n++) {
      at = await page({ ...query, page: n, cursor: at.cursors.after! });
      byLink.push(at.data.map((r) => r.id));
    }
    // Page 13: 300 rows before it, 285 after. The first typed read counts from the nearer end and asks for
    // the list's anchors beside it; a later one reads from the anchor of page 10.
    let typed = await statementsOf(api.db, () => page({ ...query, page: 13 }));
    expect(typed.result.data.map((r) => r.id)).toEqual(byLink[12]);
    for (let tries = 0; tries < 50 && typed.statements.some((s) => offsetOf(s) !== null); tries++) {
      typed = await statementsOf(api.db, () => page({ ...query, page: 13 }));
    }
    expect(typed.result.data.map((r) => r.id)).toEqual(byLink[12]);
    const reads = typed.statements.filter((s) => /from "applications"/i.test(s.text) && !/count\(/i.test(s.text));
    expect(reads.map(offsetOf).filter((o) => o !== null)).toEqual([]);
    expect(reads.some((s) => /\("applications"\."applicant_name", "applications"\."id"\) > \(\$\d+::text, \$\d+::uuid\)/.test(s.text))).toBe(true);
    expect(Math.max(...reads.map((s) => s.rows))).toBeLessThanOrEqual((CURSOR_REACH - 1) * PAGE_SIZE + PAGE_SIZE);
    // Page 12 from the same anchor, one page past it; page 11 right after it.
    expect((await page({ ...query, page: 12 })).data.map((r) => r.id)).toEqual(byLink[11]);
    expect((await page({ ...query, page: 11 })).data.map((r) => r.id)).toEqual(byLink[10]);
  });

  it("answers a bad page or cursor with a 400 naming it, or with the page by its number: never a 500", async () => {
    // Raw: pages and cursors the route's query refuses.
    const bad = async (query: string) =>
      (
        await expectError(await api.request(`/api/v1/review/applications?tab=all&q=${bulk}&${query}`, { token: superadmin }), 400, "VALIDATION_ERROR")
      ).error.details!.map((d) => d.path);
    expect(await bad("page=-1")).toEqual(["page"]);
    expect(await bad("page=99999999999")).toEqual(["page"]);
    expect(await bad("page=abc")).toEqual(["page"]);
    expect(await bad("page=2&cursor=%25%25garbled!")).toEqual(["cursor"]);
    expect(await bad(`page=2&cursor=${"A".repeat(100_000)}`)).toEqual(["cursor"]);
    expect(await bad(`page=2&cursor=${Buffer.from("bukan kursor").toString("base64url")}`)).toEqual(["cursor"]);
    const p1 = await page({ tab: "all", q: bulk, sort: "submitted" });
    const made = decodeCursor(p1.cursors.after!)!;
    expect(made).toMatchObject({ page: 1, toward: "after", order: "submitted.desc" });
    const forged = (changes: Record<string, unknown>) => encodeCursor({ ...made, ...changes } as never)!;
    // A time PostgreSQL would refuse, a key that is not text, an id that is not one.
    expect(await bad(`page=2&cursor=${forged({ key: "2026-02-30T10:00:00.000000Z" })}`)).toEqual(["cursor"]);
    expect(await bad(`page=2&cursor=${Buffer.from(JSON.stringify([1, 1, "a", "submitted.desc", made.scope, 42, made.id])).toString("base64url")}`)).toEqual([
      "cursor",
    ]);
    expect(await bad(`page=2&cursor=${forged({ id: "'; drop table applications; --" })}`)).toEqual(["cursor"]);

    // Past the end: an empty page of the right counts.
    expect(await page({ tab: "all", q: bulk, page: 999_999 })).toMatchObject({
      data: [],
      meta: { total: ROWS, pages: 25 },
      cursors: { before: null, after: null },
    });
    // A sound cursor of another order, search or page, or too far from its page, is left aside: the page number decides.
    const p3 = (await page({ tab: "all", q: bulk, page: 3 })).data.map((r) => r.id);
    const p13 = (await page({ tab: "all", q: bulk, page: 2 + CURSOR_REACH })).data.map((r) => r.id);
    const ids = async (query: Record<string, string | number>) => (await page({ tab: "all", q: bulk, ...query })).data.map((r) => r.id);
    expect(await ids({ page: 3, cursor: forged({ order: "name.asc", key: "zzz" }) })).toEqual(p3);
    expect(await ids({ page: 3, cursor: forged({ scope: "lain" }) })).toEqual(p3);
    expect(await ids({ page: 3, sort: "name", cursor: p1.cursors.after! })).toEqual(
      (await page({ tab: "all", q: bulk, page: 3, sort: "name" })).data.map((r) => r.id),
    );
    expect(await ids({ page: 1, cursor: p1.cursors.after! })).toEqual(p1.data.map((r) => r.id));
    expect(await ids({ page: 2 + CURSOR_REACH, cursor: p1.cursors.after! })).toEqual(p13);
  });
});

describe("CSV export", () => {
  it("reads CSV_PAGE_SIZE rows a statement, each batch from where the last ended, and only as far as it is read", async () => {
    const query = { tab: "all" as const, q: bulk, sort: "deadline" as const };
    const { result: lines, statements } = await statementsOf(api.db, async () => {
      const out: string[] = [];
      for await (const line of applicationCsv(api.db, 1, query)) out.push(line);
      return out;
    });
    expect(lines).toHaveLength(ROWS + 1);
    expect(new Set(lines).size).toBe(ROWS + 1);
    const reads = statements.filter((s) => /from "applications"/i.test(s.text));
    expect(reads.every((s) => s.rows <= CSV_PAGE_SIZE && offsetOf(s) === null)).toBe(true);
    // Every batch after the first starts where the last ended: an index range from (deadline, id),
    // or the range of files without a deadline after it.
    for (const s of reads.slice(1))
      expect(s.text).toMatch(/\("applications"\."deadline_at", "applications"\."id"\) > \(|"applications"\."deadline_at" is null/);
    // One statement a batch (and one more where the batches cross into the files without a deadline).
    expect(reads.length).toBeLessThanOrEqual(Math.ceil(ROWS / CSV_PAGE_SIZE) + 2);

    // The export holds one batch at a time: reading its first lines reads the first batch only,
    // and a client gone stops it.
    const partial = await statementsOf(api.db, async () => {
      const lines = applicationCsv(api.db, 1, query);
      for (let i = 0; i < 10; i++) await lines.next();
      await lines.return(undefined);
    });
    expect(partial.statements.filter((s) => /from "applications"/i.test(s.text)).map((s) => s.rows)).toEqual([CSV_PAGE_SIZE]);
  });

  it("reads every order the lists offer in batches without losing or repeating a row", async () => {
    for (const order of ORDERS) {
      const lines: string[] = [];
      for await (const line of applicationCsv(api.db, 1, { tab: "all", q: bulk, ...(order as object) })) lines.push(line);
      expect(lines).toHaveLength(ROWS + 1);
      expect(new Set(lines).size, JSON.stringify(order)).toBe(ROWS + 1);
    }
  });
});

describe("cursors", () => {
  it("carry a time to the microsecond and refuse one that is not a real time", () => {
    const order = listOrder("submitted", "desc");
    expect(order.validKey("2026-11-27T01:02:03.456789Z")).toBe(true);
    expect(order.validKey(null)).toBe(true);
    for (const key of ["2026-02-29T00:00:00.000000Z", "2026-11-27T24:00:00.000000Z", "2026-11-27 01:02:03+00", "2026-11-27T01:02:03.456Z", "x"]) {
      expect(order.validKey(key), key).toBe(false);
    }
    expect(listOrder("name", "asc").validKey("any text'); --")).toBe(true);
  });
});
