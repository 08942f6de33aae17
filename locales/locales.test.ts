import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALE } from "#domain/constants";
import { i18nBaseConfig } from "~/i18n";

// Spec §1/§9: Indonesian first, English as the fallback. A key that exists in one locale only shows as
// a raw key (or as the other language) in the one that lacks it, and a text whose {{variables}} differ
// from its translation loses a value. So both locales hold every namespace, every key, and the same
// interpolation variables under each key.

const ROOT = __dirname;
const [ID, EN] = LOCALE.SUPPORTED;
/** The folder of each locale under locales/ (English is stored as `en`, served as en-US). */
const DIR: Record<string, string> = { [ID]: "id", [EN]: "en" };

/**
 * Namespaces read through their own module, not the portal's i18next: the mails (api/services/mail.ts), the
 * API's error and validation codes (domain/api-errors.ts, domain/validation-details.ts, read by the API and by
 * the portal's API client), the document requirements' names and help texts (domain/documents.ts) and the
 * data download's index.html (api/services/data-rights/data-export.ts).
 */
const API_ONLY = ["documents", "errors", "export", "letter", "mail"];

type Texts = Record<string, unknown>;

/** Every leaf of a nested translation object, by its dotted key path. */
function leaves(value: unknown, prefix = "", out = new Map<string, unknown>()): Map<string, unknown> {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

/** The interpolation variables of a text, `{{name}}` or `{{name, format}}`, sorted and deduplicated. */
function variables(text: unknown): string[] {
  if (typeof text !== "string") return [];
  return [...new Set([...text.matchAll(/\{\{\s*([^\s},]+)[^}]*\}\}/g)].map((m) => m[1]))].sort();
}

const namespaces = (lng: string) =>
  readdirSync(path.join(ROOT, DIR[lng]))
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -5))
    .sort();
const load = (lng: string, ns: string): Texts => JSON.parse(readFileSync(path.join(ROOT, DIR[lng], `${ns}.json`), "utf8")) as Texts;

/** The differences between two locales' namespaces, as readable lines; empty when they agree. */
export function differences(ns: string, id: Texts, en: Texts): string[] {
  const a = leaves(id);
  const b = leaves(en);
  const out: string[] = [];
  for (const key of a.keys()) if (!b.has(key)) out.push(`${ns}:${key} is missing in ${EN}`);
  for (const key of b.keys()) if (!a.has(key)) out.push(`${ns}:${key} is missing in ${ID}`);
  for (const [key, text] of a) {
    if (!b.has(key)) continue;
    const other = b.get(key);
    if (typeof text !== typeof other) out.push(`${ns}:${key} is a ${typeof text} in ${ID} but a ${typeof other} in ${EN}`);
    else if (variables(text).join() !== variables(other).join()) {
      out.push(`${ns}:${key} uses {{${variables(text).join(", ")}}} in ${ID} but {{${variables(other).join(", ")}}} in ${EN}`);
    }
  }
  return out;
}

describe("both locales hold the same texts", () => {
  it("has the same namespaces in both locales, each one declared in the portal's i18n config or read by the API", () => {
    expect(namespaces(EN)).toEqual(namespaces(ID));
    expect(namespaces(ID)).toEqual([...i18nBaseConfig.ns, ...API_ONLY].sort());
  });

  for (const ns of namespaces(ID)) {
    it(`${ns}: every key and every {{variable}} in both`, () => {
      expect(differences(ns, load(ID, ns), load(EN, ns))).toEqual([]);
    });
  }

  it("notices a missing nested key and a differing variable", () => {
    expect(differences("x", { a: { b: "Halo {{name}}", c: "C" } }, { a: { b: "Hello {{user}}" }, d: "D" })).toEqual([
      "x:a.c is missing in en-US",
      "x:d is missing in id",
      "x:a.b uses {{name}} in id but {{user}} in en-US",
    ]);
  });
});
