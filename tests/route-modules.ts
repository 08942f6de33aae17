// What the tests read from route modules' source: one definition, shared by the access matrix
// (tests/oracle/access.test.ts) and the every-form table (tests/e2e/every-form.spec.ts).

/** Whether a route module exports an action: declared in it, or re-exported (`export { action } from …`). */
export function exportsAction(source: string): boolean {
  return /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b|export\s*\{[^}]*\baction\b/.test(source);
}
