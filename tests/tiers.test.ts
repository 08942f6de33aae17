import { existsSync, readdirSync, readFileSync } from "node:fs";
import playwrightConfig from "../playwright.config";
import { describe, expect, it } from "vitest";
import { FAST_DIRS, FAST_FILES, NEEDS_API } from "./tiers";

// The fast tier's promise (docs/dev/tests.md, "Which tests to run when"): no API on a database, no listening socket, no
// child process, no browser. A test file under domain/, locales/ or app/ that breaks it belongs in NEEDS_API.

const HEAVY = [
  ["starts the API", /\b(createTestApi|startApi)\b/],
  ["opens a database", /\b(openDatabase|throwawayDatabase|PGlite)\b/],
  ["listens on a port", /\.listen\(|\bcreateServer\(|\bs3rver\b|smtp-server/i],
  ["starts a process", /\b(spawn|spawnSync|execFile|execFileSync|fork)\(/],
  ["drives a browser", /@playwright|chromium/i],
] as const;

const fastFiles = () => [
  ...FAST_DIRS.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => `${dir}/${file}`),
  ).filter((file) => !(NEEDS_API as readonly string[]).includes(file)),
  ...FAST_FILES.filter((file) => file !== "tests/tiers.test.ts"),
];

describe("the fast tier (tests/tiers.ts)", () => {
  it("names only files that exist", () => {
    expect([...FAST_FILES, ...NEEDS_API].filter((file) => !existsSync(file))).toEqual([]);
  });

  it("starts no API, database, server, process or browser", () => {
    const files = fastFiles();
    expect(files.length).toBeGreaterThan(60);
    const offenders = files.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return HEAVY.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${file} ${what}`);
    });
    expect(offenders).toEqual([]);
  });
});

describe("end-to-end retries", () => {
  it("are none, in CI too; a flaky test is fixed or quarantined: at most three, each with a reason and a date to leave by", () => {
    expect(playwrightConfig.retries).toBe(0);
    const rows = readFileSync("tests/e2e/QUARANTINE.md", "utf8")
      .split("\n")
      .filter((line) => line.startsWith("|") && !/^\|\s*(test|-+)\s*\|/.test(line));
    expect(rows.length, "quarantined tests").toBeLessThanOrEqual(3);
    for (const row of rows) {
      const [test, why, leaves] = row
        .split("|")
        .slice(1, 4)
        .map((cell) => cell.trim());
      expect(test && why, row).toBeTruthy();
      expect(leaves, `${row}: a date (YYYY-MM-DD) to leave by`).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(Date.parse(leaves) >= Date.parse(new Date().toISOString().slice(0, 10)), `${test} was to leave by ${leaves}`).toBe(true);
    }
  });
});
