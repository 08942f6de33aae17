import { describe, expect, it } from "vitest";
import { DEMO_APPLICATIONS } from "../../api/seed/applications";
import { STAGES } from "#domain/workflow";
import { CATALOGUE, HEAVIEST_DEMO_FILE } from "./catalogue";

// The page-weight budgets (tests/e2e/reach.spec.ts) weigh a review file's pages on one fixed demo file, the
// heaviest by construction, never on whatever another test left first in a list.

describe("the file the reach checks weigh", () => {
  const heaviest = DEMO_APPLICATIONS.filter((a) => a.applicant.name === HEAVIEST_DEMO_FILE);

  it("is one demo file, submitted, with a decision at every stage of its path: every staff role sees it", () => {
    expect(heaviest).toHaveLength(1);
    const [file] = heaviest;
    expect(file.submittedDaysAgo).toBeDefined();
    const path = STAGES.filter((s) => s.jalur === file.jalur);
    expect(file.decisions).toHaveLength(path.length);
    expect(file.decisions.slice(0, -1).every((d) => d.decision === "PASSED")).toBe(true);
  });

  it("has the longest timeline of the demo files, and its notes", () => {
    const [file] = heaviest;
    const longest = Math.max(...DEMO_APPLICATIONS.map((a) => a.decisions.length));
    expect(file.decisions.length).toBe(longest);
    expect(file.decisions.some((d) => d.note && d.internalNote)).toBe(true);
  });

  it("is where every review detail page of the catalogue is weighed, but the one that needs a decision form", () => {
    const details = CATALOGUE.flatMap((v) => v.pages.map((p) => ({ ...p, who: v.who }))).filter((p) => /^\/application(-list)?(\?|$)/.test(p.path) && p.follow);
    const elsewhere = details
      .filter((p) => !p.path.includes(`q=${encodeURIComponent(HEAVIEST_DEMO_FILE)}`))
      .map((p) => `${p.who} ${p.path} ${p.invalid ?? ""}`);
    expect(elsewhere).toEqual(['kolegium /application form[id^="decision-"]']);
    expect(details.length).toBeGreaterThanOrEqual(6);
  });
});
