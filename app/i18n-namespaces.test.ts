import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { i18nBaseConfig } from "./i18n";

// The browser holds only the namespaces a page used and loads others on demand (decision 012). A
// component's `useTranslation(ns)` suspends until its namespaces are there, but a key written with
// another namespace's prefix (`t("applicant:jalur.REG")`) waits for nothing, and after a client
// navigation it would show as a raw key. So every prefixed namespace must be declared in a
// useTranslation call of the same file.

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    // Browser code only: entry.server renders on the server, where every namespace is loaded.
    return /\.tsx$/.test(name) && !/\.test\.tsx$|^entry\.server\.tsx$/.test(name) ? [file] : [];
  });
}

const NAMESPACES = i18nBaseConfig.ns.join("|");
const PREFIXED = new RegExp(`\\bt\\(\\s*[\`"'](${NAMESPACES}):`, "g");
const DECLARED = /useTranslation\(\s*(?:"([a-z]+)"|\[([^\]]*)\])?\s*\)/g;

describe("namespaces used by a prefix are declared where they are used", () => {
  const files = sources(path.join(__dirname));
  it("finds the components", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const prefixed = new Set([...text.matchAll(PREFIXED)].map((m) => m[1]));
    if (prefixed.size === 0) continue;
    it(path.relative(__dirname, file), () => {
      const declared = new Set<string>();
      for (const m of text.matchAll(DECLARED)) {
        if (m[1]) declared.add(m[1]);
        if (m[2]) for (const ns of m[2].matchAll(/"([a-z]+)"/g)) declared.add(ns[1]);
        if (!m[1] && !m[2]) declared.add("common");
      }
      expect([...prefixed].filter((ns) => !declared.has(ns))).toEqual([]);
    });
  }
});
