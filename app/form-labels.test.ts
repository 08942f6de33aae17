import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A page says a form's labels with t(), in the request's language. The domain's label constants are
// the Indonesian words of the API and the default schemas, read from the locale files: a page that
// imported them would show Indonesian whatever the language, and would carry a locale section in its
// browser bundle. Admin and CMS pages still import limits and helpers from their labels modules,
// which read only the locale file's `fields` key (a named import, so the bundle holds that key).

const LABELS_WITH_LOCALE_SECTIONS = ["accounts", "additional", "applicant", "facility", "profile", "registration", "review"];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) ? [file] : [];
  });
}

describe("form labels on pages", () => {
  const files = sources(__dirname);

  it("finds the pages", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it("come from t(), not from a domain labels module", () => {
    const pattern = new RegExp(`from\\s+["']#domain/forms/(${LABELS_WITH_LOCALE_SECTIONS.join("|")})\\.labels["']`);
    const offending = files.filter((file) => pattern.test(readFileSync(file, "utf8"))).map((file) => path.relative(__dirname, file));
    expect(offending).toEqual([]);
  });

  it("the domain's labels modules import locale keys by name, never a whole locale file", () => {
    const dir = path.join(__dirname, "..", "domain", "forms");
    const whole = readdirSync(dir)
      .filter((name) => name.endsWith(".labels.ts"))
      .filter((name) => /import\s+\w+\s+from\s+["']#locales\//.test(readFileSync(path.join(dir, name), "utf8")));
    expect(whole).toEqual([]);
  });
});
