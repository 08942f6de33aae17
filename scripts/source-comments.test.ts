import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A comment says why the code is as it is, in words that outlive the tracker: none cites an issue
// number (the word "issue" and a number); the reason goes in the comment, or in docs/decisions/.

const ROOT = path.resolve(__dirname, "..");
const FOLDERS = ["app", "api", "server", "domain", "scripts", "tests", "contracts", "locales", "bench"];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) return [];
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(ts|tsx|mjs|js)$/.test(name) ? [file] : [];
  });
}

describe("source comments", () => {
  it("cite no tracker number", () => {
    const citing = [...FOLDERS.flatMap((f) => sources(path.join(ROOT, f))), path.join(ROOT, "server.ts")].flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, i) => ({ line, at: `${path.relative(ROOT, file)}:${i + 1}` }))
        .filter(({ line }) => /\b[Ii]ssues? #?\d+\b/.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(citing).toEqual([]);
  });
});

describe("decision records", () => {
  it("each carries a Date and a Status line under its title", () => {
    const dir = path.join(ROOT, "docs/decisions");
    const missing = readdirSync(dir)
      .filter((f) => /^\d{3}-.*\.md$/.test(f))
      .filter((f) => {
        const head = readFileSync(path.join(dir, f), "utf8").split("\n").slice(0, 6).join("\n");
        return !/^Date: \d{4}-\d{2}-\d{2}\s*$/m.test(head) || !/^Status: (Accepted|Superseded|Proposed)\b/m.test(head);
      });
    expect(missing).toEqual([]);
  });
});
