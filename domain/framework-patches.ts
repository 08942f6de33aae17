/**
 * The places where the portal reaches into a framework's internals for speed, each under one name, so
 * a measurement (bench/patches.mjs) or an operator can switch one off with FRAMEWORK_PATCHES_OFF, and
 * the README's "What an upgrade touches" lists them from here. A patch stays only while it saves at
 * least 5 % of a page's CPU (docs/decisions/023-speed.md); each has one test of its behaviour, named
 * below, which fails when the internal it leans on changes.
 *
 * Plain data and one reader of the environment: the API, the portal's server code and server/ import it
 * (as `#domain/framework-patches`); no page module does.
 */
export const FRAMEWORK_PATCHES = {
  "route-match-cache": {
    internal: "@remix-run/router matchRoutes",
    file: "server/route-match-cache.ts",
    test: "server/route-match-cache.test.ts",
  },
  "render-tree-cache": {
    internal: "@remix-run/react createServerRoutes, @remix-run/router UNSAFE_convertRoutesToDataRoutes",
    file: "server/render-tree-cache.ts",
    test: "server/render-tree-cache.test.ts",
  },
  "remembered-texts": {
    internal: "i18next t and getFixedT (a text without values answered from memory)",
    file: "app/entry.server.tsx",
    test: "app/entry.server.test.ts",
  },
  "shared-i18n-instance": {
    internal: "i18next instance per language with a per-request view; react-i18next reportNamespaces",
    file: "app/utils/i18n.server.ts",
    test: "app/utils/i18n.server.test.ts",
  },
  "language-hierarchies": {
    internal: "i18next languageUtils.toResolveHierarchy",
    file: "app/utils/i18n.server.ts",
    test: "app/utils/i18n.server.test.ts",
  },
  "json-handover": {
    internal: "Hono Context c.json, for in-process calls",
    file: "api/http/in-process.ts",
    test: "api/in-process.test.ts",
  },
  "lazy-handoff-stream": {
    internal: "@remix-run/server-runtime single-fetch encodeViaTurboStream (made when first read)",
    file: "server/document-pipeline.ts",
    test: "server/document-pipeline.test.ts",
  },
  "static-handler-match": {
    internal: "@remix-run/router createStaticHandler (query on the matched chain of routes)",
    file: "server/document-pipeline.ts",
    test: "server/document-pipeline.test.ts",
  },
  "whole-page-string": {
    internal: "react-dom/server renderToString for a page without hydration (its stream's pieces skipped), Remix's RemixServer rendered outside a stream",
    file: "app/entry.server.tsx",
    test: "app/entry.server.test.ts",
  },
} as const;

export type FrameworkPatch = keyof typeof FRAMEWORK_PATCHES;

export const FRAMEWORK_PATCH_NAMES = Object.keys(FRAMEWORK_PATCHES) as FrameworkPatch[];

/** The names in a FRAMEWORK_PATCHES_OFF value ("a,b"), and the ones that name no patch. */
export function parsePatchesOff(value: string | undefined): { off: Set<FrameworkPatch>; unknown: string[] } {
  const names = (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const known = new Set<string>(FRAMEWORK_PATCH_NAMES);
  return {
    off: new Set(names.filter((n): n is FrameworkPatch => known.has(n))),
    unknown: names.filter((n) => !known.has(n)),
  };
}

let off: Set<FrameworkPatch> | undefined;

/** Whether a patch is on in this process (read once from FRAMEWORK_PATCHES_OFF). */
export function patchOn(name: FrameworkPatch): boolean {
  off ??= parsePatchesOff(globalThis.process?.env.FRAMEWORK_PATCHES_OFF).off;
  return !off.has(name);
}

/** Tests: read FRAMEWORK_PATCHES_OFF again. */
export function rereadPatchesOff(): void {
  off = undefined;
}
