import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import common from "#locales/id/common.json";

// The texts a person reads live in the locale files (locales/), where both languages are held to
// the same keys (locales.test.ts). So a route or component writes none inline: no JSX text, no
// `{"literal"}` child and no literal in an attribute a person reads or hears. What is not a text
// (a brand mark, a unit) is allowed here, by file, one by one.

const ALLOWED: Record<string, readonly string[]> = {
  // The logo's mark, hidden from assistive technology; the product name beside it comes from t().
  "routes/layouts/plain.tsx": ["LLN"],
  "components/Navbar.tsx": ["LLN"],
  // A unit after a number.
  "routes/resources/evaluation-requirements.tsx": ["MB"],
  // spec §8: the last-resort screen when showing the error page itself failed must not depend on
  // i18n; its words are the locale's, checked below.
  "components/ErrorScreen.tsx": [common.error.fallback, common.error.fallbackLink],
};

/** Attributes whose value is read or heard: labels, hints, placeholders, titles, alternatives. */
const READ_ATTRIBUTES = new Set(["label", "legend", "hint", "heading", "placeholder", "title", "alt", "aria-label", "aria-description", "aria-placeholder", "aria-roledescription"]);

const hasLetters = (text: string) => /\p{L}/u.test(text);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) ? [file] : [];
  });
}

/** The inline texts of a .tsx file. */
export function inlineTexts(fileName: string, text: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasLetters(node.text)) found.push(node.text.trim().replace(/\s+/g, " "));
    if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText();
      const init = node.initializer;
      const literal = ts.isStringLiteral(init)
        ? init
        : ts.isJsxExpression(init) && init.expression && (ts.isStringLiteral(init.expression) || ts.isNoSubstitutionTemplateLiteral(init.expression))
          ? init.expression
          : undefined;
      if (literal && READ_ATTRIBUTES.has(name) && hasLetters(literal.text)) found.push(literal.text);
    } else if (
      ts.isJsxExpression(node) &&
      !ts.isJsxAttribute(node.parent) &&
      node.expression &&
      (ts.isStringLiteral(node.expression) || ts.isNoSubstitutionTemplateLiteral(node.expression)) &&
      hasLetters(node.expression.text)
    ) {
      found.push(node.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX));
  return found;
}

describe("routes and components write no text inline", () => {
  const files = [...sources(path.join(__dirname, "routes")), ...sources(path.join(__dirname, "components"))];

  it("finds the routes and components", () => {
    expect(files.length).toBeGreaterThan(80);
  });

  it("takes every text a person reads from the locale files", () => {
    const inline: Record<string, string[]> = {};
    for (const file of files) {
      const name = path.relative(__dirname, file);
      const allowed = new Set(ALLOWED[name] ?? []);
      const texts = inlineTexts(file, readFileSync(file, "utf8")).filter((t) => !allowed.has(t));
      if (texts.length > 0) inline[name] = texts;
    }
    expect(inline).toEqual({});
  });

  it("notices JSX text, a literal child and a read attribute, not a class name", () => {
    const source = `const A = () => <p className="x" title="Judul">Halo {"dunia"} {t("ok")}<img alt="" /></p>;`;
    expect(inlineTexts("a.tsx", source)).toEqual(["Judul", "Halo", "dunia"]);
  });
});
