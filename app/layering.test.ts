import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The portal is sorted by feature: app/routes/<area>/ holds an area's pages, helpers and page-only
// components. What two areas share lives in a feature room, app/features/<feature>/ (the documents: their
// form, resumable client, check rows and server helpers; the facility's registrations; ...), which never
// reaches into an area. What every area uses sits below them, in app/components (shared UI) and app/utils
// (API client, auth, session, guards, i18n, settings), and so may reach up into neither.

const APP_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(APP_DIR);
const API_DIR = path.join(ROOT, "api");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Where a module specifier of `file` points, as a path under app/ ("routes/review/review.server"), or null outside app/. */
function target(file: string, spec: string): string | null {
  if (spec.startsWith("~/")) return spec.slice(2);
  if (!spec.startsWith(".")) return null;
  const abs = path.resolve(path.dirname(file), spec);
  return abs.startsWith(APP_DIR + path.sep) ? path.relative(APP_DIR, abs) : null;
}

/** What a source file of app/ imports, each as a path under app/ (imports from outside app/ left out). */
function appImports(file: string): string[] {
  return [...readFileSync(file, "utf8").matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)]
    .map((m) => target(file, m[1]))
    .filter((t): t is string => t !== null)
    .map((t) => t.split(path.sep).join("/"));
}

describe("portal layering", () => {
  it("app/components and app/utils never import from an area under app/routes or a room under app/features", () => {
    const offending = ["components", "utils"].flatMap((dir) =>
      sourceFiles(path.join(APP_DIR, dir)).flatMap((file) =>
        appImports(file)
          .filter((t) => t.startsWith("routes/") || t.startsWith("features/"))
          .map((t) => `${path.relative(APP_DIR, file)} → ${t}`),
      ),
    );
    expect(sourceFiles(path.join(APP_DIR, "utils")).length).toBeGreaterThan(5);
    expect(offending).toEqual([]);
  });

  it("an area's __ module is imported by its own area only: what two areas share lives in app/features, app/components or app/utils", () => {
    const offending = sourceFiles(APP_DIR).flatMap((file) => {
      const from = path.relative(APP_DIR, file).split(path.sep).join("/");
      return appImports(file)
        .filter((t) => {
          const area = /^routes\/([^/]+)\/__/.exec(t)?.[1];
          return area !== undefined && !from.startsWith(`routes/${area}/`);
        })
        .map((t) => `${from} → ${t}`);
    });
    expect(sourceFiles(path.join(APP_DIR, "routes")).length).toBeGreaterThan(50);
    expect(offending).toEqual([]);
  });

  it("a feature room under app/features never imports from an area under app/routes", () => {
    const offending = sourceFiles(path.join(APP_DIR, "features")).flatMap((file) =>
      appImports(file)
        .filter((t) => t.startsWith("routes/"))
        .map((t) => `${path.relative(APP_DIR, file)} → ${t}`),
    );
    expect(sourceFiles(path.join(APP_DIR, "features", "documents")).length).toBeGreaterThan(3);
    expect(offending).toEqual([]);
  });

  it("the portal never imports the API to run: only app/utils/api-types.ts names api/, with `import type` (its routes' types)", () => {
    const importsOfApi = sourceFiles(APP_DIR).flatMap((file) =>
      [
        ...readFileSync(file, "utf8").matchAll(
          /(?:^|\n)\s*(import\s+type\b|import\b|export\b)[^;]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']/g,
        ),
      ]
        .map((m) => ({ typeOnly: m[1] === "import type", spec: m[2] ?? m[3] }))
        .filter(({ spec }) => spec.startsWith("#api/") || (spec.startsWith(".") && path.resolve(path.dirname(file), spec).startsWith(API_DIR + path.sep)))
        .map(({ typeOnly, spec }) => `${path.relative(APP_DIR, file)} ${typeOnly ? "import type" : "imports"} ${spec}`),
    );
    expect(importsOfApi).toEqual(["utils/api-types.ts import type #api/app"]);
  });

  it("every call to the API is typed from its routes: none names its answer's type by hand (docs/decisions/030-typed-seam.md)", () => {
    // The old form, `context.api.call<{ data: T }>("GET", path)`, and the helpers that passed a hand-named
    // answer on. Types reject it too (the calls' type parameters are the method and path); this names the file.
    const untyped = /\.(?:call|upload|fetchRaw)\s*<|(?<!function\s)\b(?:getOrUnavailable|adminApi|adminLoad)\s*</;
    const files = [...sourceFiles(APP_DIR), ...sourceFiles(path.join(ROOT, "server"))];
    const offending = files.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, i) => [line, i + 1] as const)
        .filter(([line]) => untyped.test(line))
        .map(([line, n]) => `${path.relative(ROOT, file)}:${n}: ${line.trim()}`),
    );
    expect(offending).toEqual([]);
  });
});
