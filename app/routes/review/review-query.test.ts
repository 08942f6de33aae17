import { describe, expect, it } from "vitest";
import { pageWindow, parseListQuery, REVIEW_AREAS, tabsFor, toSearch } from "./__review-query";
import { daysLeft, stageProgress } from "~/utils/stage-progress";

const parse = (s: string, role = 2) => parseListQuery(new URLSearchParams(s), role);

describe("parseListQuery", () => {
  it("reads every filter and defaults the tab to 'needs my action'", () => {
    const { query, dropped } = parse("q=%20ADP-001%20&jalur=REG&stage=2&label=5&overdue=1&sort=name&dir=desc&page=3");
    expect(query).toEqual({ tab: "action", q: "ADP-001", jalur: "REG", stage: 2, label: 5, overdue: "1", sort: "name", dir: "desc", page: 3 });
    expect(dropped).toEqual([]);
  });

  it("drops values the API would refuse and names them, never throwing", () => {
    const { query, dropped } = parse("page=-1&jalur=XXX&stage=99&label=14&sort=evil&dir=up&tab=mine&overdue=yes");
    expect(query).toEqual({ tab: "action" });
    expect(dropped.sort()).toEqual(["dir", "jalur", "label", "overdue", "page", "sort", "stage", "tab"]);
    expect(parse("page=1e9&stage=1.5&label=0x3").dropped.sort()).toEqual(["label", "page", "stage"]);
  });

  it("ignores empty fields of the GET form and cuts a long search to 100 characters", () => {
    const { query, dropped } = parse(`q=${"a".repeat(150)}&jalur=&stage=&label=&sort=&dir=&page=1`);
    expect(query).toEqual({ tab: "action", q: "a".repeat(100) });
    expect(dropped).toEqual([]);
  });

  it("keeps a pager link's cursor, and drops a garbled or oversized one (hand-edited page values never break the page)", () => {
    expect(parse("page=7&cursor=WzEsNiwiYSJd").query).toEqual({ tab: "action", page: 7, cursor: "WzEsNiwiYSJd" });
    for (const bad of ["%25%25garbled!", "a b", "x".repeat(1001), "abc=="]) {
      const { query, dropped } = parse(`page=7&cursor=${encodeURIComponent(bad)}`);
      expect(query, bad).toEqual({ tab: "action", page: 7 });
      expect(dropped).toEqual(["cursor"]);
    }
    // A page number out of range reads as the first page, named.
    for (const page of ["-1", "99999999999", "abc", "0", "2.5"]) expect(parse(`page=${page}`), page).toEqual({ query: { tab: "action" }, dropped: ["page"] });
  });

  it("gives role 1 the 'all' tab only", () => {
    expect(tabsFor(1)).toEqual(["all"]);
    expect(parse("tab=action", 1).query.tab).toBe("all");
    expect(parse("tab=all", 4).query.tab).toBe("all");
  });
});

describe("toSearch", () => {
  it("keeps the filters, leaves out defaults and applies changes", () => {
    const query = { tab: "action" as const, q: "sari", jalur: "SPE" as const, page: 2 };
    expect(toSearch(query, {}, 2)).toBe("?q=sari&jalur=SPE&page=2");
    expect(toSearch(query, { page: 3 }, 2)).toBe("?q=sari&jalur=SPE&page=3");
    expect(toSearch(query, { tab: "all", page: undefined }, 2)).toBe("?tab=all&q=sari&jalur=SPE");
    expect(toSearch({ tab: "all" }, {}, 1)).toBe("");
  });

  it("carries a cursor only into the link it is given for", () => {
    const query = { tab: "all" as const, page: 7, cursor: "WzEsNiwiYSJd" };
    expect(toSearch(query, {}, 2)).toBe("?tab=all&page=7");
    expect(toSearch(query, { tab: "action", page: undefined }, 2)).toBe("");
    expect(toSearch(query, { page: 8, cursor: "QUJD" }, 2)).toBe("?tab=all&page=8&cursor=QUJD");
  });
});

describe("pageWindow", () => {
  it("shows the first, the last and the pages around the current one", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, null, 3, 4, 5, 6, 7, null, 10]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
  });
});

describe("REVIEW_AREAS", () => {
  it("matches the menu: /application for 1, 5, 6, 7 and /application-list for 2, 4", () => {
    expect(REVIEW_AREAS.adaptation.roles).toEqual([1, 5, 6, 7]);
    expect(REVIEW_AREAS.list.roles).toEqual([2, 4]);
  });
});

describe("daysLeft", () => {
  const now = new Date("2026-05-10T00:00:00Z");
  it("counts whole days away from zero, negative once the deadline passed", () => {
    expect(daysLeft("2026-05-12T02:00:00Z", now)).toBe(3);
    expect(daysLeft("2026-05-10T00:00:00Z", now)).toBe(0);
    expect(daysLeft("2026-05-09T23:00:00Z", now)).toBe(-1);
    expect(daysLeft(null, now)).toBeNull();
    expect(daysLeft("not a date", now)).toBeNull();
  });
});

describe("stageProgress", () => {
  const now = new Date("2026-05-10T00:00:00Z");
  const base = { is_submitted: true, stage_started_at: "2026-05-01T00:00:00Z", stage_deadline: null, holder_roles: null };
  it("while in progress: the stored stage, its holder and deadline", () => {
    const p = stageProgress({ ...base, status: "IN-PROGRESS", tahap: { id: 1 }, stage_deadline: "2026-05-15T00:00:00Z", holder_roles: [2, 4] }, now);
    expect(p).toEqual({ open: { id: 1 }, holder: [2, 4], deadline: "2026-05-15T00:00:00Z", daysLeft: 5, overdue: false });
  });
  it("after a pass: the next stage is open with its holder and its own clock", () => {
    // The API sends the open stage's deadline (kept on the row, moved by /sla-setting).
    const p = stageProgress({ ...base, status: "PASSED", tahap: { id: 1 }, stage_deadline: "2026-05-31T00:00:00.000Z" }, now);
    expect(p.open).toEqual({ id: 2 });
    expect(p.holder).toEqual([6]);
    expect(p.deadline).toBe("2026-05-31T00:00:00.000Z");
    expect(p.daysLeft).toBe(21);
    expect(stageProgress({ ...base, status: "PASSED", tahap: { id: 1 }, deadline_at: "2026-05-08T00:00:00Z" }, now)).toMatchObject({
      daysLeft: -2,
      overdue: true,
    });
  });
  it("a closed file has nothing open", () => {
    expect(stageProgress({ ...base, status: "PASSED", tahap: { id: 4 } }, now)).toMatchObject({ open: null, deadline: null, daysLeft: null });
    expect(stageProgress({ ...base, status: "FAILED", tahap: { id: 1 } }, now).open).toBeNull();
  });
});
