import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import common from "#locales/id/common.json";

// The texts a person reads live in the locale files (locales/), where both languages are held to
// the same keys (locales/locales.test.ts). So a route or component writes none inline: no JSX text,
// no `{"literal"}` child and no literal in an attribute a person reads or hears; and server code
// gives no toast or error answer inline. What is not a text (a brand mark, a unit) is allowed here,
// by file, one by one.
// Only sources are read here: a text that reaches a page in a variable (a loader's data, a server
// module's string, an API answer) is caught by app/loader-language.test.ts, which runs every page's
// loaders in English.

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
const READ_ATTRIBUTES = new Set([
  "label",
  "legend",
  "hint",
  "heading",
  "placeholder",
  "title",
  "alt",
  "aria-label",
  "aria-description",
  "aria-placeholder",
  "aria-roledescription",
]);

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

/** HTTP reason phrases as a thrown Response's body: the error boundary shows its own words, not these. */
const REASON_PHRASES = new Set(["Not Found", "Bad Request", "Forbidden"]);

/** Calls whose arguments after the first (the address) are a toast's words. */
const TOAST_CALLS = new Set(["redirectWithToast"]);
/** Properties whose value is a message a person reads: a toast, an error answer. */
const MESSAGE_PROPERTIES = new Set(["message", "error", "toast", "successToast", "successReuploadToast"]);

/** The literal (or the literal parts of a template) of an expression, when it has letters. */
function literalText(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  if (ts.isConditionalExpression(node)) return literalText(node.whenTrue) ?? literalText(node.whenFalse);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return hasLetters(node.text) ? node.text : undefined;
  if (ts.isTemplateExpression(node)) {
    const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join("…");
    return hasLetters(parts) ? parts : undefined;
  }
  return undefined;
}

/**
 * The inline messages of server code: a toast's words given to redirectWithToast, a `message`/`toast`
 * property, and the body of a `new Response(…)` a person reads (a 404 or 503 page in plain text).
 */
export function serverMessages(fileName: string, text: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && TOAST_CALLS.has(node.expression.text)) {
      for (const arg of node.arguments.slice(1, 2)) {
        const literal = literalText(arg);
        if (literal) found.push(literal);
      }
    }
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "Response") {
      const literal = literalText(node.arguments?.[0]);
      if (literal) found.push(literal);
    }
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && MESSAGE_PROPERTIES.has(node.name.text)) {
      const literal = literalText(node.initializer);
      if (literal) found.push(literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS));
  return found.filter((message) => !REASON_PHRASES.has(message));
}

/** Every module of the portal but its tests: server helpers (*.server.ts), resource routes and pages. */
function modules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return modules(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
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

describe("server code writes no message inline", () => {
  const files = modules(__dirname);

  it("finds the server helpers", () => {
    expect(files.filter((file) => file.endsWith(".server.ts")).length).toBeGreaterThan(15);
  });

  it("takes every toast and error text a person reads from the locale files", () => {
    const inline: Record<string, string[]> = {};
    for (const file of files) {
      const texts = serverMessages(file, readFileSync(file, "utf8"));
      if (texts.length > 0) inline[path.relative(__dirname, file)] = texts;
    }
    expect(inline).toEqual({});
  });

  it("notices a toast's words, a message property and a Response body, not a key or an address", () => {
    const source = [
      'redirectWithToast("/x", `Akun ${name} dibuat.`);',
      'redirectWithToast("/x", t("toast.saved"));',
      'toastCookie({ severity: "success", message: "Tersimpan." });',
      'throw new Response("Tidak ditemukan.", { status: 404 });',
      'throw new Response("Not Found", { status: 404 });',
    ].join("\n");
    expect(serverMessages("a.server.ts", source)).toEqual(["Akun … dibuat.", "Tersimpan.", "Tidak ditemukan."]);
  });
});
