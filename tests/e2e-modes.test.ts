import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import playwrightConfig from "../playwright.config";
import { BOTH_MODES, JS_ONLY, NOJS_ONLY } from "./e2e/modes";

// tests/e2e/modes.ts decides which end-to-end specs run with JavaScript off, on, or both. Every spec is placed
// there on purpose (a new one fails here until it is), and playwright.config.ts's projects follow the lists.

const SPEC_DIR = "tests/e2e";
const specs = () => readdirSync(SPEC_DIR).filter((file) => file.endsWith(".spec.ts"));
const LISTS = { BOTH_MODES, JS_ONLY, NOJS_ONLY } as const;

type Pattern = string | RegExp | ReadonlyArray<string | RegExp> | undefined;
const matches = (pattern: Pattern, file: string, byDefault: boolean): boolean => {
  if (pattern === undefined) return byDefault;
  if (Array.isArray(pattern)) return pattern.some((p: string | RegExp) => matches(p, file, false));
  if (pattern instanceof RegExp) return pattern.test(file);
  throw new Error(`a glob (${String(pattern)}) in playwright.config.ts: this test reads regular expressions only`);
};

/** The projects that run a spec file, and whether each has JavaScript on. */
function projectsOf(file: string): Array<{ name: string; js: boolean }> {
  const full = path.resolve(SPEC_DIR, file);
  return (playwrightConfig.projects ?? [])
    .filter((p) => matches(p.testMatch as Pattern, full, true) && !matches(p.testIgnore as Pattern, full, false))
    .map((p) => ({ name: p.name!, js: p.use?.javaScriptEnabled !== false }));
}

describe("end-to-end specs with JavaScript off, on, or both (tests/e2e/modes.ts)", () => {
  it("names every spec file in exactly one list", () => {
    const unplaced = specs().filter((file) => Object.values(LISTS).filter((list) => file in list).length !== 1);
    expect(unplaced, "add each to BOTH_MODES, JS_ONLY or NOJS_ONLY in tests/e2e/modes.ts, with its reason").toEqual([]);
  });

  it("names only spec files that exist, each with a one-line reason", () => {
    const present = new Set(specs());
    for (const [name, list] of Object.entries(LISTS)) {
      for (const [file, reason] of Object.entries(list)) {
        expect(present.has(file), `${name}: ${file} is not in ${SPEC_DIR}`).toBe(true);
        expect(reason.trim().length > 0 && !reason.includes("\n"), `${name}: ${file}'s reason`).toBe(true);
      }
    }
  });

  it("the Playwright projects run each spec in the modes its list says, once in each", () => {
    const wrong = specs().flatMap((file) => {
      const runs = projectsOf(file);
      const nojs = runs.filter((r) => !r.js).length;
      const js = runs.filter((r) => r.js).length;
      const want = file in BOTH_MODES ? [1, 1] : file in JS_ONLY ? [0, 1] : [1, 0];
      return nojs === want[0] && js === want[1] ? [] : [`${file}: ${runs.map((r) => r.name).join(", ") || "no project"}`];
    });
    expect(wrong).toEqual([]);
  });
});
