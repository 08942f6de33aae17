// What the tests read from route modules' source: one definition, shared by the access matrix
// (tests/oracle/access.test.ts) and the every-form table (tests/e2e/every-form.spec.ts).

/** Whether a route module exports an action: declared in it, or re-exported (`export { action } from …`). */
export function exportsAction(source: string): boolean {
  return /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b|export\s*\{[^}]*\baction\b/.test(source);
}

/**
 * The route modules of app/routes.ts, as paths under app/routes ("accounts/login.tsx"), each once.
 * Pages sit in feature folders beside their helpers and page-only components, so a folder listing
 * would mix modules with the files they import; the route table is what says which are routes.
 */
export function routeModules(routesSource: string): string[] {
  const files = [...routesSource.matchAll(/"routes\/([^"]+\.tsx?)"/g)].map((m) => m[1]);
  return [...new Set(files)].sort();
}
