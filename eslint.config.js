// ESLint catches mistakes, not taste (issue 37): Prettier owns formatting, so no stylistic rule is on here.
// Every rule is an error, so `npm run lint` (and `npm test`, which runs it first) fails on any finding.
// - JavaScript's recommended correctness rules (unreachable code, a self-assignment, a duplicate key, an
//   unused import, …), with those TypeScript's compiler already checks turned off for .ts/.tsx.
// - Promises (type-aware): one neither awaited nor caught (`no-floating-promises`), and one handed where its
//   result is dropped (`no-misused-promises`: an async Express handler, whose rejection Express 4 leaves
//   unhandled — wrap it in server/errors.ts's passRejections; an async callback to `forEach`).
// - React hooks: called only at a component's top level, and effects/memos/callbacks name what they read.
// The type-aware rules read the program's types: `npm run lint` takes about 52 s of CPU here with them on the
// code that ships — app/, api/, server/, domain/, contracts/ — and 58 s with them on every file too (87 s
// before the typed seam's types were made cheaper). no-misused-promises holds on every file, tests included;
// no-floating-promises on the shipped code only (a test's deliberate fire-and-forget is not a leak).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const TS = ["**/*.ts", "**/*.tsx"];
const JS = ["**/*.js", "**/*.mjs", "**/*.cjs"];
const SHIPPED = ["app", "api", "server", "domain", "contracts"].flatMap((dir) => [`${dir}/**/*.ts`, `${dir}/**/*.tsx`]);
const TESTS = ["**/*.test.ts", "**/*.test.tsx", "**/test/**", "**/__tests__/**"];

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "build/",
      "build-*/",
      "public/",
      ".cache/",
      "data/",
      "test-results/",
      "playwright-report/",
      ".react-router/",
      "**/*.generated.ts",
      "api/db/migrations/",
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  {
    files: [...TS, ...JS],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Deliberate here: validation and file names refuse control characters by matching them.
      "no-control-regex": "off",
      // Taste: a run of spaces in a pattern matches an indentation on purpose.
      "no-regex-spaces": "off",
    },
  },
  {
    files: TS,
    extends: [tseslint.configs.eslintRecommended],
    plugins: { "@typescript-eslint": tseslint.plugin },
    languageOptions: { parser: tseslint.parser },
    rules: {
      // TypeScript's own checks cover these for .ts files; the JS rules misread overloads and type-only names.
      "no-redeclare": "off",
      "no-unused-vars": "off",
      // Taste, not a mistake.
      "prefer-const": "off",
    },
  },
  {
    files: TS,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Everywhere, tests included: a promise handed where its result is dropped is a bug in a test too (an
      // async callback to Playwright's page.on or to forEach runs unawaited, and its failure goes nowhere).
      // JSX attributes (onClick={async …}) are React's to call; a dropped promise there is the handler's own.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: SHIPPED,
    ignores: TESTS,
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
    },
  },
  {
    files: ["**/*.tsx", "app/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
);
